// GET /flux/calendrier.ics — the whole release calendar as iCalendar (RFC 5545).
import { calendarFeed } from '@/lib/releases/feeds';
import { perRequest } from '@/lib/http/per-request';

export async function GET(request: Request) {
  await perRequest();
  return calendarFeed(request);
}
