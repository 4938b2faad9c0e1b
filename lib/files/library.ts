/**
 * The file library: stored files with who uploaded them, where they are used and how often they
 * were downloaded; storing an upload, renaming, deleting (refused while a file is in use).
 * Plain `(db, …)` functions, tested against PGlite and Postgres.
 */
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { writeAudit } from '@/lib/audit/write';
import type { SessionUser } from '@/lib/auth/types';
import { pageTags, tags } from '@/lib/cache/tags';
import { getArea } from '@/lib/content/areas';
import { allKinds } from '@/lib/content/kinds';
import { areaOfRow } from '@/lib/content/kinds/kind';
import { fileUrl } from '@/lib/content/addresses';
import { containsPattern } from '@/lib/db/like';
import type { Db } from '@/lib/db/open';
import { files, fileTexts, pages, siteIdentity, users } from '@/lib/db/schema';
import { ConflictError, NotFoundError } from '@/lib/errors';
import type { StorageDriver } from '@/lib/storage/types';
import { extractableTypes } from '@/lib/search/extractor';
import { acceptedTypes } from '@/lib/file-types';
import { extensionOf } from './detect';
import type { ReceivedFile } from './receive';
import { checkFileName, discardUpload } from './receive';

/** Where a file is used: what a person sees in the library, and the cache tags of those pages. */
export type FileUse = { label: string; adminPath: string; tags: string[] };

export type LibraryFile = {
  id: string;
  name: string;
  originalName: string;
  mime: string;
  ext: string;
  size: number;
  sha256: string;
  width: number | null;
  height: number | null;
  restricted: boolean;
  createdAt: string;
  uploadedBy: string | null;
  /** The account that uploaded it (its uploader may rename it), null for demonstration content. */
  uploadedById: string | null;
  downloadCount: number;
  url: string;
  uses: FileUse[];
  /** Its text for the search (documents only): being read, read, none (a scan), unreadable. */
  text: { status: 'pending' | 'done' | 'empty' | 'failed'; pages: number | null; error: string | null } | null;
};

/**
 * Every place each of these files is used: what the kinds' items point to (cover, document,
 * attachments, gallery photos — `Kind.fileColumns` and `Kind.owned`), the institutional pages' photos and the logo.
 */
