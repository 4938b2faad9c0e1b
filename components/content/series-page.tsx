import Link from 'next/link';
import { notFound } from 'next/navigation';
import { SeriesChart } from '@/components/series/series-chart';
import { SeriesHeadline } from '@/components/series/series-headline';
import { SeriesValuesTable } from '@/components/series/series-values-table';
import { SeriesVersions } from '@/components/series/series-versions';
import { areaTexts, type Area } from '@/lib/content/areas';
import type { SeriesRange } from '@/lib/content/addresses';
import { getIdentity } from '@/lib/content/public';
import { getSeriesPage } from '@/lib/series/public';
import { getSeriesSlice } from '@/lib/tables/read/public';
import { env } from '@/lib/env';
import { langAttr, localize } from '@/lib/i18n/content';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { localePath } from '@/lib/i18n/paths';
import { citation, datasetJsonLd, englishDataset } from '@/lib/series/jsonld';
import { downloadFormats, seriesDownloadPath, seriesPath } from '@/lib/content/addresses';
import { Breadcrumbs } from './breadcrumbs';
import { inLang, pieces } from './in-lang';
import { localizedSeries } from '@/lib/series/localize';
import { UntranslatedNotice } from './untranslated-notice';
import { dataPath } from '@/lib/content/addresses';

const mime: Record<(typeof downloadFormats)[number], string> = {
  csv: 'text/csv',
  'csv-fr': 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'sdmx-csv': 'application/vnd.sdmx.data+csv; version=2.0.0',
  json: 'application/json',
};

/**
 * A series' public page: latest value and changes, a chart drawn on the server over the chosen range
 * (a path segment, so each view is cached whole), the full table, description, versions, downloads,
 * citation, and schema.org Dataset markup for dataset search engines. Label, unit, methodology and
 * source in English where translated (else French marked `lang="fr"`, with the notice when the label
 * or methodology is); the Dataset markup in English at the English address when the label is
 * translated (`inLanguage: en`, English downloads), French at the French address otherwise.
 */
