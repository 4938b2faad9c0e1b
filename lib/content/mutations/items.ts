/**
 * Creating and saving any item from its edit form — publications, news, events, galleries,
 * tenders — written once. A kind describes itself (`Kind`, lib/content/kinds: its table, its
 * schema, how checked values become columns, which library files it points to, its ordered list
 * of attachments or images, the columns that must be unique); `createItem` and `updateItem` do
 * the rest: parse with French field errors, check files, slug and unique columns, write the row,
 * its list and its audit entry in one transaction, and return the cache tags to invalidate.
 * Plain `(db, params)` functions, tested against PGlite and Postgres.
 */
import { isDeepStrictEqual } from 'node:util';
import { and, asc, eq, getTableColumns, inArray, ne } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import { writeAudit } from '@/lib/audit/write';
import type { SessionUser } from '@/lib/auth/types';
import type { AttachmentValue, ChosenFile, FormValues, ItemMeta } from '@/lib/content/editing/values';
import {
  areaOfRow,
  type FileColumn,
  type FileRefs,
  type FileRole,
  type ItemTable,
  type ItemValues,
  type Kind,
  type KindWords,
  type OwnedList,
  type RowOf,
} from '@/lib/content/kinds/kind';
import { slugify, uniqueSlug } from '@/lib/content/slug';
import { fileUrl } from '@/lib/content/addresses';
import type { Db } from '@/lib/db/open';
import { files, users, type Translations } from '@/lib/db/schema';
import { ConflictError, ValidationError, type FieldErrors } from '@/lib/errors';
import { acceptedTypes } from '@/lib/file-types';
import { parseOrThrow } from '@/lib/validation';
import { englishAudit, englishChanges } from './translations';
import {
  agree,
  deleteForever,
  mergeTags,
  notFoundError,
  readRows,
  staleVersionError,
  versionedUpdate,
  type WriteOptions,
  type WriteResult,
} from './lifecycle';
import { currentTime } from '@/lib/clock';

type Row = Record<string, unknown>;

/** A column of a table by its key in the row. */
const column = (table: PgTable, key: string): PgColumn => {
  const found = getTableColumns(table)[key];
  if (!found) throw new Error(`No column ${key}`);
  return found;
};

/** « une autre actualité », « un autre événement ». */
const another = (words: KindWords) => `${words.feminine ? 'une autre' : 'un autre'} ${words.noun.toLowerCase()}`;

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return String(e?.code ?? e?.cause?.code) === '23505';
}

// ─── Checks that need the database ────────────────────────────────────────────────────────

/** A single file chosen in a form, with the role its column gives it (`FileColumn`). */
type ChosenSingle = FileRole & { field: string; id: string | null };

/** The single files the values point to, by their kind's file columns. */
const singlesOf = <V>(columns: readonly FileColumn<V>[] | undefined, values: V): ChosenSingle[] =>
  (columns ?? []).map((c) => ({ ...c, id: c.of(values) }));

/** A file of the library as the checks read it. */
type CheckedFile = { mime: string; visibility: 'public' | 'restricted' };

/** Why a file cannot fill a single-file field of this role, or null when it can. */
function singleError(single: ChosenSingle, file: CheckedFile | undefined): string | null {
  const cover = single.role === 'cover';
  if (!file)
    return cover
      ? 'L’image de couverture n’est plus dans la bibliothèque : choisissez-en une autre.'
      : 'Le document n’est plus dans la bibliothèque : choisissez-en un autre.';
  // Shown on public pages, which never show a file reserved to signed-in people (a visitor gets 404).
  if (file.visibility === 'restricted')
    return cover
      ? 'L’image de couverture est réservée aux agents connectés : les visiteurs ne la verraient pas. Choisissez une image publique.'
      : 'Le document est réservé aux agents connectés : les visiteurs ne le verraient pas. Choisissez un fichier public.';
  if (cover) return file.mime.startsWith('image/') ? null : 'La couverture doit être une image (JPEG, PNG ou WebP).';
  if (single.types.some((t) => acceptedTypes[t].mime === file.mime)) return null;
  return `Le document doit être ${single.types.map((t) => acceptedTypes[t].label).join(' ou ')} : choisissez un autre fichier de la bibliothèque.`;
}

