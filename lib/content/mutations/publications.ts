/**
 * Writing publications from the back-office: the input schema (built from the area registry),
 * create and update with optimistic versions, the life cycle (publish, schedule, unpublish, trash,
 * restore, delete for good, and their bulk variants for lists), and the reads of the edit form and
 * the connected-user preview. Each write records an audit entry in its own transaction and returns
 * the cache tags it touched; the caller invalidates them. Plain `(db, …)` functions.
 */
import { isDeepStrictEqual } from 'node:util';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { writeAudit } from '@/lib/audit';
import type { SessionUser } from '@/lib/auth/types';
import { publicationTags } from '@/lib/cache/tags';
import { getArea, type Area } from '@/lib/content/areas';
import { publicationInputSchema, type PublicationInput, type PublicationValues } from '@/lib/content/schemas/publication';
import { sanitizeRichText } from '@/lib/content/html';
import { filesOfPublications } from '@/lib/content/queries/files';
import { detailColumns, type PublicationDetail } from '@/lib/content/queries/publications';
import { slugify, uniqueSlug } from '@/lib/content/slug';
import type { Db } from '@/lib/db/open';
import { files, publicationFiles, publications, users } from '@/lib/db/schema';
import { ConflictError, NotFoundError, ValidationError } from '@/lib/errors';
import { parseOrThrow } from '@/lib/validation';

export { publicationInputSchema, type PublicationInput, type PublicationValues };
import {
  agree,
  bulkChangeLifecycle,
  changeLifecycle,
  deleteForever,
  mergeTags,
  staleVersionError,
  versionedUpdate,
  type BulkResult,
  type ContentKind,
  type LifecycleResult,
  type WriteOptions,
} from './lifecycle';

export type Publication = typeof publications.$inferSelect;

/** Publications as a life-cycle kind (the scheduler and the generic helpers take it). */
export const publicationKind: ContentKind<Publication> = {
  table: publications,
  entity: 'publication',
  words: { noun: 'Publication', this: 'cette publication', pronoun: 'la', feminine: true },
  tags: (row) => publicationTags(row),
};

/** The stored values of a publication (body sanitized, slug decided) and its ordered attachments. */
type StoredValues = Omit<PublicationValues, 'files' | 'slug'> & { area: string; slug: string };
type Attachment = { fileId: string; label: string | null };

function publicationArea(slug: string): Area {
  const area = getArea(slug);
  if (!area || area.kind !== 'publications') {
    const message = 'Cette rubrique n’existe pas ou ne contient pas de publications.';
    throw new ValidationError(message, { area: [message] });
  }
  return area;
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return String(e?.code ?? e?.cause?.code) === '23505';
}

/** Refuses a chosen slug another publication of the area already has (French, on `slug`). */
async function checkSlugFree(db: Db, area: string, slug: string, excludeId?: number) {
  const [other] = await db
    .select({ title: publications.title, deletedAt: publications.deletedAt })
    .from(publications)
    .where(and(eq(publications.area, area), eq(publications.slug, slug), excludeId === undefined ? undefined : ne(publications.id, excludeId)))
    .limit(1);
  if (!other) return;
  const message = other.deletedAt
    ? `L’adresse « ${slug} » est celle de « ${other.title} », dans la corbeille : supprimez-la définitivement ou choisissez une autre adresse.`
    : `L’adresse « ${slug} » est déjà celle de « ${other.title} » dans cette rubrique : choisissez-en une autre.`;
  throw new ConflictError(message, { slug: [message] });
}

/** Refuses attachments and covers that are not (or no longer) in the file library. */
async function checkFiles(db: Db, values: { coverFileId: string | null; files: Attachment[] }) {
  const ids = [...new Set([...values.files.map((f) => f.fileId), ...(values.coverFileId ? [values.coverFileId] : [])])];
  if (ids.length === 0) return;
  const rows = await db.select({ id: files.id, mime: files.mime, deletedAt: files.deletedAt }).from(files).where(inArray(files.id, ids));
  const found = new Map(rows.filter((r) => !r.deletedAt).map((r) => [r.id, r]));
  const fieldErrors: Record<string, string[]> = {};
  const missing = values.files.filter((f) => !found.has(f.fileId)).length;
  if (missing > 0) {
    fieldErrors.files = [
      `${missing > 1 ? `${missing} fichiers joints ne sont` : 'Un fichier joint n’est'} plus dans la bibliothèque : retirez-${missing > 1 ? 'les' : 'le'} de la liste, puis enregistrez.`,
    ];
  }
  if (values.coverFileId) {
    const cover = found.get(values.coverFileId);
    if (!cover) fieldErrors.coverFileId = ['L’image de couverture n’est plus dans la bibliothèque : choisissez-en une autre.'];
    else if (!cover.mime.startsWith('image/')) fieldErrors.coverFileId = ['La couverture doit être une image (JPEG, PNG ou WebP).'];
  }
  const first = Object.values(fieldErrors)[0]?.[0];
  if (first) throw new ValidationError(first, fieldErrors);
}

