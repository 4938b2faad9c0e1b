// GET /en/flux/{actualites|publications|parutions}.atom — the site's Atom feeds in English (lib/feeds).
import { atomResponse } from '@/lib/feeds/feeds';
import { perRequest } from '@/lib/http/per-request';

export async function GET(request: Request, { params }: { params: Promise<{ file: string }> }) {
  await perRequest();
  const match = /^([a-z]{1,30})\.atom$/.exec((await params).file);
  if (!match) return new Response('Feed not found.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  return atomResponse(request, match[1]!, undefined, 'en');
}
