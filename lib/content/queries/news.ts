import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/open';
import { news, type Translations } from '@/lib/db/schema';
import { withCoverFiles, type PublicFile } from './files';
import { isPublic } from './visibility';

/** A news item's English texts (lib/i18n/content.ts `localize` shows them on English pages). */
export type NewsTranslations = Translations<'title' | 'excerpt' | 'body'>;

export type NewsSummary = {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  publishedAt: Date;
  translations: NewsTranslations;
  cover: PublicFile | null;
};

/** What a news page shows: the summary plus its body and last change. */
export type NewsDetail = NewsSummary & { body: string; updatedAt: Date };

const columns = {
  id: news.id,
  slug: news.slug,
  title: news.title,
  excerpt: news.excerpt,
  publishedAt: news.publishedAt,
  translations: news.translations,
  coverFileId: news.coverFileId,
};

/** Columns of a news page (the back-office preview reads the same). */
export const newsDetailColumns = { ...columns, body: news.body, updatedAt: news.updatedAt };

/** Rows with their cover images resolved (`coverFileId` → `cover`). */
export async function withCovers<T extends { coverFileId: string | null; publishedAt: Date | null }>(db: Db, rows: T[]) {
  return (await withCoverFiles(db, rows)).map((r) => ({ ...r, publishedAt: r.publishedAt as Date }));
}

/** One page of public news, newest first. */
export async function listNews(
  db: Db,
  params: { page: number; perPage: number; now: Date },
): Promise<{ items: NewsSummary[]; total: number }> {
  const where = isPublic(news, params.now);
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select(columns)
      .from(news)
      .where(where)
      .orderBy(desc(news.publishedAt), desc(news.id))
      .limit(params.perPage)
      .offset((params.page - 1) * params.perPage),
    db.select({ total: count() }).from(news).where(where),
  ]);
  return { items: await withCovers(db, rows), total };
}

/** One public news item with its body, or null. */
export async function getNews(db: Db, params: { id: number; now: Date }): Promise<NewsDetail | null> {
  const [row] = await db
    .select(newsDetailColumns)
    .from(news)
    .where(and(eq(news.id, params.id), isPublic(news, params.now)))
    .limit(1);
  if (!row) return null;
  const [item] = await withCovers(db, [row]);
  return item ?? null;
}

/** Ids and last change of every public news item (sitemap, static params). */
export async function publicNewsRefs(db: Db, params: { now: Date }) {
  return db.select({ id: news.id, updatedAt: news.updatedAt }).from(news).where(isPublic(news, params.now)).orderBy(desc(news.publishedAt));
}
