import 'server-only';
import { redirect } from 'next/navigation';
import { getSession } from './session';

/** The connected user, or a redirect to `/` (visitors never see admin data). */
export async function requireSession() {
  const session = await getSession();
  if (!session) redirect('/');
  return session;
}
