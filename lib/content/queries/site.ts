import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/lib/db/open';
import { files, pages, siteIdentity } from '@/lib/db/schema';

/** A library image shown on public pages (logo, director's photo), with what `<img>` needs. */
export type PublicImage = { id: string; name: string; width: number | null; height: number | null };

export type SiteIdentity = typeof siteIdentity.$inferSelect & {
  /** The logo chosen in /admin/about, when it is still in the library. */
  logo: PublicImage | null;
};

const imageColumns = { imageId: files.id, imageName: files.name, imageWidth: files.width, imageHeight: files.height };

const toImage = (r: {
  imageId: string | null;
  imageName: string | null;
  imageWidth: number | null;
  imageHeight: number | null;
}): PublicImage | null =>
  r.imageId && r.imageName ? { id: r.imageId, name: r.imageName, width: r.imageWidth, height: r.imageHeight } : null;

/**
 * The institute's identity (name, acronym, contacts, logo…, the English name and tagline in
 * `translations`), or null before the first seed.
 */
export async function getSiteIdentity(db: Db): Promise<SiteIdentity | null> {
  const [row] = await db
    .select({ identity: siteIdentity, ...imageColumns })
    .from(siteIdentity)
    .leftJoin(files, and(eq(files.id, siteIdentity.logoFileId), isNull(files.deletedAt)))
    .where(eq(siteIdentity.id, 1))
    .limit(1);
  return row ? { ...row.identity, logo: toImage(row) } : null;
}

/** An institutional text or area introduction by key (`mission`, `intro:ipc`…), with its English texts, or null. */
export async function getPage(db: Db, key: string) {
  const [row] = await db
    .select({
      key: pages.key,
      title: pages.title,
      body: pages.body,
      translations: pages.translations,
      photoFileId: pages.photoFileId,
      updatedAt: pages.updatedAt,
      ...imageColumns,
    })
    .from(pages)
    .leftJoin(files, and(eq(files.id, pages.photoFileId), isNull(files.deletedAt)))
    .where(eq(pages.key, key))
    .limit(1);
  if (!row) return null;
  const { imageId, imageName, imageWidth, imageHeight, ...page } = row;
  return { ...page, photo: toImage({ imageId, imageName, imageWidth, imageHeight }) };
}
