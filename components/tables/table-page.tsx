import Link from 'next/link';
import type { ReactNode } from 'react';
import { mapViewParam, mapViewValue } from '@/lib/geo/table-map';
import { Breadcrumbs } from '@/components/content/breadcrumbs';
import { env } from '@/lib/env';
import { formatDateTime, formatNumber } from '@/lib/i18n/format';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { localePath } from '@/lib/i18n/paths';
import { cellStatusLabels, cellStatusMarker } from '@/lib/tables/model';
import type { SelectedCells, TableView } from '@/lib/tables/queries';
import { dataPath, tableDownloadPath, tableFormats, tablePath, type TableFormat } from '@/lib/content/addresses';
import { tableChart } from '@/lib/tables/read/chart';
import { tableContentType } from '@/lib/tables/read/formats';
import { tableJsonLd } from '@/lib/tables/read/jsonld';
import { pivot } from '@/lib/tables/read/pivot';
import { axisParam, browseThreshold, browseValues, keyOf, pageParam, searchParam, type PageView } from '@/lib/tables/read/selection';
import { TableChartView } from './table-chart';
import { TableFormLive } from './table-form-live';

/** The most cells the page's HTML table shows (more: a message and the download links). */
export const pageCellLimit = 2_500;

type Props = {
  table: TableView;
  view: PageView;
  /** The cells of the view, or the count when it is over the page's limit. */
  cells: SelectedCells | { count: number };
  error?: string;
  /** The page's query: a long dimension's search and page of values (`cherche.LIEU`, `page.LIEU`). */
  query?: Record<string, string | string[] | undefined>;
  locale: Locale;
  /** The map view (components/maps): the link « Carte » to it, and the map when the page is it. */
  map?: { href: string; shown: ReactNode | null };
};

/**
 * A table's page, readable without JavaScript: the selection form (GET: the selection is the
 * address), the HTML table (caption, units, row and column headers with their scope, statuses and
 * notes with their legend), its chart drawn on the server, the downloads of the selection and of
 * the whole table, the notes and the method; schema.org `Dataset` markup.
 */
