/**
 * Writing tenders (calls for bids) from the back-office: the kind (for the life cycle and the
 * scheduler), create and update through the generic `items` module (attachments as its ordered
 * list, the reference unique), deletion for good, and the reads of the edit form and of the
 * connected-user preview. Plain `(db, …)` functions.
 */
import { eq } from 'drizzle-orm';
import type { SessionUser } from '@/lib/auth/types';
import { tenderTags } from '@/lib/cache/tags';
import { sanitizeRichText } from '@/lib/content/html';
import { tenderColumns, withTenderFiles, type Tender } from '@/lib/content/queries/tenders';
import { tenderInputSchema, type TenderInput, type TenderValues } from '@/lib/content/schemas/tender';
import type { Db } from '@/lib/db/open';
import { tenderFiles, tenders } from '@/lib/db/schema';
import {
  attachmentList,
  attachmentsForEdit,
  createItem,
  deleteItemForever,
  getItemForEdit,
  updateItem,
  type Authors,
  type EditableKind,
  type EditAttachment,
} from './items';
import { notFoundError, type LifecycleResult, type WriteOptions } from './lifecycle';

export { tenderInputSchema, type TenderInput, type TenderValues };

export type TenderRow = typeof tenders.$inferSelect;

/** Tenders as an editable, publishable kind; two tenders never share a reference. */
export const tenderKind: EditableKind<TenderRow, TenderValues> = {
  table: tenders,
  slugTable: 'tenders',
  entity: 'tender',
  words: { noun: 'Appel d’offres', this: 'cet appel d’offres', pronoun: 'le', feminine: false },
  tags: () => tenderTags(),
  schema: () => tenderInputSchema,
  columns: (v) => ({ reference: v.reference, title: v.title, summary: v.summary, body: sanitizeRichText(v.body), deadlineAt: v.deadlineAt }),
  fileRefs: (v) => ({ attachments: v.files.map((f) => f.fileId) }),
  list: attachmentList(tenderFiles, 'tenderId'),
  unique: [{ key: 'reference', label: 'La référence', another: 'une autre référence' }],
};

/** Creates a draft tender with its files (see `createItem`); returns it. */
export async function createTender(db: Db, input: unknown, user: SessionUser, options: WriteOptions = {}): Promise<TenderRow> {
  return (await createItem(db, tenderKind, input, user, options)).publication;
}

/** Saves a tender's edit form, files included, version-checked (see `updateItem`). */
export function updateTender(db: Db, id: number, expectedVersion: number, input: unknown, user: SessionUser, options: WriteOptions = {}): Promise<LifecycleResult<TenderRow>> {
  return updateItem(db, tenderKind, id, expectedVersion, input, user, options);
}

/** Deletes a tender of the trash for good (the files stay in the library); the audit entry keeps its values and files. */
export function deleteTenderForever(db: Db, id: number, expectedVersion: number, user: SessionUser, options: WriteOptions = {}): Promise<LifecycleResult<TenderRow>> {
  return deleteItemForever(db, tenderKind, id, expectedVersion, user, options);
}

export type TenderForEdit = TenderRow & Authors & { files: EditAttachment[] };

/** A tender as the edit form shows it, files in order, trashed ones included, or `NotFoundError`. */
export function getTenderForEdit(db: Db, id: number): Promise<TenderForEdit> {
  return getItemForEdit(db, tenderKind, id, async (row) => ({ files: await attachmentsForEdit(db, tenderFiles, 'tenderId', row.id) }));
}

export type TenderPreview = Tender & { status: TenderRow['status']; deletedAt: Date | null };

/**
 * The tender as the tenders page would show it, whatever its status (preview for connected
 * users): open or closed as of `now`, dated `now` when it has no release date yet.
 */
export async function previewTender(db: Db, id: number, now = new Date()): Promise<TenderPreview> {
  const [row] = await db
    .select({ ...tenderColumns, status: tenders.status, deletedAt: tenders.deletedAt })
    .from(tenders)
    .where(eq(tenders.id, id))
    .limit(1);
  if (!row) throw notFoundError(tenderKind.words);
  const [tender] = await withTenderFiles(db, [{ ...row, publishedAt: row.publishedAt ?? now }], now);
  return tender as TenderPreview;
}
