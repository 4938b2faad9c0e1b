import Link from 'next/link';
import { notFound } from 'next/navigation';
import { SeriesChart } from '@/components/series/series-chart';
import { SeriesHeadline } from '@/components/series/series-headline';
import { SeriesValuesTable } from '@/components/series/series-table';
import { SeriesVersions } from '@/components/series/series-versions';
import type { Area, } from '@/lib/content/areas';
import type { SeriesRange } from '@/lib/content/area-route';
import { getIdentity, getSeriesPage } from '@/lib/content/public';
import { env } from '@/lib/env';
import { frequencyLabel, seasonalAdjustmentLabel } from '@/lib/series/model';
import { citation, datasetJsonLd } from '@/lib/series/jsonld';
import { downloadFormats, downloadLabel, seriesDownloadPath, seriesPath } from '@/lib/series/urls';
import { Breadcrumbs } from './breadcrumbs';

const rangeLabel: Record<SeriesRange, string> = { '5y': '5 ans', '10y': '10 ans', all: 'Tout' };
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
 * citation, and schema.org Dataset markup for dataset search engines.
 */
export async function SeriesPage({ area, code, range }: { area: Area; code: string; range: SeriesRange }) {
  const [page, identity] = await Promise.all([getSeriesPage(code), getIdentity()]);
  if (!page || page.data.meta.area !== area.slug) notFound();
  const { data, versions } = page;
  const { meta } = data;
  const site = env.SITE_URL.replace(/\/$/, '');
  const url = `${site}${seriesPath(meta)}`;
  const publisher = { name: identity?.name ?? 'Institut national de la statistique', url: site };
  const downloads = downloadFormats.map((format) => ({ format: downloadLabel[format], url: `${site}${seriesDownloadPath(meta.code, format)}`, mime: mime[format] }));
  const jsonLd = datasetJsonLd({ data, url, downloads, publisher });

  return (
    <>
      <Breadcrumbs items={[{ label: area.menuLabel, href: area.publicPath! }, { label: meta.code }]} locale="fr" />
      <h1 className="text-3xl font-bold leading-tight">{meta.label}</h1>
      <p className="mt-2 text-muted">
        Série {meta.code}, {frequencyLabel[meta.frequency]}, {meta.unit}
        {meta.basePeriod ? ` (${meta.basePeriod})` : ''}, {seasonalAdjustmentLabel[meta.seasonalAdjustment]}.
      </p>

      <div className="mt-6">
        <SeriesHeadline data={data} />
      </div>

      <section aria-labelledby="graphique" className="mt-10">
        <h2 id="graphique" className="text-xl font-bold">
          Évolution
        </h2>
        <nav aria-label="Période du graphique" className="mt-3">
          <ul className="flex flex-wrap gap-2 text-sm">
            {(['5y', '10y', 'all'] as const).map((r) => (
              <li key={r}>
                <Link
                  href={seriesPath(meta, r)!}
                  aria-current={r === range ? 'page' : undefined}
                  className="inline-block rounded-full border border-border px-3 py-1 no-underline aria-[current=page]:bg-primary aria-[current=page]:text-primary-fg"
                >
                  {rangeLabel[r]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-4">
          <SeriesChart data={data} range={range} />
        </div>
      </section>

      <section aria-labelledby="telechargements" className="mt-10">
        <h2 id="telechargements" className="text-xl font-bold">
          Télécharger la série
        </h2>
        <ul className="mt-3 space-y-1">
          {downloadFormats.map((format) => (
            <li key={format}>
              <a href={seriesDownloadPath(meta.code, format)} download>
                {downloadLabel[format]}
              </a>
            </li>
          ))}
        </ul>
        <p className="mt-3 text-sm text-muted">
          Les fichiers contiennent exactement les valeurs de cette page, avec leur statut dans une colonne à part. Pour les réutiliser
          automatiquement, voir la page{' '}
          <Link href="/donnees" className="underline">
            Données ouvertes et API
          </Link>{' '}
          (sans clé).
        </p>
      </section>

      <section aria-labelledby="valeurs" className="mt-10">
        <h2 id="valeurs" className="text-xl font-bold">
          Toutes les valeurs
        </h2>
        <div className="mt-4">
          <SeriesValuesTable data={data} />
        </div>
      </section>

      <section aria-labelledby="description" className="mt-10">
        <h2 id="description" className="text-xl font-bold">
          Description
        </h2>
        <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[12rem_1fr]">
          <dt className="font-semibold">Code</dt>
          <dd>{meta.code}</dd>
          <dt className="font-semibold">Unité</dt>
          <dd>
            {meta.unit}
            {meta.basePeriod ? `, ${meta.basePeriod}` : ''}
          </dd>
          <dt className="font-semibold">Fréquence</dt>
          <dd>{frequencyLabel[meta.frequency]}</dd>
          <dt className="font-semibold">Correction</dt>
          <dd>{seasonalAdjustmentLabel[meta.seasonalAdjustment]}</dd>
          {meta.source ? (
            <>
              <dt className="font-semibold">Source</dt>
              <dd>{meta.source}</dd>
            </>
          ) : null}
        </dl>
        {meta.methodology ? <p className="mt-4 max-w-3xl">{meta.methodology}</p> : null}
      </section>

      <section aria-labelledby="versions" className="mt-10">
        <h2 id="versions" className="text-xl font-bold">
          Versions précédentes
        </h2>
        <div className="mt-3">
          <SeriesVersions versions={versions} href={(v) => `${seriesDownloadPath(meta.code, 'csv')}&asOf=${encodeURIComponent(v.publishedAt)}`} />
        </div>
      </section>

      <section aria-labelledby="citer" className="mt-10">
        <h2 id="citer" className="text-xl font-bold">
          Citer cette série
        </h2>
        <p className="mt-3">{citation(data, { institute: publisher.name, url })}</p>
      </section>

      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, '\\u003c') }} />
    </>
  );
}
