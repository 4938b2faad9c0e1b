/** Tenders (calls for bids): what the kind is (see `Kind`). Two tenders never share a reference; a tender shows on `/offres`. */
import { eq } from 'drizzle-orm';
import { kindTags } from '@/lib/cache/tags';
import { getArea } from '@/lib/content/areas';
import { englishValues, toDateTimeInput } from '@/lib/content/editing/values';
import { sanitizeRichText } from '@/lib/content/html';
import { storedTranslations } from '@/lib/content/mutations/translations';
import { ownedAttachments, attachmentsForEdit } from '@/lib/content/mutations/items';
import { listTenders, tenderColumns, withTenderFiles } from '@/lib/content/queries/tenders';
import { tenderFiles, tenders } from '@/lib/db/schema';
import { defineKind, filingYear } from './kind';
import { z } from 'zod';
import { formBody, formEnglish, formSlug, formTitle, type FormField, type KindForm } from './form';
import { attachmentList, dateTime, plainText, requiredText, richText, slugField, titleField } from '@/lib/content/schemas/common';
import { englishFields, englishRichText, englishText } from '@/lib/content/schemas/translations';

// ─── Its edit form: fields and schema (the server hands the fields to the browser form) ───

/**
 * A tender (call for bids) as the form sends it. Sanitizing the body and checking that the slug,
 * the reference and the files are available happen on the server.
 */
export const tenderInputSchema = z.object({
  reference: requiredText(100, 'La référence'),
  title: titleField('Le titre'),
  slug: slugField(),
  summary: plainText(2000, 'Le résumé'),
  body: richText('Le texte'),
  deadlineAt: dateTime('La date limite de dépôt'),
  files: attachmentList(100),
  en: englishFields({ title: englishText(300, 'Le titre'), summary: englishText(2000, 'Le résumé'), body: englishRichText('Le texte') }),
});

/** What a form sends for a tender. */
export type TenderInput = z.input<typeof tenderInputSchema>;
/** The same, checked and normalised. */
export type TenderValues = z.output<typeof tenderInputSchema>;

/** The tender form. */
const title: FormField = { ...formTitle(), hint: 'L’objet du marché, par exemple « Fourniture de matériel informatique ».' };
const summary: FormField = { name: 'summary', label: 'Résumé', type: 'textarea', max: 2000 };
const body = formBody('Description');

export const tenderForm: KindForm = {
  fields: [
    { name: 'reference', label: 'Référence', type: 'text', required: true, max: 100, hint: 'Par exemple « AO-2026-014 ».' },
    title,
    formSlug,
    { name: 'deadlineAt', label: 'Date limite de dépôt', type: 'datetime', required: true },
    summary,
    body,
    { name: 'files', label: 'Dossier (documents à télécharger)', type: 'attachments' },
    ...formEnglish([title, summary, body]),
  ],
  schema: () => tenderInputSchema,
};

const attachments = ownedAttachments<TenderValues, typeof tenderFiles>(tenderFiles, 'tenderId');

export const tenderKind = defineKind({
  name: 'tenders',
  table: tenders,
  entity: 'tender',
  words: {
    noun: 'Appel d’offres',
    plural: 'Appels d’offres',
    this: 'cet appel d’offres',
    pronoun: 'le',
    feminine: false,
    en: { noun: 'Call for tenders', plural: 'Calls for tenders' },
  },
  area: { slug: 'offres' },
  tags: (row) => kindTags('tenders', row, { itemPages: false }),

  form: tenderForm,
  schema: () => tenderInputSchema,
  columns: (v) => ({
    reference: v.reference,
    title: v.title,
    summary: v.summary,
    body: sanitizeRichText(v.body),
    deadlineAt: v.deadlineAt,
    translations: storedTranslations(v.en, ['body']),
  }),
  fileRefs: (v) => ({ attachments: v.files.map((f) => f.fileId) }),
  owned: attachments,
  unique: [{ key: 'reference', label: 'La référence', another: 'une autre référence' }],

  // A tender is also looked up by its reference.
  adminList: { yearOf: filingYear(tenders), search: [tenders.title, tenders.reference] },
  publicUrl: () => getArea('offres')?.publicPath ?? null,
  editValues: async (db, row) => ({
    reference: row.reference,
    title: row.title,
    slug: row.slug,
    deadlineAt: toDateTimeInput(row.deadlineAt),
    summary: row.summary,
    body: row.body,
    files: await attachmentsForEdit(db, attachments, row.id),
    ...englishValues(row.translations),
  }),
  /** Open or closed as of `now`, dated `now` when it has no release date yet. */
  async preview(db, id, now) {
    const [row] = await db
      .select({ ...tenderColumns, status: tenders.status, deletedAt: tenders.deletedAt })
      .from(tenders)
      .where(eq(tenders.id, id))
      .limit(1);
    if (!row) return null;
    const [tender] = await withTenderFiles(db, [{ ...row, publishedAt: row.publishedAt ?? now }], now);
    return tender ? { ...tender, area: 'offres' } : null;
  },
  site: { list: (db, { now }) => listTenders(db, { now }) },
});
