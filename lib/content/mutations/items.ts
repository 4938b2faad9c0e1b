/**
 * Creating and saving any publishable item from its edit form — publications, news, events,
 * galleries, tenders — written once. A kind describes itself (`EditableKind`: its table, its
 * schema, how checked values become columns, which library files it points to, its ordered list
 * of attachments or images, the columns that must be unique); `createItem` and `updateItem` do
 * the rest: parse with French field errors, check files, slug and unique columns, write the row,
 * its list and its audit entry in one transaction, and return the cache tags to invalidate.
 * Plain `(db, …)` functions, tested against PGlite and Postgres.
 */
import { isDeepStrictEqual } from 'node:util';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { writeAudit } from '@/lib/audit';
import type { SessionUser } from '@/lib/auth/types';
import { slugify, uniqueSlug, type SlugTable } from '@/lib/content/slug';
import { fileUrl } from '@/lib/content/urls';
import type { Db } from '@/lib/db/open';
import { files, users } from '@/lib/db/schema';
import { ConflictError, ValidationError, type FieldErrors } from '@/lib/errors';
import { parseOrThrow } from '@/lib/validation';
import {
  agree,
  deleteForever,
  mergeTags,
  notFoundError,
  staleVersionError,
  versionedUpdate,
  type ContentKind,
  type KindWords,
  type LifecycleResult,
  type LifecycleRow,
  type LifecycleTable,
  type WriteOptions,
} from './lifecycle';

/** What every edit form's checked values have: a title and, when the editor chose one, a slug. */
export type ItemValues = { title: string; slug?: string | undefined };

/** The library files a form points to, by role (each role has its own field and messages). */
export type FileRefs = {
  /** `coverFileId`: must be an image. */
  cover?: string | null;
  /** `files`: documents of any type. */
  attachments?: readonly string[];
  /** `images`: photos of a gallery, images only. */
  images?: readonly string[];
};

/**
 * An ordered list of rows an item owns (attachments, gallery images), replaced as a whole when
 * it changes. `read` returns the list in the shape the schema outputs, so the two compare.
 */
export type ItemList<V> = {
  /** Key of the list in the form's values and in audit entries. */
  field: 'files' | 'images';
  of(values: V): unknown[];
  read(db: Db, id: number): Promise<unknown[]>;
  write(tx: Db, id: number, list: unknown[]): Promise<void>;
};

/** A column that must be unique over the table besides the slug (a tender's reference). */
export type UniqueColumn = {
  /** Key of the column in the row, in the stored values and in field errors. */
  key: string;
  /** Feminine noun with its article, for messages: « La référence ». */
  label: string;
  /** « une autre référence ». */
  another: string;
};

/** One publishable kind, as its edit form writes it. */
export type EditableKind<R extends LifecycleRow = LifecycleRow, V extends ItemValues = ItemValues> = ContentKind<R> & {
  table: LifecycleTable & { slug: PgColumn };
  /** Its table for `uniqueSlug`. */
  slugTable: SlugTable;
  /** The schema of its form; `current` is the saved row when updating (a publication's area decides its fields). */
  schema(input: unknown, current: R | null): z.ZodType<V>;
  /** The row's columns for checked values, slug and owned list excepted; rich text goes through `sanitizeRichText` here. */
  columns(values: V): Record<string, unknown>;
  /** The library files the values point to. */
  fileRefs(values: V): FileRefs;
  list?: ItemList<V>;
  unique?: readonly UniqueColumn[];
  /** Slugs unique within the value of this column (a publication's area) rather than over the table. */
  slugScope?: { key: string; label: string };
};

type Row = Record<string, unknown>;

const column = (kind: EditableKind, key: string) => (kind.table as unknown as Record<string, PgColumn>)[key] as PgColumn;

/** « une autre actualité », « un autre événement ». */
const another = (words: KindWords) => `${words.feminine ? 'une autre' : 'un autre'} ${words.noun.toLowerCase()}`;