async function writeAttachments(tx: Db, publicationId: number, list: Attachment[]) {
  await tx.delete(publicationFiles).where(eq(publicationFiles.publicationId, publicationId));
  if (list.length === 0) return;
  await tx.insert(publicationFiles).values(list.map((f, position) => ({ publicationId, fileId: f.fileId, label: f.label, position })));
}

async function attachmentsOf(db: Db, publicationId: number): Promise<Attachment[]> {
  return db
    .select({ fileId: publicationFiles.fileId, label: publicationFiles.label })
    .from(publicationFiles)
    .where(eq(publicationFiles.publicationId, publicationId))
    .orderBy(asc(publicationFiles.position));
}

function storedValues(area: Area, values: PublicationValues, slug: string): StoredValues {
  return {
    area: area.slug,
    slug,
    title: values.title,
    summary: values.summary,
    body: sanitizeRichText(values.body),
    periodLabel: values.periodLabel,
    periodStart: values.periodStart,
    periodEnd: values.periodEnd,
    coverFileId: values.coverFileId,
    fields: values.fields,
  };
}

const words = publicationKind.words;

// ─── Create and update ─────────────────────────────────────────────────────────────────────

/**
 * Creates a draft publication in `area` (version 1, authored by `user`) with its attachments, in
 * one transaction with its audit entry. The slug is the chosen one (refused with a `ConflictError`
 * on `slug` when the area already uses it) or one derived from the title, made unique in the area.
 * Throws `ValidationError` with French field errors.
 */
export async function createPublication(db: Db, area: Area | string, input: PublicationInput, user: SessionUser, options: WriteOptions = {}): Promise<Publication> {
  const target = publicationArea(typeof area === 'string' ? area : area.slug);
  const values = parseOrThrow(publicationInputSchema(target), input);
  await checkFiles(db, values);
  if (values.slug) await checkSlugFree(db, target.slug, values.slug);
  const now = options.now ?? new Date();

  // A generated slug can be taken by a creation at the same instant: the unique index refuses the
  // second one, which then takes the next free slug.
  for (let attempt = 1; ; attempt++) {
    const slug = values.slug ?? (await uniqueSlug(db, 'publications', slugify(values.title), { area: target.slug }));
    const stored = storedValues(target, values, slug);
    try {
      return await db.transaction(async (txn) => {
        const tx = txn as unknown as Db;
        const [row] = await tx
          .insert(publications)
          .values({ ...stored, status: 'draft', version: 1, createdAt: now, updatedAt: now, createdBy: user.id, updatedBy: user.id })
          .returning();
        const created = row as Publication;
        await writeAttachments(tx, created.id, values.files);
        await writeAudit(tx, {
          user,
          action: 'publication.create',
          entityType: 'publication',
          entityId: created.id,
          summary: `${words.noun} ${agree('créé', words)} : « ${created.title} »`,
          after: { ...stored, status: created.status, files: values.files },
          ip: options.ip,
        });
        return created;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (values.slug || attempt >= 3) {
        const message = `L’adresse « ${slug} » vient d’être prise par une autre publication de cette rubrique : choisissez-en une autre.`;
        throw new ConflictError(message, { slug: [message] });
      }
    }
  }
}

const comparedKeys = ['area', 'slug', 'title', 'summary', 'body', 'periodLabel', 'periodStart', 'periodEnd', 'coverFileId', 'fields'] as const;

/**
 * Saves the edit form of a publication, if nobody saved it since it was loaded: one
 * `UPDATE … WHERE id AND version = expectedVersion` bumps the version. Otherwise nothing is written
 * and a `ConflictError` names who saved it and when (`NotFoundError` when it is gone).
 * Attachments are replaced in the same transaction. `input.area` moves it to another publication
 * area (lois ↔ décrets), whose fields then apply. The slug stays unless a new one is given (its
 * public address must not change behind the editor's back); when moving, it is numbered if the new
 * area uses it. The audit entry keeps the changed fields only; with no change, nothing is written.
 */
export async function updatePublication(
  db: Db,
  id: number,
  expectedVersion: number,
  input: PublicationInput & { area?: string },
  user: SessionUser,
  options: WriteOptions = {},
): Promise<LifecycleResult<Publication>> {
  const now = options.now ?? new Date();
  const [current] = await db.select().from(publications).where(eq(publications.id, id)).limit(1);
  if (!current) throw new NotFoundError('Cette publication n’existe pas ou plus : elle a peut-être été supprimée définitivement. Rechargez la liste.');
  const target = publicationArea(input.area ?? current.area);
  const values = parseOrThrow(publicationInputSchema(target), input);
  await checkFiles(db, values);
  let slug = values.slug ?? current.slug;
  if (values.slug) await checkSlugFree(db, target.slug, values.slug, id);
  else if (target.slug !== current.area) slug = await uniqueSlug(db, 'publications', current.slug, { area: target.slug, excludeId: id });

  const stored = storedValues(target, values, slug);
  const currentFiles = await attachmentsOf(db, id);
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const key of comparedKeys) {
    if (!isDeepStrictEqual(current[key], stored[key])) {
      before[key] = current[key];
      after[key] = stored[key];
    }
  }
  const filesChanged = !isDeepStrictEqual(currentFiles, values.files);
  if (filesChanged) {
    before.files = currentFiles;
    after.files = values.files;
  }

  if (Object.keys(after).length === 0) {
    if (current.version !== expectedVersion) throw await staleVersionError(db, publicationKind as ContentKind, id, user, now);
    return { publication: current, tags: [] };
  }

  try {
    const updated = await db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      const row = await versionedUpdate(tx, publicationKind, id, expectedVersion, stored, user, now);
      if (filesChanged) await writeAttachments(tx, id, values.files);
      await writeAudit(tx, {
        user,
        action: 'publication.update',
        entityType: 'publication',
        entityId: id,
        summary: `${words.noun} ${agree('modifié', words)} : « ${row.title} »`,
        before,
        after,
        ip: options.ip,
      });
      return row;
    });
    const tags = target.slug === current.area ? publicationTags(updated) : mergeTags(publicationTags(updated), publicationTags(current));
    return { publication: updated, tags };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const message = `L’adresse « ${slug} » vient d’être prise par une autre publication de cette rubrique : choisissez-en une autre.`;
    throw new ConflictError(message, { slug: [message] });
  }
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
  return deleteForever(db, publicationKind, {
    id,
    expectedVersion,
    user,
    ...options,
    snapshot: async (tx, row) => ({ ...row, files: await attachmentsOf(tx, row.id) }),
  });
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

