import Link from 'next/link';
import { KeyFigureCard } from '@/components/content/key-figure-card';
import { NewsCard } from '@/components/content/news-card';
import { PublicationList } from '@/components/content/publication-list';
import { areasOfSection, areaTexts, getArea, sectionLabel, sections } from '@/lib/content/areas';
import { getEvents, getIdentity, getLatestPublications, getNewsPage } from '@/lib/content/public';
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
      getNewsPage(1),
      getUpcomingReleases(5),
      getEvents(),
    ]);
    const own = identity && localize(identity, locale, ['name']);
    // An English page without an English tagline shows the catalogue's description rather than the French tagline.
    const tagline = (identity && localTagline(identity, locale)) || (locale !== 'fr' ? t.description : null);
    return (
      <>
        <section className="rounded-xl bg-primary-soft px-6 py-8">
          <h1 className="text-3xl font-bold leading-tight" lang={own ? langAttr(own.langOf('name'), locale) : undefined}>
            {own?.name ?? t.instituteName}
          </h1>
          {tagline ? <p className="mt-3 max-w-3xl text-lg">{tagline}</p> : null}
        </section>

        <section aria-labelledby="indicateurs" className="mt-10">
          <h2 id="indicateurs" className="text-2xl font-bold">
            {t.keyIndicators}
          </h2>
          <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {figures.map((f) => (
              <KeyFigureCard key={f.meta.code} figure={f} locale={locale} />
            ))}
          </div>
        </section>

        <div className="mt-12 grid gap-10 lg:grid-cols-[2fr_1fr]">
          <section aria-labelledby="dernieres-publications">
            <h2 id="dernieres-publications" className="text-2xl font-bold">
              {t.latestPublications}
            </h2>
            <div className="mt-4">
              <PublicationList items={latest} showArea headingLevel={3} locale={locale} />
            </div>
          </section>
          <div className="space-y-10">
            <section aria-labelledby="prochaines-parutions">
              <h2 id="prochaines-parutions" className="text-2xl font-bold">
                {t.upcomingReleases}
              </h2>
              {releases.length === 0 ? (
                <p className="mt-3 text-muted">{t.noReleases}</p>
              ) : (
                <ul className="mt-4 space-y-3">
                  {releases.map((release) => {
                    const r = localizedRelease(release, locale);
                    return (
                      <li key={r.id} className="border-l-4 border-primary pl-3">
                        <p className="font-medium">
                          <Link prefetch={false} href={href(releasePath(r))} lang={langAttr(r.langOf('title'), locale)}>
                            {r.title}
                          </Link>
                        </p>
                        <p className="text-sm text-muted">
                          <time dateTime={isoDate(r.scheduledAt)}>{releaseWhen(r, env.TIME_ZONE, locale)}</time>
                          {` · ${releaseStatus[r.status]}`}
                          {getArea(r.area) ? ` · ${areaTexts(getArea(r.area)!, locale).menuLabel}` : ''}
                        </p>
                      </li>
                    );
                  })}
                </ul>
              )}
              <p className="mt-3 text-sm">
                <Link href={href(calendarPath)}>{t.allReleases}</Link>
              </p>
            </section>
            <section aria-labelledby="evenements-a-venir">
              <h2 id="evenements-a-venir" className="text-2xl font-bold">
                {t.upcomingEvents}
              </h2>
              {events.upcoming.length === 0 ? (
                <p className="mt-3 text-muted">{t.noEvents}</p>
              ) : (
                <ul className="mt-4 space-y-3">
                  {events.upcoming.slice(0, 3).map((event) => {
                    const e = localize(event, locale, ['title', 'place']);
                    return (
                      <li key={e.id}>
                        <p className="font-medium" lang={langAttr(e.langOf('title'), locale)}>
                          {e.title}
                        </p>
                        <p className="text-sm text-muted">
                          <time dateTime={isoDate(e.startsAt)}>{formatDate(e.startsAt, locale)}</time>
                          {' · '}
                          <span lang={langAttr(e.langOf('place'), locale)}>{e.place}</span>
                        </p>
                      </li>
                    );
                  })}
                </ul>
              )}
              <p className="mt-3">
                <Link href={href('/events')}>{t.allEvents}</Link>
              </p>
            </section>
          </div>
        </div>

        <section aria-labelledby="actualites" className="mt-12">
          <h2 id="actualites" className="text-2xl font-bold">
            {t.news}
          </h2>
          <div className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {news.items.slice(0, 3).map((n) => (
              <NewsCard key={n.id} item={n} locale={locale} />
            ))}
          </div>
          <p className="mt-4">
            <Link href={href(newsListPath())}>{t.allNews}</Link>
          </p>
        </section>

        <section aria-labelledby="themes" className="mt-12">
          <h2 id="themes" className="text-2xl font-bold">
            {t.quickLinks}
          </h2>
          <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {sections.map((s) => (
              <nav key={s.key} aria-label={sectionLabel(s.key, locale)} className="rounded-lg border border-border p-4">
                <p className="font-semibold">{sectionLabel(s.key, locale)}</p>
                <ul className="mt-2 space-y-1 text-sm">
                  {areasOfSection(s.key).map((a) => (
                    <li key={a.slug}>
                      <Link href={href(a.publicPath!)}>{areaTexts(a, locale).menuLabel}</Link>
                    </li>
                  ))}
                </ul>
              </nav>
            ))}
          </div>
        </section>
      </>
    );
  }

  return { Page: HomePage, generateMetadata };
}
