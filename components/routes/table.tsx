import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { TablePage, pageCellLimit } from '@/components/tables/table-page';
import { getDb } from '@/lib/db';
import type { Locale } from '@/lib/i18n/locales';
import { pageMetadata } from '@/lib/seo';
import { countCells, selectCells, type SelectedCells } from '@/lib/tables/queries';
import { getPublicTable } from '@/lib/tables/read/public';
import { tableCodePattern, tablePath } from '@/lib/content/addresses';
import { readPageView, viewQuery } from '@/lib/tables/read/selection';
import { TableMap } from '@/components/maps/table-map';
import { getGeoLevels, getPublicBoundaries } from '@/lib/geo/public';
import { mapViewParam, mapViewValue, planMap } from '@/lib/geo/table-map';
import { localePath } from '@/lib/i18n/paths';

type Props = { params: Promise<{ code: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * A table's page (`/donnees/tableaux/{CODE}?…`) in `locale`: rendered per request (the query is
 * the selection); its canonical address is the default selection, the page without a query.
 */
export function tableRoute(locale: Locale) {
  const load = async (code: string) => (tableCodePattern.test(code) ? getPublicTable(code, locale) : null);

  async function generateMetadata({ params, searchParams }: Props) {
    await connection();
    const { code } = await params;
    const table = await load(code);
    if (!table) return {};
    const metadata = await pageMetadata({
      title: table.title,
      description: (table.description || `${table.title} — ${table.dimensions.map((d) => d.label).join(', ')}`).slice(0, 300),
      path: tablePath(table.code),
      locale,
    });
    // Other selections are for readers, not search engines: they follow the canonical address.
    const query = Object.keys(await searchParams).length > 0;
    return query ? { ...metadata, robots: { index: false, follow: true } } : metadata;
  }

  async function Page({ params, searchParams }: Props) {
    await connection();
    const { code } = await params;
    const table = await load(code);
    if (!table) notFound();
    const query = await searchParams;
    const read = readPageView(table.structure, query, pageCellLimit, locale);
    // The map view (`vue=carte`): the nearest selection a map can show, when the table has a geographic dimension.
    const plan = planMap(table.structure, read.view, await getGeoLevels());
    const level = plan ? await getPublicBoundaries(plan.level) : null;
    // Drawn only where the table's codes are the level's (another coding of the same dimension has no shapes).
    const boundaries = level && plan!.selection[plan!.dimension]!.some((code) => level.names[code]) ? level : null;
    const wantsMap = query[mapViewParam] === mapViewValue && Boolean(boundaries);
    const view = wantsMap && plan ? { ...read.view, selection: plan.selection } : read.view;
    const mapHref =
      plan && boundaries
        ? `${localePath(locale, tablePath(table.code))}?${viewQuery(table.structure, { ...view, selection: plan.selection })}&${mapViewParam}=${mapViewValue}#carte`
        : null;
    // Over the page's cap only the count is shown: no cell is read.
    const count = countCells(table.structure, view.selection);
    // The view was checked against the structure: a refusal here is the default's, which cannot fail.
    if (count === null) notFound();
    let cells: SelectedCells | { count: number } = { count };
    if (count <= pageCellLimit) {
      const picked = await selectCells(await getDb(), table, view.selection);
      if (!picked.ok) notFound();
      cells = picked.value;
    }
    const map =
      mapHref && plan && boundaries
        ? {
            href: mapHref,
            shown:
              wantsMap && 'values' in cells ? (
                <TableMap table={table} cells={cells} plan={plan} boundaries={boundaries} locale={locale} />
              ) : null,
          }
        : undefined;
    return (
      <TablePage table={table} view={view} cells={cells} error={read.ok ? undefined : read.error} query={query} locale={locale} map={map} />
    );
  }

  return { generateMetadata, Page };
}