async function usesOfFiles(db: Db, ids: string[]): Promise<Map<string, FileUse[]>> {
  const map = new Map<string, FileUse[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return map;
  const add = (id: string | null, use: FileUse) => {
    if (id) map.get(id)?.push(use);
  };

  const itemUses = allKinds.flatMap((kind) => {
    const t = kind.table;
    const columns = { id: t.id, title: t.title, area: 'column' in kind.area ? kind.area.column : t.id };
    const use = (row: { id: number; title: string; area: unknown }, role: string): FileUse => {
      const area = getArea(areaOfRow(kind, row));
      // Publications are named by their area (« Indice des prix… »), other kinds by their noun.
      const what = 'column' in kind.area ? (area?.label ?? kind.words.noun) : kind.words.noun;
      return { label: `${what} : « ${row.title} »${role}`, adminPath: area?.adminPath ?? '/admin', tags: kind.tags(row) };
    };
    const found: Promise<void>[] = [];
    for (const single of kind.fileColumns ?? []) {
      // A cover is named as such when the item has other files too; a document always is.
      const role = single.role === 'document' ? ' (document)' : kind.owned ? ' (couverture)' : '';
      found.push(
        (
          db
            .select({ ...columns, fileId: single.column })
            .from(t as PgTable)
            .where(inArray(single.column, ids)) as Promise<{ id: number; title: string; area: unknown; fileId: string }[]>
        ).then((rows) => {
          for (const r of rows) add(r.fileId, use(r, role));
        }),
      );
    }
    if (kind.owned) {
      const list = kind.owned;
      found.push(
        (
          db
            .select({ ...columns, fileId: list.file })
            .from(list.table)
            .innerJoin(t as PgTable, eq(t.id, list.owner))
            .where(inArray(list.file, ids)) as Promise<{ id: number; title: string; area: unknown; fileId: string }[]>
        ).then((rows) => {
          for (const r of rows) add(r.fileId, use(r, ''));
        }),
      );
    }
    return found;
  });

  const [pageRows, identity] = await Promise.all([
    db.select({ fileId: pages.photoFileId, key: pages.key, title: pages.title }).from(pages).where(inArray(pages.photoFileId, ids)),
    db.select({ fileId: siteIdentity.logoFileId }).from(siteIdentity).where(inArray(siteIdentity.logoFileId, ids)),
    ...itemUses,
  ]);
  for (const r of pageRows) add(r.fileId, { label: `Page : « ${r.title} »`, adminPath: '/admin/about', tags: pageTags(r.key) });
  for (const r of identity) add(r.fileId, { label: 'Logo de l’institut', adminPath: '/admin/about', tags: [tags.identity] });
  // One label per place (a publication may use a file as cover and attachment).
  for (const [id, list] of map)
    map.set(
      id,
      list.filter((u, i) => list.findIndex((v) => v.label === u.label) === i),
    );
  return map;
}

/**
 * Whether a visitor may download this file: not when every item that points to it (cover,
 * document, attachment, photo: `Kind.fileColumns`, `Kind.owned`) is not public at `now` — a draft, a scheduled or embargoed item, the trash.
 * A file used by an institutional page or as the logo, or by nothing (a library file, an image in
 * a text), stays downloadable.
 */
export async function visibleToVisitors(db: Db, id: string, now: Date): Promise<boolean> {
  let used = false;
  const checks = allKinds.flatMap((kind) => {
    const t = kind.table;
    const isDue = sql`${t.publishedAt} <= ${now.toISOString()}::timestamptz`;
    const isPublic = sql<boolean>`(${t.status} = 'published' and ${isDue} and ${t.deletedAt} is null)`;
    const found: Promise<{ isPublic: boolean }[]>[] = [];
    // Every single-file column (cover, document) whatever its role: a new kind's file is hidden until the item is public.
    for (const single of kind.fileColumns ?? [])
      found.push(
        db
          .select({ isPublic })
          .from(t as PgTable)
          .where(eq(single.column, id))
          .limit(50),
      );
    if (kind.owned) {
      const list = kind.owned;
      found.push(
        db
          .select({ isPublic })
          .from(list.table)
          .innerJoin(t as PgTable, eq(t.id, list.owner))
          .where(eq(list.file, id))
          .limit(50),
      );
    }
    return found;
  });
  const [pageRows, logo, ...itemRows] = await Promise.all([
    db.select({ key: pages.key }).from(pages).where(eq(pages.photoFileId, id)).limit(1),
    db.select({ id: siteIdentity.logoFileId }).from(siteIdentity).where(eq(siteIdentity.logoFileId, id)).limit(1),
    ...checks,
  ]);
  if (pageRows.length > 0 || logo.length > 0) return true;
  for (const rows of itemRows) {
    if (rows.length > 0) used = true;
    if (rows.some((r) => r.isPublic)) return true;
  }
  return !used;
}

export type FileListParams = { q?: string; type?: string; page?: number; perPage?: number };

/** Files newest first, with search on the names and a filter by type. */
export async function listFiles(db: Db, { q, type, page = 1, perPage = 25 }: FileListParams = {}) {
  const conditions: SQL[] = [isNull(files.deletedAt)];
  const term = q?.trim().slice(0, 100);
  if (term) {
    const like = containsPattern(term);
    conditions.push(or(ilike(files.name, like), ilike(files.originalName, like), sql`unaccent(${files.name}) ilike unaccent(${like})`)!);
  }
  // `image`: every accepted image type (covers, photos, images of rich text).
  if (type === 'image') conditions.push(ilike(files.mime, 'image/%'));
  else if (type && type in acceptedTypes) conditions.push(eq(files.mime, acceptedTypes[type as keyof typeof acceptedTypes].mime));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({ file: files, uploader: users.name, text: { status: fileTexts.status, pages: fileTexts.pages, error: fileTexts.error } })
      .from(files)
      .leftJoin(users, eq(users.id, files.uploadedBy))
      .leftJoin(fileTexts, eq(fileTexts.fileId, files.id))
      .where(where)
      .orderBy(desc(files.createdAt), asc(files.id))
      .limit(perPage)
      .offset((Math.max(1, page) - 1) * perPage),
    db.select({ n: count() }).from(files).where(where),
  ]);
  const uses = await usesOfFiles(
    db,
    rows.map((r) => r.file.id),
  );
  return {
    total: total?.n ?? 0,
    page: Math.max(1, page),
    perPage,
    files: rows.map(({ file, uploader, text }): LibraryFile => toLibraryFile(file, uploader, uses.get(file.id) ?? [], text)),
  };
}

type TextRow = { status: string | null; pages: number | null; error: string | null } | null;

function toLibraryFile(file: typeof files.$inferSelect, uploader: string | null, uses: FileUse[], text: TextRow = null): LibraryFile {
  return {
    id: file.id,
    name: file.name,
    originalName: file.originalName,
    mime: file.mime,
    ext: file.ext,
    size: file.size,
    sha256: file.sha256,
    width: file.width,
    height: file.height,
    restricted: file.visibility === 'restricted',
    createdAt: file.createdAt.toISOString(),
    uploadedBy: uploader,
    uploadedById: file.uploadedBy,
    downloadCount: file.downloadCount,
    url: fileUrl(file),
    uses,
    text: text?.status ? { status: text.status as NonNullable<LibraryFile['text']>['status'], pages: text.pages, error: text.error } : null,
  };
}

