import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '@/lib/db/open';
import { files, publicationFiles, tenderFiles, type Translations } from '@/lib/db/schema';

export type PublicFile = {
  id: string;
  name: string;
  label: string | null;
  /** The label in other languages (issue 29): shown on their pages where written. */
  translations?: Translations<'label'>;
  mime: string;
  ext: string;
  size: number;
  width: number | null;
  height: number | null;
  restricted: boolean;
};

const fileColumns = {
  id: files.id,
  name: files.name,
  mime: files.mime,
  ext: files.ext,
  size: files.size,
  width: files.width,
  height: files.height,
  visibility: files.visibility,
};

type FileRow = {
  id: string;
  name: string;
  mime: string;
  ext: string;
  size: number;
  width: number | null;
  height: number | null;
  visibility: 'public' | 'restricted';
};

function toPublicFile(row: FileRow, label: string | null, translations?: Translations<'label'>): PublicFile {
  const { visibility, ...rest } = row;
  return { ...rest, label, ...(translations?.en ? { translations } : {}), restricted: visibility === 'restricted' };
}

type Attachments = typeof publicationFiles | typeof tenderFiles;

/**
 * Files attached to each owner through a join table, in their order: the public ones only. A file
 * reserved to signed-in people answers 404 to a visitor, and public pages are the same for everyone
 * (cached in front): listed, it was a broken link on the page.
 */
async function attachedFiles(db: Db, table: Attachments, ownerColumn: PgColumn, ids: number[]): Promise<Map<number, PublicFile[]>> {
  const map = new Map<number, PublicFile[]>();
  if (ids.length === 0) return map;
  const rows = await db
    .select({ ownerId: ownerColumn, label: table.label, translations: table.translations, ...fileColumns })
    .from(table)
    .innerJoin(files, eq(files.id, table.fileId))
    .where(and(inArray(ownerColumn, ids), eq(files.visibility, 'public'), isNull(files.deletedAt)))
    .orderBy(asc(table.position));
  for (const { ownerId, label, translations, ...file } of rows) {
    const list = map.get(ownerId as number) ?? [];
    list.push(toPublicFile(file, label, translations));
    map.set(ownerId as number, list);
  }
  return map;
}

/** Files attached to each of these publications, in their order. */
export const filesOfPublications = (db: Db, ids: number[]) => attachedFiles(db, publicationFiles, publicationFiles.publicationId, ids);

/** Files attached to each of these tenders, in their order. */
export const filesOfTenders = (db: Db, ids: number[]) => attachedFiles(db, tenderFiles, tenderFiles.tenderId, ids);

/** One file's metadata for downloading, or null. */
export async function getFileForDownload(db: Db, id: string) {
  const [row] = await db
    .select({ ...fileColumns, storageKey: files.storageKey, sha256: files.sha256, createdAt: files.createdAt, deletedAt: files.deletedAt })
    .from(files)
    .where(eq(files.id, id))
    .limit(1);
  return row && !row.deletedAt ? row : null;
}

/**
 * File metadata for these ids (covers, documents), for public pages: only files a visitor can
 * download. A file reserved to signed-in people (made so in the library after it was chosen) or
 * deleted answers 404 to visitors: shown, it was a broken image or link.
 */
async function filesById(db: Db, ids: string[]): Promise<Map<string, PublicFile>> {
  const map = new Map<string, PublicFile>();
  if (ids.length === 0) return map;
  const rows = await db
    .select(fileColumns)
    .from(files)
    .where(and(inArray(files.id, ids), eq(files.visibility, 'public'), isNull(files.deletedAt)));
  for (const row of rows) map.set(row.id, toPublicFile(row, null));
  return map;
}

/** Rows with their cover image resolved (`coverFileId` → `cover`; null when none or gone). */
export async function withCoverFiles<T extends { coverFileId: string | null }>(
  db: Db,
  rows: T[],
): Promise<(Omit<T, 'coverFileId'> & { cover: PublicFile | null })[]> {
  const covers = await filesById(
    db,
    rows.flatMap((r) => (r.coverFileId ? [r.coverFileId] : [])),
  );
  return rows.map(({ coverFileId, ...r }) => ({ ...r, cover: coverFileId ? (covers.get(coverFileId) ?? null) : null }));
}

/** Rows with their document resolved (`documentFileId` → `document`, a `document` file column; null when none). */
export async function withDocumentFiles<T extends { documentFileId: string | null }>(
  db: Db,
  rows: T[],
): Promise<(Omit<T, 'documentFileId'> & { document: PublicFile | null })[]> {
  const found = await filesById(
    db,
    rows.flatMap((r) => (r.documentFileId ? [r.documentFileId] : [])),
  );
  return rows.map(({ documentFileId, ...r }) => ({ ...r, document: documentFileId ? (found.get(documentFileId) ?? null) : null }));
}
