/** The index of existing public paths that the proxy answers from (lib/routing/path-index.ts), read from every domain. */
import type { Db } from '@/lib/db/open';
import { publicPublicationAreas } from '@/lib/content/areas';
import { publicNewsRefs } from '@/lib/content/queries/news';
import { publicPublicationRefs } from '@/lib/content/queries/publications';
import { releaseRefs } from '@/lib/releases/queries';
import { publishedSeriesRefs } from '@/lib/series/queries';
import { publishedTableRefs } from '@/lib/tables/queries';
import { publicSurveyRefs } from '@/lib/microdata/queries';

export type PublicPathIndex = {
  /** `area/slug` of every public publication. */
  publications: Set<string>;
  /** Public publications per area, in total and per year of release. */
  areaCounts: Map<string, { total: number; years: Map<number, number> }>;
  newsIds: Set<number>;
  newsTotal: number;
  /** `area/CODE` of every series with a published version. */
  series: Set<string>;
  /** Code of every table with a public version. */
  tables: Set<string>;
  /** Slug of every survey online (lib/microdata). */
  surveys: Set<string>;
  /** `slug/NAME` of every variable of a survey online, in its current version. */
  surveyVariables: Set<string>;
  /** Slug of every release of the calendar. */
  releases: Set<string>;
};

/** Everything needed to tell whether a public URL exists, from the sitemap's own two queries. */
export async function publicPathIndex(db: Db, now: Date): Promise<PublicPathIndex> {
  const areas = publicPublicationAreas().map((a) => a.slug);
  const [pubs, newsRows, seriesRows, releaseRows, tableRows, surveyRows] = await Promise.all([
    publicPublicationRefs(db, { areas, now }),
    publicNewsRefs(db, { now }),
    publishedSeriesRefs(db, now),
    releaseRefs(db),
    publishedTableRefs(db, now),
    publicSurveyRefs(db, now),
  ]);
  const areaCounts = new Map<string, { total: number; years: Map<number, number> }>();
  for (const p of pubs) {
    const entry = areaCounts.get(p.area) ?? { total: 0, years: new Map<number, number>() };
    entry.total++;
    entry.years.set(p.year, (entry.years.get(p.year) ?? 0) + 1);
    areaCounts.set(p.area, entry);
  }
  return {
    publications: new Set(pubs.map((p) => `${p.area}/${p.slug}`)),
    areaCounts,
    newsIds: new Set(newsRows.map((n) => n.id)),
    newsTotal: newsRows.length,
    series: new Set(seriesRows.map((r) => `${r.area}/${r.code}`)),
    releases: new Set(releaseRows.map((r) => r.slug)),
    tables: new Set(tableRows.map((r) => r.code)),
    surveys: new Set(surveyRows.map((r) => r.slug)),
    surveyVariables: new Set(surveyRows.flatMap((r) => r.variables.map((name) => `${r.slug}/${name}`))),
  };
}
