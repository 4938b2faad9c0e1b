import { count, isNull } from 'drizzle-orm';
import type { Db } from '@/lib/db/open';
import { events, galleries, news, publications, tenders } from '@/lib/db/schema';

/** Items (not in the trash) per area slug, for the dashboard. */
export async function countsPerArea(db: Db): Promise<Record<string, number>> {
  const [pubs, [n], [e], [g], [t]] = await Promise.all([
    db.select({ area: publications.area, total: count() }).from(publications).where(isNull(publications.deletedAt)).groupBy(publications.area),
    db.select({ total: count() }).from(news).where(isNull(news.deletedAt)),
    db.select({ total: count() }).from(events).where(isNull(events.deletedAt)),
    db.select({ total: count() }).from(galleries).where(isNull(galleries.deletedAt)),
    db.select({ total: count() }).from(tenders).where(isNull(tenders.deletedAt)),
  ]);
  const counts: Record<string, number> = Object.fromEntries(pubs.map((p) => [p.area, p.total]));
  return { ...counts, news: n?.total ?? 0, events: e?.total ?? 0, galleries: g?.total ?? 0, offres: t?.total ?? 0 };
}
