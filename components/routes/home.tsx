import { HomeView, type HomeViewProps } from '@/components/content/home-view';
import { keyFigureView } from '@/components/content/key-figure-card';
import { newsCardView } from '@/components/content/news-card';
import { publicationItems, publicationItemsText } from '@/components/content/publication-list';
import { areasOfSection, areaTexts, getArea, sectionLabel, sections } from '@/lib/content/areas';
import { getIdentity, getKindList, getLatestPublications } from '@/lib/content/public';
import { getHeadlineFigures } from '@/lib/series/public';
import { getUpcomingReleases } from '@/lib/releases/public';
import type { SiteIdentity } from '@/lib/content/queries/site';
import { formatDate, isoDate } from '@/lib/i18n/format';
import { env } from '@/lib/env';
import { localizedRelease } from '@/lib/releases/localize';
import { langAttr, localize } from '@/lib/i18n/content';
import type { Locale } from '@/lib/i18n/locales';
import { localePath } from '@/lib/i18n/paths';
import { messages } from '@/lib/i18n/messages';
import { releaseWhen } from '@/lib/releases/model';
import { pageMetadata } from '@/lib/seo';
import { releasePath, calendarPath, newsListPath } from '@/lib/content/addresses';

/** The identity's tagline in `locale` only (null where it has none in that language). */
function localTagline(identity: SiteIdentity, locale: Locale): string | null {
  const own = localize(identity, locale, ['tagline']);
  return own.langOf('tagline') === locale ? own.tagline : null;
}

/** The home page (`/`, `/en`) in `locale`. */
export function homeRoute(locale: Locale) {
  const t = messages(locale).content.home;
  const releaseStatus = messages(locale).series.releaseStatus;
  const href = (path: string) => localePath(locale, path);

  async function generateMetadata() {
    const identity = await getIdentity();
    return pageMetadata({
      title: t.title,
      // The tagline of /admin/about in the page's language; where it has none, the catalogue's description.
      description: (identity && localTagline(identity, locale)) || t.description,
      path: '/',
      locale,
    });
  }

  async function HomePage() {
    const [identity, figures, latest, news, releases, events] = await Promise.all([
      getIdentity(),
      getHeadlineFigures(),
      getLatestPublications(6),
      getKindList('news', 1),
      getUpcomingReleases(5),
      getKindList('events', 1),
    ]);
    const own = identity && localize(identity, locale, ['name']);
    // An English page without an English tagline shows the catalogue's description rather than the French tagline.
    const tagline = (identity && localTagline(identity, locale)) || (locale !== 'fr' ? t.description : null);
    const nameLang = own ? langAttr(own.langOf('name'), locale) : undefined;
    const view: HomeViewProps = {
      t,
      name: own?.name ?? t.instituteName,
      ...(nameLang ? { nameLang } : {}),
      tagline,
      figures: figures.map((f) => ({ code: f.meta.code, ...keyFigureView(f, locale) })),
      publications: { items: publicationItems(latest, locale, true), text: publicationItemsText(locale) },
      releases: releases.map((release) => {
        const r = localizedRelease(release, locale);
        const area = getArea(r.area);
        const titleLang = langAttr(r.langOf('title'), locale);
        return {
          id: r.id,
          href: href(releasePath(r)),
          title: r.title,
          ...(titleLang ? { titleLang } : {}),
          iso: isoDate(r.scheduledAt),
          when: releaseWhen(r, env.TIME_ZONE, locale),
          status: releaseStatus[r.status],
          area: area ? areaTexts(area, locale).menuLabel : '',
        };
      }),
      events: events.upcoming.slice(0, 3).map((event) => {
        const e = localize(event, locale, ['title', 'place']);
        const titleLang = langAttr(e.langOf('title'), locale);
        const placeLang = langAttr(e.langOf('place'), locale);
        return {
          id: e.id,
          title: e.title,
          ...(titleLang ? { titleLang } : {}),
          iso: isoDate(e.startsAt),
          date: formatDate(e.startsAt, locale),
          place: e.place,
          ...(placeLang ? { placeLang } : {}),
        };
      }),
      news: news.items.slice(0, 3).map((n) => ({ id: n.id, ...newsCardView(n, locale) })),
      themes: sections.map((s) => ({
        key: s.key,
        label: sectionLabel(s.key, locale),
        links: areasOfSection(s.key).map((a): [string, string] => [href(a.publicPath!), areaTexts(a, locale).menuLabel]),
      })),
      links: { releases: href(calendarPath), events: href('/events'), news: href(newsListPath()) },
    };
    return <HomeView {...view} />;
  }

  return { Page: HomePage, generateMetadata };
}
