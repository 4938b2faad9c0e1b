/**
 * When and how a table's selection is drawn on a map: one dimension tied to a geographic level
 * (its code is the level's `dimension`) with several values, one value of every other dimension and
 * one measure. Pure: the page gives the structure, its view and the levels.
 */
import type { TableStructure } from '@/lib/tables/model';
import type { PageView } from '@/lib/tables/read/selection';

/** The query parameter of the map view (`vue=carte`). */
export const mapViewParam = 'vue';
export const mapViewValue = 'carte';

/** Codes of a total (SDMX `_T`…): the map prefers it to the first value of a dimension. */
const totalCodes = ['_T', 'T', 'TOTAL', '_Z'];

export type MapPlan = {
  level: string;
  dimension: string;
  /** The selection the map shows: the level's values selected (all when fewer than two), one of each other. */
  selection: Record<string, string[]>;
  /** Whether the page's own selection is already that one. */
  fits: boolean;
};

/**
 * The map a view can show, or null when the table has no dimension on a level. For a selection that
 * does not fit (two years, one region…), the nearest one that does: the geographic values chosen
 * (every value when fewer than two), and of each other dimension its total (`_T`) when it has one,
 * else the first value chosen — the last for time, the latest period.
 */
export function planMap(structure: TableStructure, view: PageView, levels: readonly { code: string; dimension: string }[]): MapPlan | null {
  const geo = structure.dimensions.find((d) => levels.some((l) => l.dimension === d.code) && d.values.length > 1);
  if (!geo) return null;
  const level = levels.find((l) => l.dimension === geo.code)!;
  const selection: Record<string, string[]> = {};
  let fits = structure.measures.length === 1;
  for (const d of structure.dimensions) {
    const chosen = view.selection[d.code] ?? [];
    if (d === geo) {
      selection[d.code] = chosen.length > 1 ? chosen : d.values.map((v) => v.code);
      if (chosen.length < 2) fits = false;
    } else {
      const total = d.values.find((v) => totalCodes.includes(v.code) && (chosen.length === 0 || chosen.includes(v.code)))?.code;
      const one = total ?? (chosen.length > 0 ? (d.role === 'time' ? chosen[chosen.length - 1]! : chosen[0]!) : d.values[0]!.code);
      selection[d.code] = [one];
      if (chosen.length !== 1) fits = false;
    }
  }
  return { level: level.code, dimension: geo.code, selection, fits };
}
