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
import { z } from 'zod';
import { formBody, formEnglish, formSlug, formTitle, type FormField, type KindForm } from './form';
import { coverField, plainText, richText, slugField, titleField } from '@/lib/content/schemas/common';
import { englishFields, englishRichText, englishText } from '@/lib/content/schemas/translations';

// ─── Its edit form: fields and schema (the server hands the fields to the browser form) ───

/**
 * A news item as the form sends it. Sanitizing the body and checking that the slug and the cover
 * are available need the server and happen on the server.
 */
export const newsInputSchema = z.object({
  title: titleField('Le titre'),
  slug: slugField(),
  excerpt: plainText(500, 'Le résumé'),
  body: richText('Le texte'),
  coverFileId: coverField(),
  en: englishFields({ title: englishText(300, 'Le titre'), excerpt: englishText(500, 'Le chapeau'), body: englishRichText('Le texte') }),
});

/** What a form sends for a news item. */
export type NewsInput = z.input<typeof newsInputSchema>;
/** The same, checked and normalised. */
export type NewsValues = z.output<typeof newsInputSchema>;

/** The news form. */
const title = formTitle();
const excerpt: FormField = {
  name: 'excerpt',
  label: 'Chapeau',
  type: 'textarea',
  max: 500,
  hint: 'Deux ou trois phrases affichées dans la liste des actualités.',
};
const body = formBody();

export const newsForm: KindForm = {
  fields: [
    title,
    formSlug,
    excerpt,
    body,
    { name: 'coverFileId', label: 'Image de couverture', type: 'image' },
    ...formEnglish([title, excerpt, body]),
  ],
  schema: () => newsInputSchema,
};

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
