/**
 * A table as a kind of versioned data (lib/versions): its tables, cache tags and words. What a
 * table version holds — its structure and cells — is written by ./versions.ts.
 */
import { tags } from '@/lib/cache/tags';
import type { Versioning } from '@/lib/versions/model';
import { dataTables, dataTableVersions } from './schema';

/** Cache tags of a table's public views: its page, files and API answers, the lists, its area, the sitemap. */
export function tableTags(row: { code: string; area: string }): string[] {
  return [tags.table(row.code), tags.tableList, tags.area(row.area), tags.sitemap];
}

export const tableVersioning: Versioning = {
  audit: { prefix: 'table', entityType: 'table' },
  owners: { table: dataTables, id: dataTables.id, code: dataTables.code, area: dataTables.area, label: dataTables.title },
  versions: { ...dataTableVersions, table: dataTableVersions, owner: dataTableVersions.tableId, ownerKey: 'tableId' },
  tags: tableTags,
  words: {
    The: (code) => `Le tableau ${code}`,
    the: (code) => `le tableau ${code}`,
    version: (number, code) => `La version ${number} du tableau ${code}`,
    title: (code) => `Tableau ${code}`,
    piece: (number, code) => `la version ${number} du tableau ${code}`,
  },
};
