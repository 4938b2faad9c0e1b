'use client';

import Link from 'next/link';
import type { Locale } from '@/lib/i18n/locales';
import type { Messages } from '@/lib/i18n/messages';
import { KeyFigureView, type KeyFigureViewProps } from './key-figure-view';
import { NewsCardView, type NewsCardViewProps } from './news-card-view';
import { PublicationItems, type PublicationItem, type PublicationItemsText } from './publication-items';

/** What the home page shows, as plain data in the page's language (computed by `components/routes/home.tsx`). */
export type HomeViewProps = {
  t: Messages['content']['home'];
  name: string;
  nameLang?: Locale;
  tagline: string | null;
  figures: (KeyFigureViewProps & { code: string })[];
  publications: { items: PublicationItem[]; text: PublicationItemsText };
  /** Upcoming releases: the status and the area (empty when none) follow the date, each after « · ». */
  releases: {
    id: number | string;
    href: string;
    title: string;
    titleLang?: Locale;
    iso: string;
    when: string;
    status: string;
    area: string;
  }[];
  events: { id: number | string; title: string; titleLang?: Locale; iso: string; date: string; place: string | null; placeLang?: Locale }[];
  news: (NewsCardViewProps & { id: number | string })[];
  /** The sections of the site with their areas' links, for the quick links. */
  themes: { key: string; label: string; links: [href: string, label: string][] }[];
  links: { releases: string; events: string; news: string };
};

/**
 * The home page (`/`, `/en`) drawn from plain data. A client component on purpose: it is rendered
 * to HTML on the server like any other (the page works without JavaScript), but the page's RSC
 * payload then carries only these props instead of the element tree of every card, list and link,
 * which it sent a second time after the same markup (issue 25 item 4: `/` under 80 KB).
 */
export function HomeView({ t, name, nameLang, tagline, figures, publications, releases, events, news, themes, links }: HomeViewProps) {
  return (
    <>
      <section className="rounded-xl bg-primary-soft px-6 py-8">
        <h1 className="text-3xl font-bold leading-tight" lang={nameLang}>
          {name}
        </h1>
        {tagline ? <p className="mt-3 max-w-3xl text-lg">{tagline}</p> : null}
      </section>

      <section aria-labelledby="indicateurs" className="mt-10">
        <h2 id="indicateurs" className="text-2xl font-bold">
          {t.keyIndicators}
        </h2>
        <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {figures.map(({ code, ...f }) => (
            <KeyFigureView key={code} {...f} />
          ))}
        </div>
      </section>

      <div className="mt-12 grid gap-10 lg:grid-cols-[2fr_1fr]">
        <section aria-labelledby="dernieres-publications">
          <h2 id="dernieres-publications" className="text-2xl font-bold">
            {t.latestPublications}
          </h2>
          <div className="mt-4">
            <PublicationItems items={publications.items} headingLevel={3} text={publications.text} />
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
                {releases.map((r) => (
                  <li key={r.id} className="border-l-4 border-primary pl-3">
                    <p className="font-medium">
                      <Link prefetch={false} href={r.href} lang={r.titleLang}>
                        {r.title}
                      </Link>
                    </p>
                    <p className="text-sm text-muted">
                      <time dateTime={r.iso}>{r.when}</time>
                      {` · ${r.status}`}
                      {r.area ? ` · ${r.area}` : ''}
                    </p>
                  </li>
                ))}
              </ul>
            )}
            <p className="mt-3 text-sm">
              <Link href={links.releases}>{t.allReleases}</Link>
            </p>
          </section>
          <section aria-labelledby="evenements-a-venir">
            <h2 id="evenements-a-venir" className="text-2xl font-bold">
              {t.upcomingEvents}
            </h2>
            {events.length === 0 ? (
              <p className="mt-3 text-muted">{t.noEvents}</p>
            ) : (
              <ul className="mt-4 space-y-3">
                {events.map((e) => (
                  <li key={e.id}>
                    <p className="font-medium" lang={e.titleLang}>
                      {e.title}
                    </p>
                    <p className="text-sm text-muted">
                      <time dateTime={e.iso}>{e.date}</time>
                      {' · '}
                      <span lang={e.placeLang}>{e.place}</span>
                    </p>
                  </li>
                ))}
              </ul>
            )}
            <p className="mt-3">
              <Link href={links.events}>{t.allEvents}</Link>
            </p>
          </section>
        </div>
      </div>

      <section aria-labelledby="actualites" className="mt-12">
        <h2 id="actualites" className="text-2xl font-bold">
          {t.news}
        </h2>
        <div className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {news.map(({ id, ...n }) => (
            <NewsCardView key={id} {...n} />
          ))}
        </div>
        <p className="mt-4">
          <Link href={links.news}>{t.allNews}</Link>
        </p>
      </section>

      <section aria-labelledby="themes" className="mt-12">
        <h2 id="themes" className="text-2xl font-bold">
          {t.quickLinks}
        </h2>
        <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {themes.map((s) => (
            <nav key={s.key} aria-label={s.label} className="rounded-lg border border-border p-4">
              <p className="font-semibold">{s.label}</p>
              <ul className="mt-2 space-y-1 text-sm">
                {s.links.map(([href, label]) => (
                  <li key={href}>
                    <Link href={href}>{label}</Link>
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
