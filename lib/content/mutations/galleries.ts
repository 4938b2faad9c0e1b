/**
 * Writing photo galleries from the back-office: the kind (for the life cycle and the scheduler),
 * create and update through the generic `items` module (the photos are its ordered list),
 * deletion for good, and the reads of the edit form and of the connected-user preview.
 * Plain `(db, …)` functions.
 */
import { asc, eq } from 'drizzle-orm';
import type { SessionUser } from '@/lib/auth/types';
import { galleryTags } from '@/lib/cache/tags';
import { galleryColumns, withImages, type Gallery } from '@/lib/content/queries/galleries';
import { galleryInputSchema, type GalleryInput, type GalleryValues } from '@/lib/content/schemas/gallery';
import { fileUrl } from '@/lib/content/urls';
import type { Db } from '@/lib/db/open';
import { files, galleries, galleryImages } from '@/lib/db/schema';
import { createItem, deleteItemForever, getItemForEdit, updateItem, type Authors, type EditableKind, type ItemList } from './items';
import { notFoundError, type LifecycleResult, type WriteOptions } from './lifecycle';

export { galleryInputSchema, type GalleryInput, type GalleryValues };

export type GalleryRow = typeof galleries.$inferSelect;
type ImageValue = GalleryValues['images'][number];

/** The photos of a gallery, in order, replaced as a whole when they change. */
const images: ItemList<GalleryValues> = {
  field: 'images',
  of: (values) => values.images,
  read: (db, id) =>
    db
      .select({ fileId: galleryImages.fileId, caption: galleryImages.caption, alt: galleryImages.alt })
      .from(galleryImages)
      .where(eq(galleryImages.galleryId, id))
      .orderBy(asc(galleryImages.position), asc(galleryImages.id)),
  async write(tx, id, list: ImageValue[]) {
    await tx.delete(galleryImages).where(eq(galleryImages.galleryId, id));
    if (list.length === 0) return;
    await tx.insert(galleryImages).values(list.map((image, position) => ({ galleryId: id, fileId: image.fileId, caption: image.caption, alt: image.alt, position })));
  },
};

/** Galleries as an editable, publishable kind. */
export const galleryKind: EditableKind<GalleryRow, GalleryValues> = {
  table: galleries,
  slugTable: 'galleries',
  entity: 'gallery',
  words: { noun: 'Galerie', this: 'cette galerie', pronoun: 'la', feminine: true },
  tags: () => galleryTags(),
  schema: () => galleryInputSchema,
  columns: (v) => ({ title: v.title, description: v.description, takenOn: v.takenOn }),
  fileRefs: (v) => ({ images: v.images.map((i) => i.fileId) }),
  list: images,
};

/** Creates a draft gallery with its photos (see `createItem`); returns it. */
export async function createGallery(db: Db, input: unknown, user: SessionUser, options: WriteOptions = {}): Promise<GalleryRow> {
  return (await createItem(db, galleryKind, input, user, options)).publication;
}

/** Saves a gallery's edit form, photos included, version-checked (see `updateItem`). */
export function updateGallery(db: Db, id: number, expectedVersion: number, input: unknown, user: SessionUser, options: WriteOptions = {}): Promise<LifecycleResult<GalleryRow>> {
  return updateItem(db, galleryKind, id, expectedVersion, input, user, options);
}

/** Deletes a gallery of the trash for good (the photos stay in the library); the audit entry keeps its values and photos. */
export function deleteGalleryForever(db: Db, id: number, expectedVersion: number, user: SessionUser, options: WriteOptions = {}): Promise<LifecycleResult<GalleryRow>> {
  return deleteItemForever(db, galleryKind, id, expectedVersion, user, options);
}

/** A photo as the edit form shows it. */
export type EditGalleryImage = { fileId: string; caption: string; alt: string; name: string; url: string; width: number | null; height: number | null };

export type GalleryForEdit = GalleryRow & Authors & { images: EditGalleryImage[] };

/** A gallery as the edit form shows it, photos in order, trashed ones included, or `NotFoundError`. */
export function getGalleryForEdit(db: Db, id: number): Promise<GalleryForEdit> {
  return getItemForEdit(db, galleryKind, id, async (row) => {
    const rows = await db
      .select({ fileId: galleryImages.fileId, caption: galleryImages.caption, alt: galleryImages.alt, name: files.name, width: files.width, height: files.height })
      .from(galleryImages)
      .innerJoin(files, eq(files.id, galleryImages.fileId))
      .where(eq(galleryImages.galleryId, row.id))
      .orderBy(asc(galleryImages.position), asc(galleryImages.id));
    return { images: rows.map((i) => ({ ...i, url: fileUrl({ id: i.fileId, name: i.name }) })) };
  });
}

export type GalleryPreview = Gallery & { status: GalleryRow['status']; deletedAt: Date | null };

/** The gallery as the galleries page would show it, whatever its status (preview for connected users). */
export async function previewGallery(db: Db, id: number): Promise<GalleryPreview> {
  const [row] = await db
    .select({ ...galleryColumns, status: galleries.status, deletedAt: galleries.deletedAt })
    .from(galleries)
    .where(eq(galleries.id, id))
    .limit(1);
  if (!row) throw notFoundError(galleryKind.words);
  const [gallery] = await withImages(db, [row]);
  return gallery as GalleryPreview;
}
