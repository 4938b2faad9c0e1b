import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/open';
import { pages, siteIdentity } from '@/lib/db/schema';

export type SiteIdentity = typeof siteIdentity.$inferSelect;

/** The institute's identity (name, acronym, contacts…), or null before the first seed. */
export async function getSiteIdentity(db: Db): Promise<SiteIdentity | null> {
  const [row] = await db.select().from(siteIdentity).where(eq(siteIdentity.id, 1)).limit(1);
  return row ?? null;
}

/** An institutional text or area introduction by key (`mission`, `intro:ipc`…), or null. */
export async function getPage(db: Db, key: string) {
  const [row] = await db
    .select({ key: pages.key, title: pages.title, body: pages.body, photoFileId: pages.photoFileId, updatedAt: pages.updatedAt })
    .from(pages)
    .where(eq(pages.key, key))
    .limit(1);
  return row ?? null;
}
