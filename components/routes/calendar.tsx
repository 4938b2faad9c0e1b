import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { CalendarPage, ReleasePage } from '@/components/content/calendar-page';
import { areaTexts, getArea } from '@/lib/content/areas';
import { getRelease } from '@/lib/releases/public';
import { contentLanguages, localize } from '@/lib/i18n/content';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { pageMetadata } from '@/lib/seo';
import { releasePath, areaCalendarPath, icsPath } from '@/lib/content/addresses';

/** The release calendar's views in `locale`. */
export function calendarRoute(locale: Locale) {
  type Props = { params: Promise<{ rest?: string[] }> };

  /** The views of /calendrier: the calendar, an area's calendar (/calendrier/rubrique/{area}), a release (/calendrier/{slug}). */
  function view(rest: string[] | undefined): { kind: 'calendar'; area?: string } | { kind: 'release'; slug: string } | null {
    const s = rest ?? [];
    if (s.length === 0) return { kind: 'calendar' };
    if (s.length === 2 && s[0] === 'rubrique' && getArea(s[1]!)?.publicPath) return { kind: 'calendar', area: s[1] };
    if (s.length === 1 && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(s[0]!)) return { kind: 'release', slug: s[0]! };
    return null;
  }

  /**
   * Rendered per request, not prerendered: with every view listed in `generateStaticParams`, a client
   * navigation to a release page while another editor's change expired the release tags crashed
   * twice in CI with React #412 « Connection closed » (partial RSC payloads, vercel/next.js#97337),
   * `prefetch={false}` on the links notwithstanding. The Node host's front cache replays these pages
   * instead (`urlOnlyPaths` in scripts/production-server.ts): same speed for readers, no prerender.
   */
  async function generateMetadata({ params }: Props): Promise<Metadata> {
    const t = messages(locale).series;
    const v = view((await params).rest);
    if (!v) return { title: messages(locale).site.error.notFound };
    if (v.kind === 'release') {
      const data = await getRelease(v.slug);
      if (!data) return { title: messages(locale).site.error.notFound };
      const { title } = localize(data.release, locale, ['title']);
      return pageMetadata({
        title,
        description: t.release.description(title),
        path: releasePath(v),
        locale,
        languages: contentLanguages(data.release.translations, 'title'),
      });
    }
    const area = v.area ? getArea(v.area) : undefined;
    return pageMetadata({
      title: area ? t.calendar.titleOf(areaTexts(area, locale).menuLabel) : t.calendar.title,
      description: t.calendar.description,
      path: areaCalendarPath(area?.slug),
      area: area?.slug,
      calendar: icsPath(area?.slug),
      locale,
    });
  }

  async function CalendarRoute({ params }: Props) {
    const v = view((await params).rest);
    if (!v) notFound();
    return v.kind === 'release' ? <ReleasePage slug={v.slug} locale={locale} /> : <CalendarPage area={v.area} locale={locale} />;
  }

  return { generateMetadata, Page: CalendarRoute };
}
