import { count, isNull } from 'drizzle-orm';
import type { Db } from '@/lib/db/open';
import { events, galleries, news, publications, tenders } from '@/lib/db/schema';

export type AreaCounts = { total: number; drafts: number; scheduled: number; published: number };

const empty = (): AreaCounts => ({ total: 0, drafts: 0, scheduled: 0, published: 0 });

function tally(rows: { status: string; total: number }[]): AreaCounts {
  const c = empty();
  for (const r of rows) {
    c.total += r.total;
    if (r.status === 'draft') c.drafts += r.total;
    if (r.status === 'scheduled') c.scheduled += r.total;
    if (r.status === 'published') c.published += r.total;
  }
  return c;
}

/** Items per area slug (not in the trash), with drafts and scheduled ones, for the dashboard. */
export async function countsPerArea(db: Db): Promise<Record<string, AreaCounts>> {
  const [pubs, n, e, g, t] = await Promise.all([
    db
      .select({ area: publications.area, status: publications.status, total: count() })
      .from(publications)
      .where(isNull(publications.deletedAt))
      .groupBy(publications.area, publications.status),
    db.select({ status: news.status, total: count() }).from(news).where(isNull(news.deletedAt)).groupBy(news.status),
    db.select({ status: events.status, total: count() }).from(events).where(isNull(events.deletedAt)).groupBy(events.status),
    db.select({ status: galleries.status, total: count() }).from(galleries).where(isNull(galleries.deletedAt)).groupBy(galleries.status),
    db.select({ status: tenders.status, total: count() }).from(tenders).where(isNull(tenders.deletedAt)).groupBy(tenders.status),
  ]);
  const counts: Record<string, AreaCounts> = {};
  const areas = new Set(pubs.map((p) => p.area));
  for (const area of areas) counts[area] = tally(pubs.filter((p) => p.area === area));
  return { ...counts, news: tally(n), events: tally(e), galleries: tally(g), offres: tally(t) };
}
