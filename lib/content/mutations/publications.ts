/**
 * Writing publications from the back-office: the input schema (built from the area registry),
 * create and update with optimistic versions, the life cycle (publish, schedule, unpublish, trash,
 * restore, delete for good, and their bulk variants for lists), and the reads of the edit form and
 * the connected-user preview. Each write records an audit entry in its own transaction and returns
 * the cache tags it touched; the caller invalidates them. Plain `(db, …)` functions.
 */
import { eq } from 'drizzle-orm';
import type { SessionUser } from '@/lib/auth/types';
import { publicationTags } from '@/lib/cache/tags';
import { getArea, type Area } from '@/lib/content/areas';
import { publicationInputSchema, type PublicationInput, type PublicationValues } from '@/lib/content/schemas/publication';
import { sanitizeRichText } from '@/lib/content/html';
import { filesOfPublications } from '@/lib/content/queries/files';
import { detailColumns, type PublicationDetail } from '@/lib/content/queries/publications';
import type { Db } from '@/lib/db/open';
import { publicationFiles, publications } from '@/lib/db/schema';
import { ValidationError } from '@/lib/errors';
import {
  attachmentList,
  attachmentsForEdit,
  createItem,
  deleteItemForever,
  fileForEdit,
  getItemForEdit,
  updateItem,
  type Authors,
  type EditableKind,
  type EditAttachment,
  type EditFile,
} from './items';
import { bulkChangeLifecycle, changeLifecycle, notFoundError, type BulkResult, type LifecycleResult, type WriteOptions } from './lifecycle';

export { publicationInputSchema, type PublicationInput, type PublicationValues };
export type { EditAttachment };

export type Publication = typeof publications.$inferSelect;

function publicationArea(slug: unknown): Area {
  const area = typeof slug === 'string' ? getArea(slug) : undefined;
  if (!area || area.kind !== 'publications') {
    const message = 'Cette rubrique n’existe pas ou ne contient pas de publications.';
    throw new ValidationError(message, { area: [message] });
  }
  return area;
}

/** A publication's checked values and the area they are for (whose own fields they carry). */
type AreaValues = PublicationValues & { area: string };

/**
 * Publications as an editable, publishable kind (the scheduler, the life cycle and the generic
 * create/update take it). The input's `area` — or, when saving, the stored one — picks the schema
 * of the area's own fields; slugs are unique within an area.
 */
export const publicationKind: EditableKind<Publication, AreaValues> = {
  table: publications,
  slugTable: 'publications',
  entity: 'publication',
  words: { noun: 'Publication', this: 'cette publication', pronoun: 'la', feminine: true },
  tags: (row) => publicationTags(row),
  schema(input, current) {
    const given = (input as { area?: unknown } | null)?.area;
    const area = publicationArea(given === undefined ? current?.area : given);
    return publicationInputSchema(area).transform((v) => ({ ...v, area: area.slug }));
  },
  columns: (v) => ({
    area: v.area,
    title: v.title,
    summary: v.summary,
    body: sanitizeRichText(v.body),
    periodLabel: v.periodLabel,
    periodStart: v.periodStart,
    periodEnd: v.periodEnd,
    coverFileId: v.coverFileId,
    fields: v.fields,
  }),
  fileRefs: (v) => ({ cover: v.coverFileId, attachments: v.files.map((f) => f.fileId) }),
  list: attachmentList(publicationFiles, 'publicationId'),
  slugScope: { key: 'area', label: 'cette rubrique' },
};

// ─── Create and update ─────────────────────────────────────────────────────────────────────

/**
 * Creates a draft publication in `area` (version 1, authored by `user`) with its attachments, in
 * one transaction with its audit entry. The slug is the chosen one (refused with a `ConflictError`
 * on `slug` when the area already uses it) or one derived from the title, made unique in the area.
 * Throws `ValidationError` with French field errors.
 */
export async function createPublication(db: Db, area: Area | string, input: PublicationInput, user: SessionUser, options: WriteOptions = {}): Promise<Publication> {
  const target = publicationArea(typeof area === 'string' ? area : area.slug);
  return (await createItem(db, publicationKind, { ...input, area: target.slug }, user, options)).publication;
}

/**
 * Saves the edit form of a publication, if nobody saved it since it was loaded: one
 * `UPDATE … WHERE id AND version = expectedVersion` bumps the version. Otherwise nothing is written
 * and a `ConflictError` names who saved it and when (`NotFoundError` when it is gone).
 * Attachments are replaced in the same transaction. `input.area` moves it to another publication
 * area (lois ↔ décrets), whose fields then apply. The slug stays unless a new one is given (its
 * public address must not change behind the editor's back); when moving, it is numbered if the new
 * area uses it. The audit entry keeps the changed fields only; with no change, nothing is written.
 * The tags are those of both areas when it moved.
 */
export function updatePublication(
  db: Db,
  id: number,
  expectedVersion: number,
  input: PublicationInput & { area?: string },
  user: SessionUser,
  options: WriteOptions = {},
): Promise<LifecycleResult<Publication>> {
  return updateItem(db, publicationKind, id, expectedVersion, input, user, options);
}

