/**
 * The calendar's iCalendar feeds (/flux/calendrier.ics, /flux/calendrier/{area}.ics), cached and
 * invalidated with the calendar; in English under `/en` (`locale`), the French ones as before.
 */
import { areaTexts, getArea } from '@/lib/content/areas';
import { getCalendar } from '@/lib/releases/public';
import { getIdentity } from '@/lib/content/public';
import { env } from '@/lib/env';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { conditional } from '@/lib/http/conditional';
import { releasesToIcs } from './ics';

export async function calendarFeed(request: Request, area?: string, locale: Locale = 'fr'): Promise<Response> {
  if (area !== undefined && !getArea(area)?.publicPath)
    return new Response(locale === 'fr' ? 'Rubrique inconnue.' : messages(locale).site.feeds.notFound, {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    });
  const [{ upcoming, past }, identity] = await Promise.all([getCalendar(area), getIdentity()]);
  const site = env.SITE_URL.replace(/\/$/, '');
  const acronym = identity?.acronym ?? 'INS';
  const a = area ? getArea(area)! : undefined;
  const name =
    locale === 'fr'
      ? `${acronym} — calendrier des parutions${area ? ` (${getArea(area)!.menuLabel})` : ''}`
      : `${acronym} — ${messages(locale).site.feeds.calendar}${a ? ` (${areaTexts(a, locale).menuLabel})` : ''}`;
  const body = releasesToIcs([...past].reverse().concat(upcoming), { site, name, host: new URL(site).hostname, locale });
  return conditional(request, body, 'text/calendar; charset=utf-8', {
    'Content-Disposition': `inline; filename="calendrier${area ? `-${area}` : ''}${locale === 'fr' ? '' : `-${locale}`}.ics"`,
  });
}
