// GET /api/user/isConnected/me — the connected user (cookie or bearer token), or 401.
import { getSession } from '@/lib/auth/session';

export async function GET() {
  const session = await getSession();
  if (!session) return Response.json({ error: 'Non connecté.' }, { status: 401, headers: { 'Cache-Control': 'no-store' } });
  return Response.json({ user: session.user }, { headers: { 'Cache-Control': 'no-store' } });
}