// ─── Life cycle ────────────────────────────────────────────────────────────────────────────

/**
 * Puts a publication online now (version-checked). A release date already in the past is kept
 * (putting an item back online keeps its date); a future or missing one becomes now.
 */
export function publishPublication(db: Db, id: number, expectedVersion: number, user: SessionUser, options: WriteOptions = {}) {
  return changeLifecycle(db, publicationKind, 'publish', { id, expectedVersion, user, ...options });
}

/** Schedules a publication for `at`, which must be in the future (`ValidationError` on `publishedAt`). */
export function schedulePublication(db: Db, id: number, expectedVersion: number, user: SessionUser, at: Date, options: WriteOptions = {}) {
  return changeLifecycle(db, publicationKind, 'schedule', { id, expectedVersion, user, at, ...options });
}

/** Takes a publication off the site, back to draft (a scheduled one is unscheduled). */
export function unpublishPublication(db: Db, id: number, expectedVersion: number, user: SessionUser, options: WriteOptions = {}) {
  return changeLifecycle(db, publicationKind, 'unpublish', { id, expectedVersion, user, ...options });
}

/** Moves a publication to the trash: it leaves the site at once and can be restored as it was. */
export function trashPublication(db: Db, id: number, expectedVersion: number, user: SessionUser, options: WriteOptions = {}) {
  return changeLifecycle(db, publicationKind, 'trash', { id, expectedVersion, user, ...options });
}

/** Takes a publication out of the trash, in the state it had (a published one is public again). */
export function restorePublication(db: Db, id: number, expectedVersion: number, user: SessionUser, options: WriteOptions = {}) {
  return changeLifecycle(db, publicationKind, 'restore', { id, expectedVersion, user, ...options });
}

/**
 * Deletes a publication of the trash for good (its attachments go with it; the files stay in the
 * library). The audit entry keeps its values and attachments.
 */
export function deletePublicationForever(db: Db, id: number, expectedVersion: number, user: SessionUser, options: WriteOptions = {}) {
  return deleteItemForever(db, publicationKind, id, expectedVersion, user, options);
}

/** Puts the selected publications online (those in the trash or already online are skipped). */
export function bulkPublish(db: Db, ids: readonly number[], user: SessionUser, options: WriteOptions = {}): Promise<BulkResult<Publication>> {
  return bulkChangeLifecycle(db, publicationKind, 'publish', ids, user, options);
}

/** Takes the selected publications back to draft (those in the trash or already drafts are skipped). */
export function bulkUnpublish(db: Db, ids: readonly number[], user: SessionUser, options: WriteOptions = {}): Promise<BulkResult<Publication>> {
  return bulkChangeLifecycle(db, publicationKind, 'unpublish', ids, user, options);
}

/** Moves the selected publications to the trash (those already there are skipped). */
export function bulkTrash(db: Db, ids: readonly number[], user: SessionUser, options: WriteOptions = {}): Promise<BulkResult<Publication>> {
  return bulkChangeLifecycle(db, publicationKind, 'trash', ids, user, options);
}

/** Takes the selected publications out of the trash (those not in it are skipped). */
export function bulkRestore(db: Db, ids: readonly number[], user: SessionUser, options: WriteOptions = {}): Promise<BulkResult<Publication>> {
  return bulkChangeLifecycle(db, publicationKind, 'restore', ids, user, options);
}

// ─── Reads of the back-office ──────────────────────────────────────────────────────────────

export type PublicationForEdit = Publication &
  Authors & {
    files: Omit<EditAttachment, 'url'>[];
    cover: EditFile | null;
  };

/** A publication as the edit form shows it, trashed ones included, or `NotFoundError`. */
export function getPublicationForEdit(db: Db, id: number): Promise<PublicationForEdit> {
  return getItemForEdit(db, publicationKind, id, async (row) => {
    const [attached, cover] = await Promise.all([attachmentsForEdit(db, publicationFiles, 'publicationId', row.id), fileForEdit(db, row.coverFileId)]);
    // The publication form's attachments predate file URLs (its callers build them with fileUrl).
    return { files: attached.map(({ url, ...f }) => (void url, f)), cover };
  });
}

export type PublicationPreview = PublicationDetail & { status: Publication['status']; deletedAt: Date | null };

/**
 * What the public page would show for this publication, whatever its status (preview for
 * connected users): the public detail shape, dated `now` when it has no release date yet.
 */
export async function previewPublication(db: Db, id: number, now = new Date()): Promise<PublicationPreview> {
  const [row] = await db
    .select({ ...detailColumns, status: publications.status, deletedAt: publications.deletedAt })
    .from(publications)
    .where(eq(publications.id, id))
    .limit(1);
  if (!row) throw notFoundError(publicationKind.words);
  const attached = await filesOfPublications(db, [id]);
  return { ...row, publishedAt: row.publishedAt ?? now, files: attached.get(id) ?? [] };
}