export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return String(e?.code ?? e?.cause?.code) === '23505';
}

// ─── Checks that need the database ────────────────────────────────────────────────────────

/**
 * Refuses files that are not (or no longer) in the library, and covers or gallery photos that
 * are not images: one French message per field, all fields at once.
 */
export async function checkFiles(db: Db, refs: FileRefs): Promise<void> {
  const attachments = refs.attachments ?? [];
  const images = refs.images ?? [];
  const ids = [...new Set([...attachments, ...images, ...(refs.cover ? [refs.cover] : [])])];
  if (ids.length === 0) return;
  const rows = await db.select({ id: files.id, mime: files.mime, deletedAt: files.deletedAt }).from(files).where(inArray(files.id, ids));
  const found = new Map(rows.filter((r) => !r.deletedAt).map((r) => [r.id, r]));
  const isImage = (id: string) => found.get(id)?.mime.startsWith('image/') ?? false;
  const fieldErrors: FieldErrors = {};

  const missing = attachments.filter((id) => !found.has(id)).length;
  if (missing > 0) {
    fieldErrors.files = [
      `${missing > 1 ? `${missing} fichiers joints ne sont` : 'Un fichier joint n’est'} plus dans la bibliothèque : retirez-${missing > 1 ? 'les' : 'le'} de la liste, puis enregistrez.`,
    ];
  }
  if (refs.cover) {
    if (!found.has(refs.cover)) fieldErrors.coverFileId = ['L’image de couverture n’est plus dans la bibliothèque : choisissez-en une autre.'];
    else if (!isImage(refs.cover)) fieldErrors.coverFileId = ['La couverture doit être une image (JPEG, PNG ou WebP).'];
  }
  const gone = images.filter((id) => !found.has(id)).length;
  const notImages = images.filter((id) => found.has(id) && !isImage(id)).length;
  const imageErrors = [
    ...(gone > 0
      ? [`${gone > 1 ? `${gone} images ne sont` : 'Une image n’est'} plus dans la bibliothèque : retirez-${gone > 1 ? 'les' : 'la'} de la galerie, puis enregistrez.`]
      : []),
    ...(notImages > 0
      ? [
          `${notImages > 1 ? `${notImages} fichiers de la galerie ne sont pas des images` : 'Un fichier de la galerie n’est pas une image'} (JPEG, PNG ou WebP) : retirez-${notImages > 1 ? 'les' : 'le'}, puis enregistrez.`,
        ]
      : []),
  ];
  if (imageErrors.length > 0) fieldErrors.images = imageErrors;

  const first = Object.values(fieldErrors)[0]?.[0];
  if (first) throw new ValidationError(first, fieldErrors);
}

/**
 * Refuses a value another item already has in a unique column (`ConflictError` on that field,
 * naming the other item; one in the trash is said to be there, since it still holds the value).
 */
async function checkFree(db: Db, kind: EditableKind, key: string, label: string, anotherValue: string, value: unknown, stored: Row, excludeId?: number) {
  const t = kind.table;
  const scoped = key === 'slug' && kind.slugScope;
  const [other] = await db
    .select({ title: t.title, deletedAt: t.deletedAt })
    .from(t as PgTable)
    .where(
      and(
        eq(column(kind, key), value),
        scoped ? eq(column(kind, scoped.key), stored[scoped.key]) : undefined,
        excludeId === undefined ? undefined : ne(t.id, excludeId),
      ),
    )
    .limit(1);
  if (!other) return;
  const { pronoun } = kind.words;
  const message = other.deletedAt
    ? `${label} « ${String(value)} » est celle de « ${other.title} », dans la corbeille : supprimez-${pronoun} définitivement ou choisissez ${anotherValue}.`
    : `${label} « ${String(value)} » est déjà celle de « ${other.title} »${scoped ? ` dans ${scoped.label}` : ''} : choisissez-en une autre.`;
  throw new ConflictError(message, { [key]: [message] });
}

