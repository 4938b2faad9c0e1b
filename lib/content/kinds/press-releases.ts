/** Press releases (« Communiqués de presse »): what the kind is (see `Kind`). Listed on `/communiques`, newest first, each with its PDF. */
import { desc, eq } from 'drizzle-orm';
import { kindTags } from '@/lib/cache/tags';
import { getArea } from '@/lib/content/areas';
import { englishValues } from '@/lib/content/editing/values';
import { sanitizeRichText } from '@/lib/content/html';
import { fileForEdit } from '@/lib/content/mutations/items';
import { storedTranslations } from '@/lib/content/mutations/translations';
import { withDocumentFiles } from '@/lib/content/queries/files';
import { isPublic } from '@/lib/content/queries/visibility';
import type { Db } from '@/lib/db/open';
import { pressReleases } from '@/lib/db/schema';
import { defineKind, filingYear } from './kind';
import { z } from 'zod';
import { formBody, formEnglish, formSlug, formTitle, type FormField, type KindForm } from './form';
import { optionalFileId, plainText, richText, slugField, titleField } from '@/lib/content/schemas/common';
import { englishFields, englishRichText, englishText } from '@/lib/content/schemas/translations';

// ─── Its edit form: fields and schema (the server hands the fields to the browser form) ───

/** A press release as the form sends it; its date is its publication's (published or scheduled). */
export const pressReleaseInputSchema = z.object({
  title: titleField('Le titre'),
  slug: slugField(),
  summary: plainText(1000, 'Le résumé'),
  body: richText('Le texte'),
  documentFileId: optionalFileId('Le communiqué en PDF : choisissez un fichier de la bibliothèque.'),
  en: englishFields({ title: englishText(300, 'Le titre'), summary: englishText(1000, 'Le résumé'), body: englishRichText('Le texte') }),
});

/** The same, checked and normalised. */
export type PressReleaseValues = z.output<typeof pressReleaseInputSchema>;

const title = formTitle();
const summary: FormField = { name: 'summary', label: 'Résumé', type: 'textarea', max: 1000, hint: 'Deux ou trois phrases.' };
const body = formBody();

export const pressReleaseForm: KindForm = {
  fields: [
    title,
    formSlug,
    summary,
    body,
    { name: 'documentFileId', label: 'Communiqué en PDF', type: 'document', accept: ['pdf'], hint: 'Le fichier PDF du communiqué.' },
    ...formEnglish([title, summary, body]),
  ],
  schema: () => pressReleaseInputSchema,
};

const t = pressReleases;
const columns = {
  id: t.id,
  title: t.title,
  summary: t.summary,
  body: t.body,
  publishedAt: t.publishedAt,
  translations: t.translations,
  documentFileId: t.documentFileId,
};

/** Rows as the card shows them (`ItemCard`): dated (`now` for a preview never published), their PDF as their one file. */
async function cards<R extends { publishedAt: Date | null; documentFileId: string | null }>(db: Db, rows: R[], now: Date) {
  return (await withDocumentFiles(db, rows)).map(({ document, ...r }) => ({
    ...r,
    publishedAt: r.publishedAt ?? now,
    files: document ? [{ ...document, label: 'Communiqué (PDF)', translations: { en: { label: 'Press release (PDF)' } } }] : [],
  }));
}

export const pressReleaseKind = defineKind({
  name: 'press-releases',
  table: pressReleases,
  entity: 'pressrelease',
  words: {
    noun: 'Communiqué de presse',
    plural: 'Communiqués de presse',
    this: 'ce communiqué de presse',
    pronoun: 'le',
    feminine: false,
    empty: 'Aucun communiqué de presse publié pour le moment.',
    en: { noun: 'Press release', plural: 'Press releases', empty: 'No press releases published yet.' },
  },
  area: { slug: 'communiques' },
  tags: (row) => kindTags('press-releases', row, { itemPages: false }),

  form: pressReleaseForm,
  schema: () => pressReleaseInputSchema,
  columns: (v) => ({
    title: v.title,
    summary: v.summary,
    body: sanitizeRichText(v.body),
    documentFileId: v.documentFileId,
    translations: storedTranslations(v.en, ['body']),
  }),
  fileRefs: () => ({}),
  // One PDF, served to visitors once the release is public (lib/files/library.ts).
  fileColumns: [
    { field: 'documentFileId', column: pressReleases.documentFileId, role: 'document', types: ['pdf'], of: (v) => v.documentFileId },
  ],

  adminList: { yearOf: filingYear(pressReleases), search: [pressReleases.title] },
  publicUrl: () => getArea('communiques')?.publicPath ?? null,
  editValues: async (db, row) => ({
    title: row.title,
    slug: row.slug,
    summary: row.summary,
    body: row.body,
    documentFileId: await fileForEdit(db, row.documentFileId),
    ...englishValues(row.translations),
  }),
  async preview(db, id, now) {
    const [row] = await db
      .select({ ...columns, status: t.status, deletedAt: t.deletedAt })
      .from(t)
      .where(eq(t.id, id))
      .limit(1);
    if (!row) return null;
    const [item] = await cards(db, [row], now);
    return item ? { ...item, area: 'communiques' } : null;
  },
  // Every public one, newest first (`/communiques`).
  site: {
    list: async (db, { now }) =>
      cards(db, await db.select(columns).from(t).where(isPublic(t, now)).orderBy(desc(t.publishedAt), desc(t.id)), now),
  },
});