export async function getLibraryFile(db: Db, id: string): Promise<LibraryFile> {
  const [row] = await db
    .select({ file: files, uploader: users.name, text: { status: fileTexts.status, pages: fileTexts.pages, error: fileTexts.error } })
    .from(files)
    .leftJoin(users, eq(users.id, files.uploadedBy))
    .leftJoin(fileTexts, eq(fileTexts.fileId, files.id))
    .where(and(eq(files.id, id), isNull(files.deletedAt)));
  if (!row) throw new NotFoundError('Ce fichier n’existe pas ou plus.');
  return toLibraryFile(row.file, row.uploader, (await usesOfFiles(db, [id])).get(id) ?? [], row.text);
}

/**
 * Records a received upload in the library (and the audit log). If the row cannot be written,
 * the stored object is removed: an upload never leaves an orphan behind.
 */
export async function addUploadedFile(
  db: Db,
  storage: StorageDriver,
  received: ReceivedFile,
  user: SessionUser,
  options: { restricted?: boolean; ip?: string | null } = {},
): Promise<LibraryFile> {
  try {
    const [row] = await db
      .insert(files)
      .values({
        storageKey: received.storageKey,
        name: received.name,
        originalName: received.originalName,
        mime: received.mime,
        ext: received.ext,
        size: received.size,
        sha256: received.sha256,
        width: received.width ?? null,
        height: received.height ?? null,
        visibility: options.restricted ? 'restricted' : 'public',
        uploadedBy: user.id,
      })
      .returning();
    await writeAudit(db, {
      user,
      action: 'file.upload',
      entityType: 'file',
      entityId: row!.id,
      summary: `Fichier envoyé : ${row!.name}`,
      after: { name: row!.name, size: row!.size, mime: row!.mime, sha256: row!.sha256 },
      ip: options.ip,
    });
    // The database queued its text for extraction (migration 0007) when it is a document.
    return toLibraryFile(
      row!,
      user.name,
      [],
      extractableTypes.includes(row!.mime) ? { status: 'pending', pages: null, error: null } : null,
    );
  } catch (error) {
    await discardUpload(storage, { storageKey: received.storageKey });
    throw error;
  }
}

/** A new display name, checked like an uploaded one; the file's extension is kept (added back if removed). */
function displayName(raw: string, ext: string): string {
  const name = checkFileName(raw);
  const current = extensionOf(name);
  return current === ext || (ext === 'jpg' && current === 'jpeg') ? name : `${name}.${ext}`;
}

/** Changes a file's display name (download links follow); returns the file and the pages to refresh. */
export async function renameFile(db: Db, id: string, rawName: string, user: SessionUser, ip?: string | null) {
  const before = await getLibraryFile(db, id);
  const name = displayName(rawName, before.ext);
  if (before.name === name) return before;
  await db.update(files).set({ name }).where(eq(files.id, id));
  await writeAudit(db, {
    user,
    action: 'file.rename',
    entityType: 'file',
    entityId: id,
    summary: `Fichier renommé : ${before.name} → ${name}`,
    before: { name: before.name },
    after: { name },
    ip,
  });
  return { ...before, name, url: fileUrl({ id, name }) };
}

/**
 * Deletes a file that nothing uses (its row, then its stored object). While it is used, refuses
 * with a `ConflictError` listing the uses. Attachment tables also refuse at the database level.
 */
export async function deleteFile(db: Db, storage: StorageDriver, id: string, user: SessionUser, ip?: string | null) {
  const file = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(files)
      .where(and(eq(files.id, id), isNull(files.deletedAt)))
      .for('update');
    if (!row) throw new NotFoundError('Ce fichier n’existe pas ou plus.');
    const uses = (await usesOfFiles(tx, [id])).get(id) ?? [];
    if (uses.length > 0) {
      throw new ConflictError(
        `« ${row.name} » est utilisé ${uses.length > 1 ? `à ${uses.length} endroits` : 'ailleurs'} : ` +
          `${uses.map((u) => u.label).join(' ; ')}. ` +
          `Retirez-le de ${uses.length > 1 ? 'ces contenus' : 'ce contenu'} avant de le supprimer.`,
      );
    }
    await tx.delete(files).where(eq(files.id, id));
    return row;
  });
  await storage.delete(file.storageKey).catch((error: unknown) => console.error('Objet de stockage non supprimé', file.storageKey, error));
  await writeAudit(db, {
    user,
    action: 'file.delete',
    entityType: 'file',
    entityId: id,
    summary: `Fichier supprimé : ${file.name}`,
    before: { name: file.name, size: file.size, sha256: file.sha256 },
    ip,
  });
  return file;
}

/** Adds counted downloads (see download-counter.ts). */
export async function addDownloads(db: Db, counts: Map<string, number>) {
  for (const [id, n] of counts) {
    await db
      .update(files)
      .set({ downloadCount: sql`${files.downloadCount} + ${n}` })
      .where(eq(files.id, id));
  }
}

/** Most downloaded files (dashboard). */
export async function mostDownloadedFiles(db: Db, limit = 5) {
  return db
    .select({ id: files.id, name: files.name, downloadCount: files.downloadCount })
    .from(files)
    .where(and(isNull(files.deletedAt), sql`${files.downloadCount} > 0`))
    .orderBy(desc(files.downloadCount))
    .limit(limit);
}
