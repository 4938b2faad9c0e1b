/** News items: what the kind is (see `Kind`). */
import { eq } from 'drizzle-orm';
import { kindTags } from '@/lib/cache/tags';
import { sanitizeRichText } from '@/lib/content/html';
import { englishValues } from '@/lib/content/editing/values';
import { storedTranslations } from '@/lib/content/mutations/translations';
import { fileForEdit } from '@/lib/content/mutations/items';
import { getNews, listNews, newsDetailColumns, publicNewsRefs, withCovers } from '@/lib/content/queries/news';
import { newsUrl } from '@/lib/content/addresses';
import { news } from '@/lib/db/schema';
import { defineKind, filingYear } from './kind';
import { newsForm, newsInputSchema } from './news.form';

export const newsKind = defineKind({
  name: 'news',
  table: news,
  entity: 'news',
  words: {
    noun: 'Actualité',
    plural: 'Actualités',
    this: 'cette actualité',
    pronoun: 'la',
    feminine: true,
    en: { noun: 'News item', plural: 'News' },
  },
  area: { slug: 'news' },
  tags: (row) => kindTags('news', row, { itemPages: true }),

  form: newsForm,
  schema: () => newsInputSchema,
  columns: (v) => ({
    title: v.title,
    excerpt: v.excerpt,
    body: sanitizeRichText(v.body),
    coverFileId: v.coverFileId,
    translations: storedTranslations(v.en, ['body']),
  }),
  fileRefs: () => ({}),
  fileColumns: [{ field: 'coverFileId', column: news.coverFileId, role: 'cover', of: (v) => v.coverFileId }],

  adminList: { yearOf: filingYear(news), search: [news.title] },
  publicUrl: newsUrl,
  editValues: async (db, row) => ({
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    body: row.body,
    coverFileId: await fileForEdit(db, row.coverFileId),
    ...englishValues(row.translations),
  }),
  async preview(db, id, now) {
    const [row] = await db
      .select({ ...newsDetailColumns, status: news.status, deletedAt: news.deletedAt })
      .from(news)
      .where(eq(news.id, id))
      .limit(1);
    if (!row) return null;
    const [item] = await withCovers(db, [{ ...row, publishedAt: row.publishedAt ?? now }]);
    return item ? { ...item, area: 'news' } : null;
  },
  // Paginated on `/actualites`, each item on `/actualites/{id}`.
  site: {
    list: (db, params) => listNews(db, params),
    paginated: true,
    item: { get: (db, params) => getNews(db, params), refs: (db, params) => publicNewsRefs(db, params) },
  },
});