/**
 * Refuses files that are not (or no longer) in the library, and single files (a cover, a document)
 * or gallery photos that are not of their role's types: one French message per field, all fields at once.
 */
async function checkFiles(db: Db, refs: FileRefs, singles: ChosenSingle[]): Promise<void> {
  const attachments = refs.attachments ?? [];
  const images = refs.images ?? [];
  const chosen = singles.flatMap((s) => (s.id ? [s.id] : []));
  const ids = [...new Set([...attachments, ...images, ...chosen])];
  if (ids.length === 0) return;
  const rows = await db
    .select({ id: files.id, mime: files.mime, visibility: files.visibility, deletedAt: files.deletedAt })
    .from(files)
    .where(inArray(files.id, ids));
  const found = new Map(rows.filter((r) => !r.deletedAt).map((r) => [r.id, r]));
  const isImage = (id: string) => found.get(id)?.mime.startsWith('image/') ?? false;
  const fieldErrors: FieldErrors = {};

  const missing = attachments.filter((id) => !found.has(id)).length;
  if (missing > 0) {
    fieldErrors.files = [
      `${missing > 1 ? `${missing} fichiers joints ne sont` : 'Un fichier joint n’est'} plus ` +
        `dans la bibliothèque : retirez-${missing > 1 ? 'les' : 'le'} de la liste, puis enregistrez.`,
    ];
  }
  for (const single of singles) {
    const error = single.id ? singleError(single, found.get(single.id)) : null;
    if (error) fieldErrors[single.field] = [error];
  }
  const gone = images.filter((id) => !found.has(id)).length;
  const notImages = images.filter((id) => found.has(id) && !isImage(id)).length;
  const reserved = images.filter((id) => isImage(id) && found.get(id)?.visibility === 'restricted').length;
  const imageErrors = [
    ...(gone > 0
      ? [
          `${gone > 1 ? `${gone} images ne sont` : 'Une image n’est'} plus dans la bibliothèque : ` +
            `retirez-${gone > 1 ? 'les' : 'la'} de la galerie, puis enregistrez.`,
        ]
      : []),
    ...(notImages > 0
      ? [
          (notImages > 1 ? `${notImages} fichiers de la galerie ne sont pas des images` : 'Un fichier de la galerie n’est pas une image') +
            ` (JPEG, PNG ou WebP) : retirez-${notImages > 1 ? 'les' : 'le'}, puis enregistrez.`,
        ]
      : []),
    ...(reserved > 0
      ? [
          (reserved > 1 ? `${reserved} images sont réservées` : 'Une image est réservée') +
            ` aux agents connectés, que les visiteurs ne verraient pas : retirez-${reserved > 1 ? 'les' : 'la'} ou rendez-${reserved > 1 ? 'les' : 'la'} publique${reserved > 1 ? 's' : ''} dans la bibliothèque.`,
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
async function checkFree(
  db: Db,
  kind: Kind,
  key: string,
  label: string,
  anotherValue: string,
  value: unknown,
  stored: Row,
  excludeId?: number,
) {
  const t = kind.table;
  const scope = key === 'slug' && 'column' in kind.area ? kind.area : undefined;
  const [other] = await db
    .select({ title: t.title, deletedAt: t.deletedAt })
    .from(t as PgTable)
    .where(
      and(
        eq(column(kind.table, key), value),
        scope ? eq(scope.column, stored[scope.key]) : undefined,
        excludeId === undefined ? undefined : ne(t.id, excludeId),
      ),
    )
    .limit(1);
  if (!other) return;
  const { pronoun } = kind.words;
  const message = other.deletedAt
    ? `${label} « ${String(value)} » est celle de « ${other.title} », dans la corbeille : ` +
      `supprimez-${pronoun} définitivement ou choisissez ${anotherValue}.`
    : `${label} « ${String(value)} » est déjà celle de « ${other.title} »${scope ? ` dans ${scope.label}` : ''} : choisissez-en une autre.`;
  throw new ConflictError(message, { [key]: [message] });
}

/** Checks the kind's unique columns and, when the editor chose one, the slug. */
async function checkTaken(db: Db, kind: Kind, stored: Row, chosenSlug: string | undefined, excludeId?: number) {
  for (const u of kind.unique ?? []) await checkFree(db, kind, u.key, u.label, u.another, stored[u.key], stored, excludeId);
  if (chosenSlug) await checkFree(db, kind, 'slug', 'L’adresse', 'une autre adresse', chosenSlug, stored, excludeId);
}

/** Columns as an audit entry keeps them: the English text as `en.title`… fields rather than one `translations` object. */
function auditedColumns(row: Row): Row {
  if (!('translations' in row)) return row;
  const { translations, ...rest } = row;
  return { ...rest, ...englishAudit(translations as Translations<string>) };
}

/** A slug taken between the check and the write (two saves at the same instant). */
function slugRace(kind: Kind, slug: string) {
  const scope = 'column' in kind.area ? ` de ${kind.area.label}` : '';
  const message = `L’adresse « ${slug} » vient d’être prise par ${another(kind.words)}${scope} : choisissez-en une autre.`;
  return new ConflictError(message, { slug: [message] });
}

/** The area a slug must be unique in, for kinds whose slugs are unique per area. */
const scopeOf = (kind: Kind, stored: Row) => ('column' in kind.area ? String(stored[kind.area.key]) : undefined);

// ─── Create and update ─────────────────────────────────────────────────────────────────────

/** Who writes, and the optional context of the write (client address for the audit log, clock for tests). */
type Writer = { user: SessionUser } & WriteOptions;

/**
 * Creates a draft (version 1, authored by `user`) from a form's input, with its list and its
 * audit entry in one transaction. The input is checked with the kind's schema (`ValidationError`
 * with French field errors), its files must be in the library, its unique columns free
 * (`ConflictError` on the field). The slug is the chosen one, refused when taken, or one derived
 * from the title and made unique. A new draft shows nowhere on the site: no tags to invalidate.
 */
export async function createItem<T extends ItemTable, V extends ItemValues>(
  db: Db,
  { kind, input, user, ip, now = currentTime() }: { kind: Kind<T, V>; input: unknown } & Writer,
): Promise<WriteResult<RowOf<T>>> {
  const values = parseOrThrow(kind.schema(input, null), input);
  const columns: Row = kind.columns(values);
  await checkFiles(db, kind.fileRefs(values), singlesOf(kind.fileColumns, values));
  await checkTaken(db, kind, columns, values.slug);
  const list = kind.owned?.of(values);
  const { words } = kind;

  // A derived slug can be taken by a creation at the same instant: the unique index refuses the
  // second one, which then takes the next free slug.
  for (let attempt = 1; ; attempt++) {
    const slug = values.slug ?? (await uniqueSlug(db, kind, slugify(values.title), { scope: scopeOf(kind, columns) }));
    const stored = { ...columns, slug };
    try {
      const created = await db.transaction(async (tx) => {
        const [row] = (await tx
          .insert(kind.table)
          .values({
            ...stored,
            status: 'draft',
            version: 1,
            createdAt: now,
            updatedAt: now,
            createdBy: user.id,
            updatedBy: user.id,
            editedBy: user.id,
          } as PgInsertValue<T>)
          .returning()) as RowOf<T>[];
        if (!row) throw new Error('insert returned no row');
        if (kind.owned && list) await kind.owned.write(tx, row.id, list);
        await writeAudit(tx, {
          user,
          action: `${kind.entity}.create`,
          entityType: kind.entity,
          entityId: row.id,
          summary: `${words.noun} ${agree('créé', words)} : « ${row.title} »`,
          after: { ...auditedColumns(stored), status: row.status, ...(kind.owned ? { [kind.owned.field]: list } : {}) },
          ip,
        });
        return row;
      });
      return { item: created, tags: [] };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Say which value was taken meanwhile; only a derived slug is worth another try.
      await checkTaken(db, kind, columns, values.slug);
      if (values.slug || attempt >= 3) throw slugRace(kind, slug);
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
export async function updateItem<T extends ItemTable, V extends ItemValues>(
  db: Db,
  {
    kind,
    id,
    expectedVersion,
    input,
    user,
    ip,
    now = currentTime(),
  }: { kind: Kind<T, V>; id: number; expectedVersion: number; input: unknown } & Writer,
): Promise<WriteResult<RowOf<T>>> {
  const [found] = await readRows(db, kind, [id]);
  if (!found) throw notFoundError(kind.words);
  const current: Row = found;
  const values = parseOrThrow(kind.schema(input, found), input);
  const columns: Row = kind.columns(values);
  await checkFiles(db, kind.fileRefs(values), singlesOf(kind.fileColumns, values));
  await checkTaken(db, kind, columns, values.slug, id);
  const scope = scopeOf(kind, columns);
  let slug = values.slug ?? found.slug;
  if (!values.slug && scope !== undefined && scope !== scopeOf(kind, current)) {
    slug = await uniqueSlug(db, kind, slug, { scope, excludeId: id });
  }
  const stored: Row = { ...columns, slug };

  const before: Row = {};
  const after: Row = {};
  for (const [key, value] of Object.entries(stored)) {
    // The English text is audited field by field (`en.title`), like the French columns.
    if (key === 'translations') {
      const english = englishChanges(current.translations as Translations<string>, value as Translations<string>);
      Object.assign(before, english.before);
      Object.assign(after, english.after);
      continue;
    }
    if (!isDeepStrictEqual(current[key], value)) {
      before[key] = current[key];
      after[key] = value;
    }
  }
  const { owned } = kind;
  const list = owned?.of(values);
  const currentList = owned ? await owned.read(db, id) : undefined;
  const listChanged = owned !== undefined && !isDeepStrictEqual(currentList, list);
  if (owned && listChanged) {
    before[owned.field] = currentList;
    after[owned.field] = list;
  }

  if (Object.keys(after).length === 0) {
    if (found.version !== expectedVersion) throw await staleVersionError(db, kind, id, user, now);
    return { item: found, tags: [] };
  }

  const { words } = kind;
  try {
    const updated = await db.transaction(async (tx) => {
      // Its writer is now this user; a draft changed after it was submitted or approved goes back
      // to its writer's hands and needs a new review (lib/review). An item online or scheduled is
      // changed only by a publisher (lib/admin/access.ts) and keeps its approval.
      const review = found.status === 'draft' && found.review !== 'none' ? { review: 'none', reviewNote: null } : {};
      const row = await versionedUpdate(tx, kind, { id, expectedVersion, values: { ...stored, editedBy: user.id, ...review }, user, now });
      if (owned && listChanged) await owned.write(tx, id, list ?? []);
      await writeAudit(tx, {
        user,
        action: `${kind.entity}.update`,
        entityType: kind.entity,
        entityId: id,
        summary: `${words.noun} ${agree('modifié', words)} : « ${row.title} »`,
        before: { ...before, ...(review.review ? { review: found.review } : {}) },
        after: { ...after, ...(review.review ? { review: 'none' } : {}) },
        ip,
      });
      return row;
    });
    return { item: updated, tags: mergeTags(kind.tags(updated), kind.tags(found)) };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await checkTaken(db, kind, columns, values.slug, id);
    throw slugRace(kind, slug);
  }
}

/**
 * Deletes an item of the trash for good (its list goes with it; the files stay in the library).
 * The audit entry keeps its values and its list.
 */
export function deleteItemForever<T extends ItemTable, V extends ItemValues>(
  db: Db,
  { kind, ...params }: { kind: Kind<T, V>; id: number; expectedVersion: number } & Writer,
): Promise<WriteResult<RowOf<T>>> {
  const { owned } = kind;
  return deleteForever(db, kind, {
    ...params,
    snapshot: async (tx, row) => (owned ? { ...row, [owned.field]: await owned.read(tx, row.id) } : row),
  });
}

// ─── Owned lists ──────────────────────────────────────────────────────────────────────────

/** An attachment as forms send it and audit entries keep it (`labelEn`: its label in English, issue 29). */
export type Attachment = { fileId: string; label: string | null; labelEn?: string | null };

type AttachmentTable = PgTable & { fileId: PgColumn; label: PgColumn; position: PgColumn; translations: PgColumn };

/** An attachment's stored English (`translations`), only when written. */
const labelTranslations = (labelEn: string | null | undefined): Translations<'label'> => (labelEn ? { en: { label: labelEn } } : {});
const labelEnOf = (translations: unknown): string => (translations as Translations<'label'> | null)?.en?.label ?? '';

/** An owned list of attachments (`ownedAttachments`). */
export type AttachmentList<V> = OwnedList<V> & { table: AttachmentTable };

/**
 * The ordered attachments of a kind stored in a join table (`publication_files`, `tender_files`):
 * `ownerKey` is the join table's key holding the item's id.
 */
export function ownedAttachments<V extends { files: Attachment[] }, A extends AttachmentTable>(
  table: A,
  ownerKey: keyof A['$inferInsert'] & string,
): AttachmentList<V> {
  const owner = column(table, ownerKey);
  return {
    field: 'files',
    table,
    owner,
    file: table.fileId,
    of: (values) => values.files,
    read: async (db, id) => {
      const rows = (await db
        .select({ fileId: table.fileId, label: table.label, translations: table.translations })
        .from(table as PgTable)
        .where(eq(owner, id))
        .orderBy(asc(table.position))) as { fileId: string; label: string | null; translations: unknown }[];
      // The English label only where written: an audit entry of an untranslated list reads as before.
      return rows.map((r): Attachment => {
        const labelEn = labelEnOf(r.translations);
        return { fileId: r.fileId, label: r.label, ...(labelEn ? { labelEn } : {}) };
      });
    },
    async write(tx, id, list) {
      await tx.delete(table).where(eq(owner, id));
      if (list.length === 0) return;
      const rows = (list as Attachment[]).map((f, position) => ({
        [ownerKey]: id,
        fileId: f.fileId,
        label: f.label,
        translations: labelTranslations(f.labelEn),
        position,
      }));
      await tx.insert(table).values(rows as PgInsertValue<A>[]);
    },
  };
}

// ─── Reads of the edit form ───────────────────────────────────────────────────────────────

/** A file chosen in a form, as the form shows it. */
export type EditFile = ChosenFile & { mime: string };

/** The cover (or any single chosen file) of an edit form, or null. */
export async function fileForEdit(db: Db, id: string | null): Promise<EditFile | null> {
  if (!id) return null;
  const [row] = await db.select({ id: files.id, name: files.name, mime: files.mime }).from(files).where(eq(files.id, id)).limit(1);
  return row ? { ...row, url: fileUrl(row) } : null;
}

/** The attachments of an item, with their files, in order, as the form edits them. */
export async function attachmentsForEdit<V>(db: Db, list: AttachmentList<V>, id: number): Promise<AttachmentValue[]> {
  const rows = await db
    .select({ fileId: files.id, name: files.name, label: list.table.label, translations: list.table.translations })
    .from(list.table)
    .innerJoin(files, eq(files.id, list.file))
    .where(eq(list.owner, id))
    .orderBy(asc(list.table.position));
  return rows.map((f) => ({
    file: { id: f.fileId, name: f.name, url: fileUrl({ id: f.fileId, name: f.name }) },
    label: typeof f.label === 'string' ? f.label : '',
    ...(labelEnOf(f.translations) ? { labelEn: labelEnOf(f.translations) } : {}),
  }));
}

/**
 * An item as its edit form shows it, trashed ones included, or `NotFoundError`: the area it
 * belongs to, the form's values (the kind's `editValues`) and what the screen shows besides
 * (version, state, who created and last saved it).
 */
export async function loadForEdit<T extends ItemTable, V extends ItemValues>(
  db: Db,
  kind: Kind<T, V>,
  id: number,
): Promise<{ area: string; values: FormValues; meta: ItemMeta }> {
  const [row] = await readRows(db, kind, [id]);
  if (!row) throw notFoundError(kind.words);
  const people = [row.createdBy, row.updatedBy, row.editedBy, row.reviewedBy].filter((v): v is string => v !== null);
  const [values, names] = await Promise.all([
    kind.editValues(db, row),
    people.length > 0 ? db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, people)) : [],
  ]);
  const nameOf = (userId: string | null) => names.find((u) => u.id === userId)?.name ?? null;
  return {
    area: areaOfRow(kind, row),
    values,
    meta: {
      id: row.id,
      version: row.version,
      status: row.status,
      trashed: row.deletedAt !== null,
      publishedAt: row.publishedAt?.toISOString() ?? null,
      updatedAt: row.updatedAt.toISOString(),
      updatedByName: nameOf(row.updatedBy),
      createdByName: nameOf(row.createdBy),
      review: row.review,
      editedById: row.editedBy,
      editedByName: nameOf(row.editedBy),
      reviewedByName: nameOf(row.reviewedBy),
      reviewedAt: row.reviewedAt?.toISOString() ?? null,
      reviewNote: row.reviewNote,
    },
  };
}
