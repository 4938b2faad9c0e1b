import Link from 'next/link';
import { notFound } from 'next/navigation';
import { areaTexts, type Area } from '@/lib/content/areas';
import { getAreaPublications, getPageContent } from '@/lib/content/public';
import { getAreaSeries, getHeadlineFigures } from '@/lib/series/public';
import { getUpcomingReleases } from '@/lib/releases/public';
import { PER_PAGE, releasePath } from '@/lib/content/addresses';
import { env } from '@/lib/env';
import { langAttr, localize } from '@/lib/i18n/content';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { localePath } from '@/lib/i18n/paths';
import { releaseWhen } from '@/lib/releases/model';
import { areaListUrl } from '@/lib/content/addresses';
import { Breadcrumbs } from './breadcrumbs';
import { KeyFigureCard } from './key-figure-card';
import { Pagination } from './pagination';
import { PublicationList } from './publication-list';
import { RichText } from './rich-text';
import { TableLinks } from '@/components/tables/table-links';
import { AreaMap } from '@/components/maps/area-map';
import { getPublicTableList } from '@/lib/tables/read/public';
import { AreaSeriesList } from './area-series-list';
import { SubscribeForm } from '@/components/alerts/subscribe-form';
import { isAlertArea } from '@/lib/alerts/areas';
import { AreaSeriesTable } from './area-series-table';

/** An area page: introduction, key figures when the area has a series, publications. */
export async function AreaPage({ area, year, page, locale }: { area: Area; year?: number; page: number; locale: Locale }) {
  const t = messages(locale).content.area;
  const [introRow, list, figures, allSeries, [nextRow]] = await Promise.all([
    getPageContent(`intro:${area.slug}`),
    getAreaPublications(area.slug, year, page),
    getHeadlineFigures(area.slug),
    getAreaSeries(area.slug),
    getUpcomingReleases(1, area.slug),
  ]);
  const tables = await getPublicTableList(locale, area.slug);
  const intro = introRow ? localize(introRow, locale, ['body']) : null;
  const next = nextRow ? localize(nextRow, locale, ['title', 'provisionalLabel']) : undefined;
  const tableSeries = allSeries.find((s) => s.meta.code === figures[0]?.meta.code) ?? allSeries[0];
  const totalPages = Math.max(1, Math.ceil(list.total / PER_PAGE));
  if (page > totalPages || (year && list.total === 0)) notFound();
  const path = area.publicPath!;
  const names = areaTexts(area, locale);
  return (
    <>
      <Breadcrumbs items={[{ label: names.menuLabel, href: path }, ...(year ? [{ label: t.yearCrumb(year) }] : [])]} locale={locale} />
      <h1 className="text-3xl font-bold leading-tight">{names.label}</h1>
      {intro?.body ? (
        <RichText html={intro.body} lang={langAttr(intro.langOf('body'), locale)} className="mt-4 text-lg" />
      ) : (
        <p className="mt-4 text-lg">{names.description}</p>
      )}
      {next ? (
        <p className="mt-4 rounded-md border border-border bg-surface px-4 py-3">
          <strong>{t.nextRelease} </strong>
          <Link
            prefetch={false}
            href={localePath(locale, releasePath(next))}
            lang={langAttr(next.langOf('title'), locale)}
            className="underline"
          >
            {next.title}
          </Link>
          , <time dateTime={next.scheduledAt.toISOString()}>{releaseWhen(next, env.TIME_ZONE, locale)}</time> (
          {messages(locale).series.releaseStatus[next.status]}).
        </p>
      ) : null}

      {allSeries.length > 0 ? (
        <section aria-labelledby="chiffres" className="mt-10">
          <h2 id="chiffres" className="text-xl font-bold">
            {t.latestFigures}
          </h2>
          <div className="mt-4 grid gap-6 md:grid-cols-[minmax(0,20rem)_1fr]">
            {figures.map((f) => (
              <KeyFigureCard key={f.meta.code} figure={f} locale={locale} />
            ))}
            {tableSeries ? <AreaSeriesTable data={tableSeries} locale={locale} /> : null}
          </div>
          <AreaSeriesList area={area} series={allSeries} locale={locale} />
        </section>
      ) : null}

      <TableLinks tables={tables} title={messages(locale).tables.breadcrumb} id="tableaux" locale={locale} />
      <AreaMap area={area.slug} locale={locale} />

      <section aria-labelledby="publications" className="mt-10">
        <h2 id="publications" className="text-xl font-bold">
          {t.publications(year)}
        </h2>
        {list.years.length > 1 ? (
          <nav aria-label={t.filterByYear} className="mt-3">
            <ul className="flex flex-wrap gap-2 text-sm">
              <li>
                <Link
                  href={localePath(locale, path)}
                  aria-current={!year ? 'page' : undefined}
                  className={
                    'inline-block rounded-full border border-border px-3 py-1 no-underline ' +
                    'aria-[current=page]:bg-primary aria-[current=page]:text-primary-fg'
                  }
                >
                  {t.allYears}
                </Link>
              </li>
              {list.years.map((y) => (
                <li key={y}>
                  <Link
                    href={localePath(locale, areaListUrl(path, y, 1))}
                    aria-current={year === y ? 'page' : undefined}
                    className={
                      'inline-block rounded-full border border-border px-3 py-1 no-underline ' +
                      'aria-[current=page]:bg-primary aria-[current=page]:text-primary-fg'
                    }
                  >
                    {y}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <p className="mt-3 text-sm text-muted" aria-live="polite">
          {list.total === 0 ? t.none : t.count(list.total)}
        </p>
        <div className="mt-4">
          <PublicationList items={list.items} locale={locale} />
        </div>
        <Pagination page={page} totalPages={totalPages} href={(n) => areaListUrl(path, year, n)} locale={locale} />
      </section>
      {isAlertArea(area.slug) ? <SubscribeForm locale={locale} areas={[area.slug]} /> : null}
    </>
  );
}
