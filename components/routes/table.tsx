import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { TablePage, pageCellLimit } from '@/components/tables/table-page';
import { getDb } from '@/lib/db';
import type { Locale } from '@/lib/i18n/locales';
import { pageMetadata } from '@/lib/seo';
import { countCells, selectCells, type SelectedCells } from '@/lib/tables/queries';
import { getPublicTable } from '@/lib/tables/read/public';
import { tableCodePattern, tablePath } from '@/lib/content/addresses';
import { readPageView } from '@/lib/tables/read/selection';

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
    const { view } = read;
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
    return <TablePage table={table} view={view} cells={cells} error={read.ok ? undefined : read.error} query={query} locale={locale} />;
  }

  return { generateMetadata, Page };
}
