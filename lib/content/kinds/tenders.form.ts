/** The tender edit form: fields and schema. DB-free: the form checks it in the browser, the server on every write. */
import { z } from 'zod';
import { formBody, formEnglish, formSlug, formTitle, type FormField, type KindForm } from './form';
import { attachmentList, dateTime, plainText, requiredText, richText, slugField, titleField } from '@/lib/content/schemas/common';
import { englishFields, englishRichText, englishText } from '@/lib/content/schemas/translations';

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