/** Checks the kind's unique columns and, when the editor chose one, the slug. */
async function checkTaken(db: Db, kind: EditableKind, stored: Row, chosenSlug: string | undefined, excludeId?: number) {
  for (const u of kind.unique ?? []) await checkFree(db, kind, u.key, u.label, u.another, stored[u.key], stored, excludeId);
  if (chosenSlug) await checkFree(db, kind, 'slug', 'L’adresse', 'une autre adresse', chosenSlug, stored, excludeId);
}

/** A slug taken between the check and the write (two saves at the same instant). */
function slugRace(kind: EditableKind, slug: string) {
  const scope = kind.slugScope ? ` de ${kind.slugScope.label}` : '';
  const message = `L’adresse « ${slug} » vient d’être prise par ${another(kind.words)}${scope} : choisissez-en une autre.`;
  return new ConflictError(message, { slug: [message] });
}

const scopeOf = (kind: EditableKind, stored: Row) => (kind.slugScope ? String(stored[kind.slugScope.key]) : undefined);

// ─── Create and update ─────────────────────────────────────────────────────────────────────

/**
 * Creates a draft (version 1, authored by `user`) from a form's input, with its list and its
 * audit entry in one transaction. The input is checked with the kind's schema (`ValidationError`
 * with French field errors), its files must be in the library, its unique columns free
 * (`ConflictError` on the field). The slug is the chosen one, refused when taken, or one derived
 * from the title and made unique. A new draft shows nowhere on the site: no tags to invalidate.
 */
export async function createItem<R extends LifecycleRow, V extends ItemValues>(
  db: Db,
  kind: EditableKind<R, V>,
  input: unknown,
  user: SessionUser,
  options: WriteOptions = {},
): Promise<LifecycleResult<R>> {
  const k = kind as unknown as EditableKind;
  const values = parseOrThrow(kind.schema(input, null), input);
  const columns = kind.columns(values);
  await checkFiles(db, kind.fileRefs(values));
  await checkTaken(db, k, columns, values.slug);
  const list = kind.list?.of(values);
  const now = options.now ?? new Date();
  const { words } = kind;

  // A derived slug can be taken by a creation at the same instant: the unique index refuses the
  // second one, which then takes the next free slug.
  for (let attempt = 1; ; attempt++) {
    const slug = values.slug ?? (await uniqueSlug(db, kind.slugTable, slugify(values.title), { area: scopeOf(k, columns) }));
    const stored = { ...columns, slug };
    try {
      const created = await db.transaction(async (txn) => {
        const tx = txn as unknown as Db;
        const [row] = (await tx
          .insert(kind.table)
          .values({ ...stored, status: 'draft', version: 1, createdAt: now, updatedAt: now, createdBy: user.id, updatedBy: user.id } as PgInsertValue<LifecycleTable>)
          .returning()) as unknown as R[];
        const item = row as R;
        if (kind.list && list) await kind.list.write(tx, item.id, list);
        await writeAudit(tx, {
          user,
          action: `${kind.entity}.create`,
          entityType: kind.entity,
          entityId: item.id,
          summary: `${words.noun} ${agree('créé', words)} : « ${item.title} »`,
          after: { ...stored, status: item.status, ...(kind.list ? { [kind.list.field]: list } : {}) },
          ip: options.ip,
        });
        return item;
      });
      return { publication: created, tags: [] };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Say which value was taken meanwhile; only a derived slug is worth another try.
      await checkTaken(db, k, columns, values.slug);
      if (values.slug || attempt >= 3) throw slugRace(k, slug);
    }
  }
}