export function TablePage({ table, view, cells, error, query = {}, locale, map }: Props) {
  const t = messages(locale).tables;
  const formatName: Record<TableFormat, string> = t.format;
  const site = env.SITE_URL.replace(/\/$/, '');
  const key = keyOf(table.structure, view.selection);
  const formId = `selection-${table.code}`;
  const shown = 'values' in cells ? cells : null;
  const count = shown ? shown.count : cells.count;
  const grid = shown ? pivot(table, shown, view, locale) : null;
  const chart = shown ? tableChart(table, shown) : null;
  const unit = table.measures.length === 1 ? table.measures[0]!.unit : table.measures.map((m) => m.unit).join(', ');
  const fmt = (n: number) => formatNumber(n, 0, locale);
  const publisher = { name: messages('fr').content.home.instituteName, url: site };
  const jsonLd = tableJsonLd({
    table,
    url: `${site}${localePath(locale, tablePath(table.code))}`,
    downloads: tableFormats.map((f) => ({
      format: formatName[f],
      url: `${site}${tableDownloadPath(table.code, f)}`,
      mime: tableContentType[f],
    })),
    publisher,
    license: env.OPEN_DATA_LICENSE,
  });
  const downloadList = (k: string) => (
    <ul className="mt-2 flex flex-wrap gap-3 text-sm">
      {tableFormats.map((f) => (
        <li key={f}>
          <a href={tableDownloadPath(table.code, f, k, locale)} download>
            {formatName[f]}
          </a>
        </li>
      ))}
    </ul>
  );

  return (
    <>
      <Breadcrumbs items={[{ label: messages(locale).site.footer.data, href: dataPath }, { label: table.code }]} locale={locale} />
      <h1 className="text-3xl font-bold leading-tight">{table.title}</h1>
      <p className="mt-2 text-muted">
        {table.code} — {t.versionLine(table.version.number, formatDateTime(table.version.publishedAt, locale))}
      </p>
      {table.description ? <p className="mt-4 max-w-3xl">{table.description}</p> : null}
      {error ? (
        <p role="alert" className="mt-4 rounded border border-down p-3 text-down">
          {error}
        </p>
      ) : null}

      {map ? (
        <nav aria-label={messages(locale).maps.map} className="mt-4 flex gap-4">
          <a href="#tableau">{messages(locale).maps.table}</a>
          <a href="#graphique">{t.chart}</a>
          <a href={map.href} aria-current={map.shown ? 'page' : undefined}>
            {messages(locale).maps.map}
          </a>
        </nav>
      ) : null}
      {map?.shown}

      <form id={formId} method="get" action={localePath(locale, tablePath(table.code))} className="mt-6 rounded border border-border p-4">
        {map?.shown ? <input type="hidden" name={mapViewParam} value={mapViewValue} /> : null}
        <h2 className="text-lg font-bold">{t.select}</h2>
        <p className="text-sm text-muted">{t.allValues}</p>
        <div className="mt-3 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {table.dimensions.map((d) => {
            const chosen = new Set(view.selection[d.code] ?? []);
            const inRows = view.rows.includes(d.code);
            return (
              <fieldset key={d.code} id={`${formId}-${d.code}`} className="rounded border border-border p-3">
                <legend className="px-1 font-semibold">{d.label}</legend>
                {d.values.length > browseThreshold ? (
                  <LongDimension
                    dimension={d}
                    chosen={chosen}
                    query={query}
                    id={`${formId}-${d.code}`}
                    action={localePath(locale, tablePath(table.code))}
                    locale={locale}
                  />
                ) : (
                  <ul className="max-h-56 overflow-y-auto">
                    {d.values.map((v) => (
                      <li key={v.code}>
                        <label className="inline-flex items-center gap-2">
                          <input type="checkbox" name={d.code} value={v.code} defaultChecked={chosen.has(v.code)} />
                          {v.label}
                        </label>
                      </li>
                    ))}
                  </ul>
                )}
                <fieldset className="mt-2 flex gap-4 text-sm">
                  <legend className="sr-only">{t.labelled(t.place, d.label)}</legend>
                  <label className="inline-flex items-center gap-1">
                    <input type="radio" name={axisParam(d.code)} value="l" defaultChecked={inRows} />
                    {t.placeRows}
                  </label>
                  <label className="inline-flex items-center gap-1">
                    <input type="radio" name={axisParam(d.code)} value="c" defaultChecked={!inRows} />
                    {t.placeColumns}
                  </label>
                </fieldset>
              </fieldset>
            );
          })}
        </div>
        <div className="mt-4 flex flex-wrap items-center gap-4">
          <button type="submit" className="rounded bg-primary px-4 py-2 font-semibold text-primary-fg">
            {t.show}
          </button>
          <Link href={localePath(locale, tablePath(table.code))}>{t.reset}</Link>
          <TableFormLive formId={formId} busyLabel="…" />
        </div>
      </form>

      <section aria-labelledby="tableau" className="mt-8">
        <h2 id="tableau" className="sr-only">
          {t.table}
        </h2>
        <p className="text-sm text-muted">{t.cells(fmt(count))}</p>
        {grid ? (
          <section className="mt-2 overflow-x-auto" tabIndex={0} aria-labelledby={`${formId}-caption`}>
            <table className="border-collapse text-sm [&_td]:border [&_td]:border-border [&_td]:px-2 [&_td]:py-1 [&_td]:text-right [&_td]:tabular-nums [&_th]:border [&_th]:border-border [&_th]:px-2 [&_th]:py-1">
              <caption id={`${formId}-caption`} className="mb-2 text-left font-semibold">
                {t.caption(table.title, unit)}
              </caption>
              <thead>
                {grid.columnHeaders.length === 0 ? (
                  <tr>
                    {grid.rowDimensions.map((label) => (
                      <th key={label} scope="col" className="text-left">
                        {label}
                      </th>
                    ))}
                    <th scope="col" className="text-right">
                      {t.value}
                    </th>
                  </tr>
                ) : (
                  grid.columnHeaders.map((h, level) => (
                    <tr key={level}>
                      {level === grid.columnHeaders.length - 1 ? (
                        grid.rowDimensions.map((label) => (
                          <th key={label} scope="col" className="text-left">
                            {label}
                          </th>
                        ))
                      ) : level === 0 && grid.rowDimensions.length > 0 ? (
                        <td colSpan={grid.rowDimensions.length} rowSpan={grid.columnHeaders.length - 1} className="border border-border" />
                      ) : null}
                      {h.cells.map((c, i) => (
                        <th
                          key={`${c.code}-${i}`}
                          scope={c.span > 1 ? 'colgroup' : 'col'}
                          colSpan={c.span > 1 ? c.span : undefined}
                          className="text-right"
                        >
                          {c.label}
                        </th>
                      ))}
                    </tr>
                  ))
                )}
              </thead>
              <tbody>
                {grid.rows.map((row, r) => (
                  <tr key={r}>
                    {row.headers.map((h) => (
                      <th
                        key={h.level}
                        scope={h.span > 1 ? 'rowgroup' : 'row'}
                        rowSpan={h.span > 1 ? h.span : undefined}
                        className="text-left align-top font-normal"
                      >
                        {h.label}
                      </th>
                    ))}
                    {row.cells.map((c, i) => (
                      <td key={i}>
                        {c.value === null ? '' : formatNumber(c.value, c.decimals, locale)}
                        {c.marker ? (
                          <abbr title={cellStatusLabels[locale][c.status]} className="ml-1 no-underline">
                            {c.marker}
                          </abbr>
                        ) : null}
                        {c.note ? (
                          <sup>
                            <a href={`#note-${c.note}`} aria-label={`${t.note} ${c.note}`}>
                              {c.note}
                            </a>
                          </sup>
                        ) : null}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ) : (
          <div role="status" className="mt-2 rounded border border-border p-3">
            <p>{t.tooMany(fmt(count), fmt(pageCellLimit))}</p>
            {downloadList(key)}
          </div>
        )}
        {grid && (grid.statuses.length > 0 || grid.notes.length > 0) ? (
          <div className="mt-3 text-sm">
            {grid.statuses.length > 0 ? (
              <>
                <h3 className="font-semibold">{t.legend}</h3>
                <dl className="grid grid-cols-[auto_1fr] gap-x-3">
                  {grid.statuses.map((s) => (
                    <div key={s} className="contents">
                      <dt>{cellStatusMarker[s]}</dt>
                      <dd>{cellStatusLabels[locale][s]}</dd>
                    </div>
                  ))}
                </dl>
              </>
            ) : null}
            {grid.notes.length > 0 ? (
              <ol className="mt-2 list-decimal pl-6">
                {grid.notes.map((n, i) => (
                  <li key={i} id={`note-${i + 1}`}>
                    {n}
                  </li>
                ))}
              </ol>
            ) : null}
          </div>
        ) : null}
      </section>

      <section aria-labelledby="graphique" className="mt-10">
        <h2 id="graphique" className="text-xl font-bold">
          {t.chart}
        </h2>
        {chart ? (
          <div className="mt-4">
            <TableChartView
              chart={chart}
              id={`graphique-${table.code}`}
              title={
                chart.kind === 'line'
                  ? t.chartLine(`${table.title} (${chart.measure.unit})`)
                  : t.chartBars(`${table.title} (${chart.measure.unit})`, chart.dimension)
              }
              description={t.caption(chart.measure.label, chart.measure.unit)}
              locale={locale}
            />
          </div>
        ) : (
          <p className="mt-2 text-muted">{t.chartNone}</p>
        )}
      </section>

      <section aria-labelledby="telecharger" className="mt-10">
        <h2 id="telecharger" className="text-xl font-bold">
          {t.download}
        </h2>
        <h3 className="mt-3 font-semibold">{t.downloadSelection}</h3>
        {downloadList(key)}
        <h3 className="mt-3 font-semibold">{t.downloadAll}</h3>
        {downloadList('all')}
      </section>

      {table.notes.length > 0 || table.method || table.source || table.dimensions.some((d) => d.note || d.values.some((v) => v.note)) ? (
        <section aria-labelledby="notes" className="mt-10 max-w-3xl">
          <h2 id="notes" className="text-xl font-bold">
            {t.notes}
          </h2>
          {table.notes.map((n, i) => (
            <p key={i} className="mt-2">
              {n}
            </p>
          ))}
          <ul className="mt-2 list-disc pl-6">
            {table.dimensions.flatMap((d) => [
              ...(d.note ? [<li key={d.code}>{t.labelled(d.label, d.note)}</li>] : []),
              ...d.values
                .filter((v) => v.note)
                .map((v) => <li key={`${d.code}-${v.code}`}>{t.labelled(`${d.label}, ${v.label}`, v.note!)}</li>),
            ])}
          </ul>
          {table.source ? <p className="mt-2">{t.labelled(t.source, table.source)}</p> : null}
          {table.method ? (
            <>
              <h3 className="mt-3 font-semibold">{t.method}</h3>
              <p className="mt-1 whitespace-pre-line">{table.method}</p>
            </>
          ) : null}
        </section>
      ) : null}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, '\\u003c') }} />
    </>
  );
}

/**
 * A dimension too long for a box per value (lib/tables/read/selection.ts: `browseThreshold`): its
 * chosen values ticked, a search field, and one page of the other values; the search and page
 * buttons submit the form (so what is ticked is kept) and bring the reader back to this dimension.
 */
function LongDimension({
  dimension: d,
  chosen,
  query,
  id,
  action,
  locale,
}: {
  dimension: TableView['dimensions'][number];
  chosen: ReadonlySet<string>;
  query: Record<string, string | string[] | undefined>;
  id: string;
  action: string;
  locale: Locale;
}) {
  const t = messages(locale).tables;
  const fmt = (n: number) => formatNumber(n, 0, locale);
  const browse = browseValues(d, chosen, query);
  const chosenValues = d.values.filter((v) => chosen.has(v.code));
  const box = (v: { code: string; label: string }, checked: boolean) => (
    <li key={v.code}>
      <label className="inline-flex items-center gap-2">
        <input type="checkbox" name={d.code} value={v.code} defaultChecked={checked} />
        {v.label}
      </label>
    </li>
  );
  const back = `${action}#${id}`;
  return (
    <>
      <p className="text-sm text-muted">{t.chosenCount(fmt(chosenValues.length), fmt(d.values.length))}</p>
      {chosenValues.length > 0 ? <ul className="max-h-56 overflow-y-auto">{chosenValues.map((v) => box(v, true))}</ul> : null}
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <label htmlFor={`${id}-cherche`} className="sr-only">
          {t.searchLabel(d.label)}
        </label>
        <input
          type="search"
          id={`${id}-cherche`}
          name={searchParam(d.code)}
          defaultValue={browse.term}
          className="min-w-0 flex-1 rounded border border-border bg-bg px-2 py-1"
        />
        <button type="submit" formAction={back} className="rounded border border-border px-2 py-1">
          {t.searchButton}
        </button>
      </div>
      <p className="mt-2 text-sm text-muted">
        {browse.total > 0
          ? t.browseRange(fmt(browse.from), fmt(browse.from + browse.values.length - 1), fmt(browse.total), browse.term)
          : t.noMatch(browse.term)}
      </p>
      {browse.values.length > 0 ? <ul className="max-h-56 overflow-y-auto">{browse.values.map((v) => box(v, false))}</ul> : null}
      {browse.pages > 1 ? (
        <div className="mt-2 flex flex-wrap gap-2 text-sm">
          {browse.page > 1 ? (
            <button
              type="submit"
              name={pageParam(d.code)}
              value={browse.page - 1}
              formAction={back}
              className="rounded border border-border px-2 py-1"
            >
              {t.previousValues}
            </button>
          ) : null}
          {browse.page < browse.pages ? (
            <button
              type="submit"
              name={pageParam(d.code)}
              value={browse.page + 1}
              formAction={back}
              className="rounded border border-border px-2 py-1"
            >
              {t.nextValues}
            </button>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
