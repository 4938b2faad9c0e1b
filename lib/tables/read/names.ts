/**
 * Download file names that say what the file holds (issue 37): the table's code, then what narrows
 * the selection — the values kept of each dimension (in the table's order), the periods asked
 * (`depuis-`, `jusqu-a-`, `derniers-N`), the instant (`au-`), the measures — and the language when
 * it is not French: `POP_REGION_SEXE_AGE_2024_derniers-3_en.xlsx`. Two different selections never
 * share a name (a name cut for length ends with a digest of the whole). Pure.
 */
import { createHash } from 'node:crypto';
import { narrowingParts, safeNamePart as safe, type NarrowingQuery } from '@/lib/series/files/names';
import type { TableStructure } from '../model';
import type { Selection } from '../queries';

/** Longest name before the extension; beyond, a digest keeps names distinct. */
const longest = 120;

/**
 * The file name (without extension) of a selection of a table. Values chosen are listed only for
 * the dimensions they narrow (all values chosen, or none: the dimension is left out); several
 * values are joined by `-`.
 */
export function downloadName(
  structure: TableStructure,
  code: string,
  selection: Selection,
  measures: readonly string[] | undefined,
  query: NarrowingQuery,
): string {
  const parts: string[] = [code];
  for (const d of structure.dimensions) {
    const chosen = selection[d.code] ?? [];
    if (chosen.length === 0 || chosen.length === d.values.length) continue;
    // In the dimension's order, so that equal selections give equal names.
    const order = d.values.map((v) => v.code).filter((c) => chosen.includes(c));
    parts.push(safe(order.join('-')));
  }
  if (measures && measures.length > 0 && measures.length < structure.measures.length) parts.push(safe(measures.join('-')));
  parts.push(...narrowingParts(query));
  const name = parts.join('_');
  if (name.length <= longest) return name;
  const digest = createHash('sha256').update(name).digest('hex').slice(0, 10);
  return `${name.slice(0, longest - 11)}_${digest}`;
}
