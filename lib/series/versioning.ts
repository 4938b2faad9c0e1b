/**
 * A series as a kind of versioned data (lib/versions): its tables, cache tags and words. What a
 * series version holds — the observations it adds or changes — is written by ./versions.ts.
 */
import { tags } from '@/lib/cache/tags';
import { series, seriesVersions } from '@/lib/db/schema';
import type { Versioning } from '@/lib/versions/model';

/** Cache tags of a series' public views (its page and files, its area's figures, the lists). */
export function seriesTags(row: { code: string; area: string }): string[] {
  return [tags.series(row.code), tags.seriesList, tags.area(row.area), tags.sitemap];
}

export const seriesVersioning: Versioning = {
  audit: { prefix: 'series', entityType: 'series' },
  owners: { table: series, id: series.id, code: series.code, area: series.area, label: series.label },
  versions: { ...seriesVersions, table: seriesVersions, owner: seriesVersions.seriesId, ownerKey: 'seriesId' },
  tags: seriesTags,
  words: {
    The: (code) => `La série ${code}`,
    the: (code) => `la série ${code}`,
    version: (number, code) => `La version ${number} de ${code}`,
    title: (code) => `Série ${code}`,
    piece: (number, code) => `la version ${number} de la série ${code}`,
  },
};
