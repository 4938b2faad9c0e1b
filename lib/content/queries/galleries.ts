import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '@/lib/db/open';
import { files, galleries, galleryImages, type Translations } from '@/lib/db/schema';
import { isPublic } from './visibility';

export type GalleryImage = {
  id: number;
  fileId: string;
  name: string;
  caption: string;
  alt: string;
  width: number | null;
  height: number | null;
  /** The caption and description in English (issue 29), where written. */
  translations?: Translations<'caption' | 'alt'>;
};
/** A gallery's English texts (lib/i18n/content.ts `localize` shows them on English pages). */
export type GalleryTranslations = Translations<'title' | 'description'>;
export type Gallery = {
  id: number;
  slug: string;
  title: string;
  description: string;
  takenOn: string | null;
  translations: GalleryTranslations;
  images: GalleryImage[];
};

/** Columns of a gallery as the public page shows it (the back-office preview reads the same). */
export const galleryColumns = {
  id: galleries.id,
  slug: galleries.slug,
  title: galleries.title,
  description: galleries.description,
  takenOn: galleries.takenOn,
  translations: galleries.translations,
};

/** Public galleries, newest first, each with its images in order. */
export async function listGalleries(db: Db, params: { now: Date }): Promise<Gallery[]> {
  const rows = await db
    .select(galleryColumns)
    .from(galleries)
    .where(isPublic(galleries, params.now))
    .orderBy(desc(galleries.takenOn), desc(galleries.id));
  return withImages(db, rows);
}

/** Galleries with their images in order. */
export async function withImages<T extends { id: number }>(db: Db, rows: T[]): Promise<(T & { images: GalleryImage[] })[]> {
  if (rows.length === 0) return [];
  const images = await db
    .select({
      id: galleryImages.id,
      galleryId: galleryImages.galleryId,
      fileId: galleryImages.fileId,
      name: files.name,
      caption: galleryImages.caption,
      alt: galleryImages.alt,
      translations: galleryImages.translations,
      width: files.width,
      height: files.height,
    })
    .from(galleryImages)
    .innerJoin(files, eq(files.id, galleryImages.fileId))
    // Only images a visitor can load: one reserved to signed-in people or deleted answers them 404.
    .where(
      and(
        inArray(
          galleryImages.galleryId,
          rows.map((r) => r.id),
        ),
        eq(files.visibility, 'public'),
        isNull(files.deletedAt),
      ),
    )
    .orderBy(asc(galleryImages.position), asc(galleryImages.id));
  return rows.map((g) => ({
    ...g,
    images: images
      .filter((i) => i.galleryId === g.id)
      .map(({ id, fileId, name, caption, alt, width, height, translations }) => ({
        id,
        fileId,
        name,
        caption,
        alt,
        width,
        height,
        ...(translations.en ? { translations } : {}),
      })),
  }));
}