/**
 * Saves an item's edit form if nobody saved it since it was loaded (`expectedVersion`): one
 * versioned UPDATE, the list replaced when it changed, an audit entry with the changed fields
 * only — all in one transaction. Otherwise nothing is written and a `ConflictError` names who
 * saved it and when (`NotFoundError` when it is gone). With nothing changed nothing is written
 * either (no tags), but a stale version is still refused. The slug stays unless a new one is given
 * (a public address must not change behind the editor's back); moved to another scope (a
 * publication's area), it is numbered there when taken. Returns the tags of the item as it was and
 * as it is.
 */
export async function updateItem<R extends LifecycleRow, V extends ItemValues>(
  db: Db,
  kind: EditableKind<R, V>,
  id: number,
  expectedVersion: number,
  input: unknown,
  user: SessionUser,
  options: WriteOptions = {},
): Promise<LifecycleResult<R>> {
  const k = kind as unknown as EditableKind;
  const now = options.now ?? new Date();
  const [found] = (await db.select().from(kind.table as PgTable).where(eq(kind.table.id, id)).limit(1)) as unknown as R[];
  if (!found) throw notFoundError(kind.words);
  const current = found as R & Row;
  const values = parseOrThrow(kind.schema(input, found), input);
  const columns = kind.columns(values);
  await checkFiles(db, kind.fileRefs(values));
  await checkTaken(db, k, columns, values.slug, id);
  const scope = scopeOf(k, columns);
  let slug = values.slug ?? (current.slug as string);
  if (!values.slug && kind.slugScope && scope !== current[kind.slugScope.key]) {
    slug = await uniqueSlug(db, kind.slugTable, slug, { area: scope, excludeId: id });
  }
  const stored: Row = { ...columns, slug };

  const before: Row = {};
  const after: Row = {};
  for (const [key, value] of Object.entries(stored)) {
    if (!isDeepStrictEqual(current[key], value)) {
      before[key] = current[key];
      after[key] = value;
    }
  }
  const list = kind.list?.of(values);
  const currentList = kind.list ? await kind.list.read(db, id) : undefined;
  const listChanged = kind.list !== undefined && !isDeepStrictEqual(currentList, list);
  if (kind.list && listChanged) {
    before[kind.list.field] = currentList;
    after[kind.list.field] = list;
  }

  if (Object.keys(after).length === 0) {
    if (found.version !== expectedVersion) throw await staleVersionError(db, k, id, user, now);
    return { publication: found, tags: [] };
  }

  const { words } = kind;
  try {
    const updated = await db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      const row = await versionedUpdate(tx, kind, id, expectedVersion, stored, user, now);
      if (kind.list && listChanged) await kind.list.write(tx, id, list ?? []);
      await writeAudit(tx, {
        user,
        action: `${kind.entity}.update`,
        entityType: kind.entity,
        entityId: id,
        summary: `${words.noun} ${agree('modifié', words)} : « ${row.title} »`,
        before,
        after,
        ip: options.ip,
      });
      return row;
    });
    return { publication: updated, tags: mergeTags(kind.tags(updated), kind.tags(found)) };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await checkTaken(db, k, columns, values.slug, id);
    throw slugRace(k, slug);
  }
}

/**
 * Deletes an item of the trash for good (its list goes with it; the files stay in the library).
 * The audit entry keeps its values and its list.
 */
export function deleteItemForever<R extends LifecycleRow, V extends ItemValues>(
  db: Db,
  kind: EditableKind<R, V>,
  id: number,
  expectedVersion: number,
  user: SessionUser,
  options: WriteOptions = {},
): Promise<LifecycleResult<R>> {
  const { list } = kind;
  return deleteForever(db, kind, {
    id,
    expectedVersion,
    user,
    ...options,
    snapshot: async (tx, row) => (list ? { ...row, [list.field]: await list.read(tx, row.id) } : row),
  });
}

// ─── Owned lists ──────────────────────────────────────────────────────────────────────────

/** An attachment as forms send it and audit entries keep it. */
export type Attachment = { fileId: string; label: string | null };

type AttachmentTable = PgTable & { fileId: PgColumn; label: PgColumn; position: PgColumn };