export type EditAttachment = { fileId: string; label: string | null; position: number; name: string; mime: string; ext: string; size: number; restricted: boolean };

export type PublicationForEdit = Publication & {
  files: EditAttachment[];
  cover: { id: string; name: string; mime: string } | null;
  /** Display names of the author and of the last person who saved it (null when unknown). */
  createdByName: string | null;
  updatedByName: string | null;
};

/** A publication as the edit form shows it, trashed ones included, or `NotFoundError`. */
export async function getPublicationForEdit(db: Db, id: number): Promise<PublicationForEdit> {
  const [row] = await db.select().from(publications).where(eq(publications.id, id)).limit(1);
  if (!row) throw new NotFoundError('Cette publication n’existe pas ou plus : elle a peut-être été supprimée définitivement.');
  const people = [row.createdBy, row.updatedBy].filter((v): v is string => v !== null);
  const [attached, coverRows, names] = await Promise.all([
    db
      .select({
        fileId: publicationFiles.fileId,
        label: publicationFiles.label,
        position: publicationFiles.position,
        name: files.name,
        mime: files.mime,
        ext: files.ext,
        size: files.size,
        visibility: files.visibility,
      })
      .from(publicationFiles)
      .innerJoin(files, eq(files.id, publicationFiles.fileId))
      .where(eq(publicationFiles.publicationId, id))
      .orderBy(asc(publicationFiles.position)),
    row.coverFileId ? db.select({ id: files.id, name: files.name, mime: files.mime }).from(files).where(eq(files.id, row.coverFileId)) : [],
    people.length > 0 ? db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, people)) : [],
  ]);
  const nameOf = (userId: string | null) => names.find((u) => u.id === userId)?.name ?? null;
  return {
    ...row,
    files: attached.map(({ visibility, ...f }) => ({ ...f, restricted: visibility === 'restricted' })),
    cover: coverRows[0] ?? null,
    createdByName: nameOf(row.createdBy),
    updatedByName: nameOf(row.updatedBy),
  };
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
  if (!row) throw new NotFoundError('Cette publication n’existe pas ou plus : elle a peut-être été supprimée définitivement.');
  const attached = await filesOfPublications(db, [id]);
  return { ...row, publishedAt: row.publishedAt ?? now, files: attached.get(id) ?? [] };
}
