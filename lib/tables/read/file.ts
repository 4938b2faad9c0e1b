/**
 * The bytes the open API answers for a whole table in one format with no other parameter
 * (`GET /api/v1/tables/{CODE}?format=csv`, French labels), made as lib/tables/read/api.ts makes
 * them: the DCAT-AP catalogue (lib/dcat) gives their size and SHA-256. Only for answers the API
 * renders whole (at most `largeAnswerCells` cells); larger ones are streamed and get no digest.
 */
import type { Db } from '@/lib/db/open';
import { env } from '@/lib/env';
import { agency } from '@/lib/series/api';
import { tableDownloadPath, type TableFormat } from '@/lib/content/addresses';
import { countCells, pickCells, type TableView } from '../queries';
import { renderTable } from './formats';
import { narrowPeriods, parseKey } from './selection';

/** Past this many cells an answer is streamed, takes a slot of `largeAnswers` and is not kept in memory (./api.ts). */
export const largeAnswerCells = 100_000;

/** The whole table's file in `format` as the API answers it, or null when the API would stream it. */
export async function wholeTableFile(db: Db, table: TableView, format: TableFormat): Promise<string | Uint8Array | null> {
  const keyed = parseKey(table.structure, 'all');
  if (!keyed.ok) return null;
  const narrowed = narrowPeriods(table.structure, keyed.value, {});
  if (!narrowed.ok) return null;
  const { selection, measures } = narrowed.value;
  if ((countCells(table.structure, selection, measures) ?? Infinity) > largeAnswerCells) return null;
  const picked = await pickCells(db, table, selection, measures);
  if (!picked.ok) return null;
  const href = `${env.SITE_URL.replace(/\/$/, '')}${tableDownloadPath(table.code, format)}`;
  return renderTable({ table, cells: picked.value }, format, 'fr', { agency: agency.id, href });
}
