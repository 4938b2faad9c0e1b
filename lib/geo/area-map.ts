/**
 * The map an area's page shows: its key table — the first of its public tables with a dimension on
 * a geographic level; for the census page, the first of the whole catalogue — in the table's default
 * selection narrowed to one value per other dimension (the latest period). Cached with the table's,
 * the catalogue's and the level's tags.
 */
import 'server-only';
import { cacheLife, cacheTag } from 'next/cache';
import { tags } from '@/lib/cache/tags';
import { getDb } from '@/lib/db';
import { tablePath } from '@/lib/content/addresses';
import type { Locale } from '@/lib/i18n/locales';
import { localePath } from '@/lib/i18n/paths';
import { selectCells } from '@/lib/tables/queries';
import { getPublicTable, getPublicTableList } from '@/lib/tables/read/public';
import { defaultView, viewQuery } from '@/lib/tables/read/selection';
import type { LevelBoundaries } from './levels';
import { getGeoLevels, getPublicBoundaries } from './public';
import { mapViewParam, mapViewValue, planMap } from './table-map';
import { tableMapSvg } from './table-svg';

/** Areas whose page shows the catalogue's key map when they have no regional table of their own. */
const catalogueMapAreas = new Set(['rgph']);

export type AreaMap = {
  code: string;
  title: string;
  others: string;
  svg: string;
  href: string;
  boundaries: Pick<LevelBoundaries, 'level' | 'version'>;
};

/** The key map of an area's page, or null. */
export async function getAreaMap(area: string, locale: Locale): Promise<AreaMap | null> {
  'use cache';
  cacheLife('content');
  cacheTag(tags.tableList, tags.area(area), tags.geo('*'));
  // The area's tables first (the page has read them already): an area without any reads nothing
  // more, so a page that never had a map costs no extra read (nor, while the database is down, its wait).
  const own = await getPublicTableList(locale, area);
  const candidates = own.length > 0 || !catalogueMapAreas.has(area) ? own : await getPublicTableList(locale);
  if (candidates.length === 0) return null;
  const levels = await getGeoLevels();
  if (levels.length === 0) return null;
  for (const entry of candidates) {
    const table = await getPublicTable(entry.code, locale);
    if (!table) continue;
    const plan = planMap(table.structure, defaultView(table.structure, 2_500), levels);
    if (!plan) continue;
    const boundaries = await getPublicBoundaries(plan.level);
    if (!boundaries || !plan.selection[plan.dimension]!.some((c) => boundaries.names[c])) continue;
    cacheTag(tags.table(table.code), tags.geo(plan.level));
    const cells = await selectCells(await getDb(), table, plan.selection);
    if (!cells.ok) continue;
    const { svg, others } = tableMapSvg(table, cells.value, plan, boundaries, locale);
    const query = viewQuery(table.structure, { ...defaultView(table.structure, 2_500), selection: plan.selection });
    return {
      code: table.code,
      title: table.title,
      others,
      svg,
      href: `${localePath(locale, tablePath(table.code))}?${query}&${mapViewParam}=${mapViewValue}#carte`,
      boundaries: { level: boundaries.level, version: boundaries.version },
    };
  }
  return null;
}