export async function SeriesPage({ area, code, range, locale }: { area: Area; code: string; range: SeriesRange; locale: Locale }) {
  const s = messages(locale).series;
  const t = s.page;
  const [page, identity, slice] = await Promise.all([getSeriesPage(code), getIdentity(), getSeriesSlice(code, locale)]);
  if (!page || page.data.meta.area !== area.slug) notFound();
  const { versions } = page;
  const localized = localizedSeries(page.data, locale);
  const { langOf } = localized;
  // Plain data (no functions) for the series components.
  const data = { ...page.data, meta: localized.meta };
  const { meta } = data;
  const lang = (field: 'label' | 'unit' | 'basePeriod' | 'methodology' | 'source') => langAttr(langOf(field), locale);
  const site = env.SITE_URL.replace(/\/$/, '');
  const frenchUrl = `${site}${seriesPath(page.data.meta)}`;
  const url = `${site}${localePath(locale, seriesPath(meta) ?? '/')}`;
  // The institute's name in the page's language for the citation (French where /admin/about gives no
  // translation); French for the French Dataset markup. Without an identity, the catalogue's name.
  const publisher = { name: identity ? localize(identity, locale, ['name']).name : messages(locale).content.home.instituteName, url: site };
  const frenchPublisher = { ...publisher, name: identity?.name ?? messages('fr').content.home.instituteName };
  const downloads = downloadFormats.map((format) => ({
    format: s.download[format],
    url: `${site}${seriesDownloadPath(meta.code, format)}`,
    mime: mime[format],
  }));
  const inEnglish = locale !== 'fr' && englishDataset(page.data.translations);
  const jsonLd = inEnglish
    ? datasetJsonLd({
        data,
        url,
        downloads: downloads.map((d, i) => ({ ...d, url: `${site}${seriesDownloadPath(meta.code, downloadFormats[i]!, locale)}` })),
        publisher,
        locale,
      })
    : datasetJsonLd({ data: page.data, url: frenchUrl, downloads, publisher: frenchPublisher });

  return (
    <>
      <Breadcrumbs items={[{ label: areaTexts(area, locale).menuLabel, href: area.publicPath! }, { label: meta.code }]} locale={locale} />
      <UntranslatedNotice locale={locale} langs={(['label', 'methodology'] as const).filter((f) => meta[f].trim()).map(langOf)} />
      <h1 lang={lang('label')} className="text-3xl font-bold leading-tight">
        {meta.label}
      </h1>
      <p className="mt-2 text-muted">
        {pieces(
          t.subtitle(
            meta.code,
            s.frequency[meta.frequency],
            // Unit and base period each in its language: French ones marked on English pages.
            <>
              {inLang(meta.unit, lang('unit'))}
              {meta.basePeriod ? <> ({inLang(meta.basePeriod, lang('basePeriod'))})</> : null}
            </>,
            s.seasonalAdjustment[meta.seasonalAdjustment],
          ),
        )}
      </p>

      {slice ? (
        <p className="mt-1">
          {t.fromTable}{' '}
          <Link href={slice.path} className="underline">
            {slice.table.title}
          </Link>
          {slice.parts.length > 0
            ? ` (${slice.parts.map((p) => `${p.dimension}${locale === 'fr' ? ' : ' : ': '}${p.value}`).join(', ')})`
            : ''}
          .
        </p>
      ) : null}

      <div className="mt-6">
        <SeriesHeadline data={data} locale={locale} />
      </div>

      <section aria-labelledby="graphique" className="mt-10">
        <h2 id="graphique" className="text-xl font-bold">
          {t.chart}
        </h2>
        <nav aria-label={t.chartRange} className="mt-3">
          <ul className="flex flex-wrap gap-2 text-sm">
            {(['5y', '10y', 'all'] as const).map((r) => (
              <li key={r}>
                <Link
                  href={localePath(locale, seriesPath(meta, r)!)}
                  aria-current={r === range ? 'page' : undefined}
                  className={
                    'inline-block rounded-full border border-border px-3 py-1 no-underline ' +
                    'aria-[current=page]:bg-primary aria-[current=page]:text-primary-fg'
                  }
                >
                  {t.range[r]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-4">
          <SeriesChart data={data} range={range} locale={locale} />
        </div>
      </section>

      <section aria-labelledby="telechargements" className="mt-10">
        <h2 id="telechargements" className="text-xl font-bold">
          {t.downloads}
        </h2>
        <ul className="mt-3 space-y-1">
          {downloadFormats.map((format) => (
            <li key={format}>
              <a href={seriesDownloadPath(meta.code, format, locale)} download>
                {s.download[format]}
              </a>
            </li>
          ))}
        </ul>
        <p className="mt-3 text-sm text-muted">
          {pieces(
            t.filesNote((text) => (
              <Link href={localePath(locale, dataPath)} className="underline">
                {text}
              </Link>
            )),
          )}
        </p>
      </section>

      <section aria-labelledby="valeurs" className="mt-10">
        <h2 id="valeurs" className="text-xl font-bold">
          {t.values}
        </h2>
        <div className="mt-4">
          <SeriesValuesTable data={data} locale={locale} />
        </div>
      </section>

      <section aria-labelledby="description" className="mt-10">
        <h2 id="description" className="text-xl font-bold">
          {t.description}
        </h2>
        <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[12rem_1fr]">
          <dt className="font-semibold">{t.code}</dt>
          <dd>{meta.code}</dd>
          <dt className="font-semibold">{t.unit}</dt>
          <dd>
            {inLang(meta.unit, lang('unit'))}
            {meta.basePeriod ? <>, {inLang(meta.basePeriod, lang('basePeriod'))}</> : ''}
          </dd>
          <dt className="font-semibold">{t.frequency}</dt>
          <dd>{s.frequency[meta.frequency]}</dd>
          <dt className="font-semibold">{t.adjustment}</dt>
          <dd>{s.seasonalAdjustment[meta.seasonalAdjustment]}</dd>
          {meta.source ? (
            <>
              <dt className="font-semibold">{t.source}</dt>
              <dd lang={lang('source')}>{meta.source}</dd>
            </>
          ) : null}
        </dl>
        {meta.methodology ? (
          <p lang={lang('methodology')} className="mt-4 max-w-3xl">
            {meta.methodology}
          </p>
        ) : null}
      </section>

      <section aria-labelledby="versions" className="mt-10">
        <h2 id="versions" className="text-xl font-bold">
          {t.versions}
        </h2>
        <div className="mt-3">
          <SeriesVersions
            versions={versions}
            href={(v) => `${seriesDownloadPath(meta.code, 'csv', locale)}&asOf=${encodeURIComponent(v.publishedAt)}`}
            locale={locale}
          />
        </div>
      </section>

      <section aria-labelledby="citer" className="mt-10">
        <h2 id="citer" className="text-xl font-bold">
          {t.cite}
        </h2>
        <p className="mt-3">{citation(data, { institute: publisher.name, url }, locale)}</p>
      </section>

      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, '\\u003c') }} />
    </>
  );
}
