// GET /en/flux/publications/{area}.atom — one area's latest publications as Atom, in English (lib/feeds).
import { atomResponse } from '@/lib/feeds/feeds';
import { perRequest } from '@/lib/http/per-request';

export async function GET(request: Request, { params }: { params: Promise<{ file: string }> }) {
  await perRequest();
  const match = /^([a-z0-9_]{1,60})\.atom$/.exec((await params).file);
  if (!match) return new Response('Feed not found.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  return atomResponse(request, 'publications', match[1]!, 'en');
}
