/** The calendar's iCalendar feeds (/flux/calendrier.ics, /flux/calendrier/{area}.ics), cached and invalidated with the calendar. */
import { getArea } from '@/lib/content/areas';
import { getCalendar } from '@/lib/releases/public';
import { getIdentity } from '@/lib/content/public';
import { env } from '@/lib/env';
import { conditional } from '@/lib/http/conditional';
import { releasesToIcs } from './ics';

export async function calendarFeed(request: Request, area?: string): Promise<Response> {
  if (area !== undefined && !getArea(area)?.publicPath)
    return new Response('Rubrique inconnue.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  const [{ upcoming, past }, identity] = await Promise.all([getCalendar(area), getIdentity()]);
  const site = env.SITE_URL.replace(/\/$/, '');
  const name = `${identity?.acronym ?? 'INS'} — calendrier des parutions${area ? ` (${getArea(area)!.menuLabel})` : ''}`;
  const body = releasesToIcs([...past].reverse().concat(upcoming), { site, name, host: new URL(site).hostname });
  return conditional(request, body, 'text/calendar; charset=utf-8', {
    'Content-Disposition': `inline; filename="calendrier${area ? `-${area}` : ''}.ics"`,
  });
}
