import Link from 'next/link';
import { TableLinks } from '@/components/tables/table-links';
import { getPublicTableList } from '@/lib/tables/read/public';
import { Fragment, type ReactNode } from 'react';
import { Breadcrumbs } from '@/components/content/breadcrumbs';
import { getAllSeries } from '@/lib/series/public';
import { areaTexts, getArea } from '@/lib/content/areas';
import { env } from '@/lib/env';
import { formatNumber } from '@/lib/i18n/format';
import { localizedSeries } from '@/lib/series/localize';
import { langAttr } from '@/lib/i18n/content';
import { localePath } from '@/lib/i18n/paths';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { rateLimitPerMinute } from '@/lib/series/api';
import { periodLabel, statusCodes } from '@/lib/series/model';
import { downloadFormats, seriesDownloadPath, seriesPath, dataPath, nsdpPath, tablePath } from '@/lib/content/addresses';
import { pageMetadata } from '@/lib/seo';
import { sdmxRestPath } from '@/lib/sdmx/address';
import { dataCatalogJsonLd } from '@/lib/dcat/schema-org';

/** The data page (`/donnees`) in `locale`. */
export function dataRoute(locale: Locale) {
  async function generateMetadata() {
    const t = messages(locale).series.data;
    return pageMetadata({
      title: t.title,
      description: t.description,
      path: dataPath,
      locale,
    });
  }

  const code = 'overflow-x-auto rounded-md border border-border bg-surface p-3 text-sm';
  /** A sentence's pieces from the catalogue, its elements among its words. */
  const pieces = (list: ReactNode[]) => list.map((p, i) => <Fragment key={i}>{p}</Fragment>);
  const inlineCode = (text: string) => <code>{text}</code>;

  /** The open-data page: every series with its files, and the API explained for re-users with examples. */
  async function DataPage() {
    const s = messages(locale).series;
    const t = s.data;
    const [series, tables] = await Promise.all([getAllSeries(), getPublicTableList(locale)]);
    const site = env.SITE_URL.replace(/\/$/, '');
    const example = series[0]?.meta.code ?? 'IPC';
    const publisher = { name: messages('fr').content.home.instituteName, url: site };
    const jsonLd = dataCatalogJsonLd({
      url: `${site}${localePath(locale, dataPath)}`,
      site,
      name: t.title,
      description: t.description,
      locale,
      publisher,
      license: env.OPEN_DATA_LICENSE,
      datasets: [
        ...tables.map((table) => ({
          name: table.title,
          description: `${table.title} (${table.code}) : ${table.dimensions.join(', ')}.`,
          url: tablePath(table.code),
          identifier: `table/${table.code}`,
        })),
        ...series.flatMap((data) => {
          const { meta } = localizedSeries(data, locale);
          const page = seriesPath(meta);
          return page
            ? [
                {
                  name: meta.label,
                  description: `${meta.label} (${meta.code}), ${meta.unit}. ${meta.methodology}`.trim(),
                  url: page,
                  identifier: `series/${meta.code}`,
                },
              ]
            : [];
        }),
      ],
    });
    return (
      <>
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, '\\u003c') }} />
        <Breadcrumbs items={[{ label: t.title }]} locale={locale} />
        <h1 className="text-3xl font-bold leading-tight">{t.title}</h1>
        <p className="mt-4 max-w-3xl text-lg">{t.intro}</p>

        <section aria-labelledby="series" className="mt-10">
          <h2 id="series" className="text-xl font-bold">
            {t.series}
          </h2>
          <div className="mt-4 overflow-x-auto">
            <table className="w-full border-collapse text-sm">
              <caption className="sr-only">{t.caption}</caption>
              <thead>
                <tr className="border-b border-border text-left">
                  <th scope="col" className="py-2 pr-4">
                    {t.colSeries}
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    {t.colArea}
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    {t.colLatest}
                  </th>
                  <th scope="col" className="py-2">
                    {t.colFiles}
                  </th>
                </tr>
              </thead>
              <tbody>
                {series.map((data) => {
                  const { meta, observations, langOf } = localizedSeries(data, locale);
                  const last = observations.at(-1);
                  const page = seriesPath(meta);
                  return (
                    <tr key={meta.code} className="border-b border-border align-top">
                      <th scope="row" className="py-2 pr-4 text-left font-normal">
                        <span lang={langAttr(langOf('label'), locale)}>
                          {page ? (
                            <Link href={localePath(locale, page)} className="underline">
                              {meta.label}
                            </Link>
                          ) : (
                            meta.label
                          )}
                        </span>{' '}
                        <span className="text-muted">({meta.code})</span>
                      </th>
                      <td className="py-2 pr-4">{getArea(meta.area) ? areaTexts(getArea(meta.area)!, locale).menuLabel : meta.area}</td>
                      <td className="py-2 pr-4 tabular-nums">
                        {last
                          ? `${formatNumber(last.value, meta.decimals, locale)} (${periodLabel(last.period, meta.frequency, locale)})`
                          : '—'}
                      </td>
                      <td className="py-2">
                        <ul className="flex flex-wrap gap-x-3">
                          {downloadFormats.map((format) => (
                            <li key={format}>
                              <a
                                href={seriesDownloadPath(meta.code, format, locale)}
                                download
                                aria-label={t.file(meta.code, s.download[format])}
                              >
                                {format.toUpperCase()}
                              </a>
                            </li>
                          ))}
                        </ul>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <p className="mt-3 text-sm">{t.statuses(statusCodes.map((c) => `${c} ${s.status[c]}`))}</p>
        </section>

        <TableLinks tables={tables} title={messages(locale).tables.breadcrumb} id="tableaux" locale={locale} />

        <section aria-labelledby="sgdd" className="mt-10 max-w-4xl">
          <h2 id="sgdd" className="text-xl font-bold">
            {t.nsdpTitle}
          </h2>
          <p className="mt-3">
            {pieces(
              t.nsdpText((text) => (
                <Link href={localePath(locale, nsdpPath)} className="underline">
                  {text}
                </Link>
              )),
            )}
          </p>
        </section>

        <section aria-labelledby="sdmx" className="mt-10 max-w-4xl">
          <h2 id="sdmx" className="text-xl font-bold">
            {t.sdmxTitle}
          </h2>
          <p className="mt-3">
            {pieces(
              t.sdmxText(
                inlineCode,
                (href) => (
                  <a href={href} className="underline">
                    <code>{href}</code>
                  </a>
                ),
                `${site}${sdmxRestPath}`,
              ),
            )}
          </p>
        </section>

        <section aria-labelledby="catalogue-titre" id="catalogue" className="mt-10 max-w-4xl">
          <h2 id="catalogue-titre" className="text-xl font-bold">
            {t.dcatTitle}
          </h2>
          <p className="mt-3">
            {pieces(
              t.dcatText(
                (path) => <code>{`${site}${path}`}</code>,
                (path) => (
                  <a href={path} className="underline">
                    {`${site}${path}`}
                  </a>
                ),
              ),
            )}
          </p>
        </section>

        <section aria-labelledby="api" className="mt-10 max-w-4xl">
          <h2 id="api" className="text-xl font-bold">
            {t.api}
          </h2>
          <p className="mt-3">
            {pieces(
              t.openapi(
                <a href="/api/v1/openapi.json" className="underline">
                  /api/v1/openapi.json
                </a>,
              ),
            )}
          </p>
          <ul className="mt-2 list-disc space-y-1 pl-6">
            <li>{pieces(t.catalogue(inlineCode))}</li>
            <li>{pieces(t.oneSeries(inlineCode))}</li>
          </ul>
          <p className="mt-3">{pieces(t.parameters(inlineCode, downloadFormats.join(', ')))}</p>
          <p className="mt-3">{pieces(t.limits(inlineCode, rateLimitPerMinute))}</p>

          <h3 className="mt-6 font-semibold">curl</h3>
          <pre className={code}>
            <code>{`curl "${site}/api/v1/series/${example}?lastNObservations=12"
  curl -o ${example.toLowerCase()}.csv "${site}/api/v1/series/${example}?format=csv-fr"`}</code>
          </pre>
          <h3 className="mt-6 font-semibold">Python (pandas)</h3>
          <pre className={code}>
            <code>{`import pandas as pd
  df = pd.read_csv("${site}/api/v1/series/${example}?format=csv")
  print(df.tail())`}</code>
          </pre>
          <h3 className="mt-6 font-semibold">R</h3>
          <pre className={code}>
            <code>{`df <- read.csv("${site}/api/v1/series/${example}?format=csv")
  tail(df)`}</code>
          </pre>
          <h3 className="mt-6 font-semibold">Excel</h3>
          <p className="mt-2">{pieces(t.excel(<code>{`${site}/api/v1/series/${example}?format=xlsx`}</code>))}</p>
        </section>
      </>
    );
  }

  return { generateMetadata, Page: DataPage };
}
