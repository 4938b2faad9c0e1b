// GET /en/flux/calendrier.ics — the whole release calendar as iCalendar (RFC 5545), in English.
import { calendarFeed } from '@/lib/releases/feeds';
import { perRequest } from '@/lib/http/per-request';

export async function GET(request: Request) {
  await perRequest();
  return calendarFeed(request, undefined, 'en');
}