/**
 * The ordered attachments of a kind stored in a join table (`publication_files`, `tender_files`):
 * `ownerKey` is the join table's column holding the item's id.
 */
export function attachmentList<V extends { files: Attachment[] }>(table: AttachmentTable, ownerKey: string): ItemList<V> {
  const owner = (table as unknown as Record<string, PgColumn>)[ownerKey] as PgColumn;
  return {
    field: 'files',
    of: (values) => values.files,
    read: (db, id) =>
      db
        .select({ fileId: table.fileId, label: table.label })
        .from(table)
        .where(eq(owner, id))
        .orderBy(asc(table.position)) as Promise<Attachment[]>,
    async write(tx, id, list: Attachment[]) {
      await tx.delete(table).where(eq(owner, id));
      if (list.length === 0) return;
      await tx.insert(table).values(list.map((f, position) => ({ [ownerKey]: id, fileId: f.fileId, label: f.label, position })) as PgInsertValue<AttachmentTable>[]);
    },
  };
}

// ─── Reads of the edit form ───────────────────────────────────────────────────────────────

/** A file chosen in a form, as the form shows it. */
export type EditFile = { id: string; name: string; mime: string; url: string };

/** The cover (or any single chosen file) of an edit form, or null. */
export async function fileForEdit(db: Db, id: string | null): Promise<EditFile | null> {
  if (!id) return null;
  const [row] = await db.select({ id: files.id, name: files.name, mime: files.mime }).from(files).where(eq(files.id, id)).limit(1);
  return row ? { ...row, url: fileUrl(row) } : null;
}

/** An attachment as the edit form shows it. */
export type EditAttachment = {
  fileId: string;
  label: string | null;
  position: number;
  name: string;
  mime: string;
  ext: string;
  size: number;
  restricted: boolean;
  url: string;
};

/** The attachments of an item, with their files, in order (join table as for `attachmentList`). */
export async function attachmentsForEdit(db: Db, table: AttachmentTable, ownerKey: string, id: number): Promise<EditAttachment[]> {
  const owner = (table as unknown as Record<string, PgColumn>)[ownerKey] as PgColumn;
  const rows = await db
    .select({
      fileId: files.id,
      label: table.label,
      position: table.position,
      name: files.name,
      mime: files.mime,
      ext: files.ext,
      size: files.size,
      visibility: files.visibility,
    })
    .from(table)
    .innerJoin(files, eq(files.id, table.fileId))
    .where(eq(owner, id))
    .orderBy(asc(table.position));
  return rows.map(({ visibility, ...f }) => ({
    ...(f as Omit<EditAttachment, 'restricted' | 'url'>),
    restricted: visibility === 'restricted',
    url: fileUrl({ id: f.fileId, name: f.name }),
  }));
}

/** Display names of who created the item and who saved it last (null when unknown). */
export type Authors = { createdByName: string | null; updatedByName: string | null };

/**
 * An item as its edit form shows it, trashed ones included, or `NotFoundError`: the row, its
 * authors' names, and what `extra` adds (cover, attachments, images).
 */
export async function getItemForEdit<R extends LifecycleRow, E extends object>(
  db: Db,
  kind: ContentKind<R>,
  id: number,
  extra: (row: R) => Promise<E>,
): Promise<R & E & Authors> {
  const t = kind.table;
  const [row] = (await db.select().from(t as PgTable).where(eq(t.id, id)).limit(1)) as unknown as R[];
  if (!row) throw notFoundError(kind.words);
  const people = [row.createdBy, row.updatedBy].filter((v): v is string => v !== null);
  const [added, names] = await Promise.all([
    extra(row),
    people.length > 0 ? db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, people)) : [],
  ]);
  const nameOf = (userId: string | null) => names.find((u) => u.id === userId)?.name ?? null;
  return { ...row, ...added, createdByName: nameOf(row.createdBy), updatedByName: nameOf(row.updatedBy) };
}
