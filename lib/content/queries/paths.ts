import { desc, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/open';
import { news, publications } from '@/lib/db/schema';
import { isPublic } from './visibility';

export type PublicPathIndex = {
  /** `area/slug` of every public publication. */
  publications: Set<string>;
  /** Public publications per area, in total and per year of release. */
  areaCounts: Map<string, { total: number; years: Map<number, number> }>;
  newsIds: Set<number>;
  newsTotal: number;
};

/** Everything needed to tell whether a public URL exists, in two small queries. */
export async function publicPathIndex(db: Db, now: Date): Promise<PublicPathIndex> {
  const year = sql<number>`extract(year from ${publications.publishedAt} at time zone 'UTC')::int`;
  const [pubs, newsRows] = await Promise.all([
    db.select({ area: publications.area, slug: publications.slug, year }).from(publications).where(isPublic(publications, now)),
    db.select({ id: news.id }).from(news).where(isPublic(news, now)).orderBy(desc(news.id)),
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
  };
}
