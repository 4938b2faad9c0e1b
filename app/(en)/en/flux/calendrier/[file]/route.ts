// GET /en/flux/calendrier/{area}.ics — one area's release calendar as iCalendar (RFC 5545), in English.
import { calendarFeed } from '@/lib/releases/feeds';
import { perRequest } from '@/lib/http/per-request';

export async function GET(request: Request, { params }: { params: Promise<{ file: string }> }) {
  await perRequest();
  const match = /^([a-z0-9_]{1,60})\.ics$/.exec((await params).file);
  if (!match) return new Response('Calendar not found.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  return calendarFeed(request, match[1], 'en');
}
