/**
 * Writing news items from the back-office: the kind (for the life cycle and the scheduler),
 * create and update through the generic `items` module, deletion for good, and the reads of the
 * edit form and of the connected-user preview. Plain `(db, …)` functions.
 */
import { eq } from 'drizzle-orm';
import type { SessionUser } from '@/lib/auth/types';
import { newsTags } from '@/lib/cache/tags';
import { sanitizeRichText } from '@/lib/content/html';
import { newsDetailColumns, withCovers, type NewsDetail } from '@/lib/content/queries/news';
import { newsInputSchema, type NewsInput, type NewsValues } from '@/lib/content/schemas/news';
import type { Db } from '@/lib/db/open';
import { news } from '@/lib/db/schema';
import { createItem, deleteItemForever, fileForEdit, getItemForEdit, updateItem, type Authors, type EditableKind, type EditFile } from './items';
import { notFoundError, type LifecycleResult, type WriteOptions } from './lifecycle';

export { newsInputSchema, type NewsInput, type NewsValues };

export type News = typeof news.$inferSelect;

/** News items as an editable, publishable kind. */
export const newsKind: EditableKind<News, NewsValues> = {
  table: news,
  slugTable: 'news',
  entity: 'news',
  words: { noun: 'Actualité', this: 'cette actualité', pronoun: 'la', feminine: true },
  tags: (row) => newsTags(row),
  schema: () => newsInputSchema,
  columns: (v) => ({ title: v.title, excerpt: v.excerpt, body: sanitizeRichText(v.body), coverFileId: v.coverFileId }),
  fileRefs: (v) => ({ cover: v.coverFileId }),
};

/** Creates a draft news item (see `createItem`); returns it. */
export async function createNews(db: Db, input: unknown, user: SessionUser, options: WriteOptions = {}): Promise<News> {
  return (await createItem(db, newsKind, input, user, options)).publication;
}

/** Saves a news item's edit form, version-checked (see `updateItem`). */
export function updateNews(db: Db, id: number, expectedVersion: number, input: unknown, user: SessionUser, options: WriteOptions = {}): Promise<LifecycleResult<News>> {
  return updateItem(db, newsKind, id, expectedVersion, input, user, options);
}

/** Deletes a news item of the trash for good; the audit entry keeps its values. */
export function deleteNewsForever(db: Db, id: number, expectedVersion: number, user: SessionUser, options: WriteOptions = {}): Promise<LifecycleResult<News>> {
  return deleteItemForever(db, newsKind, id, expectedVersion, user, options);
}

export type NewsForEdit = News & Authors & { cover: EditFile | null };

/** A news item as the edit form shows it, trashed ones included, or `NotFoundError`. */
export function getNewsForEdit(db: Db, id: number): Promise<NewsForEdit> {
  return getItemForEdit(db, newsKind, id, async (row) => ({ cover: await fileForEdit(db, row.coverFileId) }));
}

export type NewsPreview = NewsDetail & { status: News['status']; deletedAt: Date | null };

/**
 * What the news page would show for this item, whatever its status (preview for connected
 * users): the public detail shape, dated `now` when it has no release date yet.
 */
export async function previewNews(db: Db, id: number, now = new Date()): Promise<NewsPreview> {
  const [row] = await db
    .select({ ...newsDetailColumns, status: news.status, deletedAt: news.deletedAt })
    .from(news)
    .where(eq(news.id, id))
    .limit(1);
  if (!row) throw notFoundError(newsKind.words);
  const [item] = await withCovers(db, [{ ...row, publishedAt: row.publishedAt ?? now }]);
  return item as NewsPreview;
}
