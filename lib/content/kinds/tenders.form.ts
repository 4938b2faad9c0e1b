/** The tender edit form: fields and schema. DB-free: the form checks it in the browser, the server on every write. */
import { z } from 'zod';
import { formBody, formSlug, formTitle, type KindForm } from './form';
import { attachmentList, dateTime, plainText, requiredText, richText, slugField, titleField } from '@/lib/content/schemas/common';

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
});

/** What a form sends for a tender. */
export type TenderInput = z.input<typeof tenderInputSchema>;
/** The same, checked and normalised. */
export type TenderValues = z.output<typeof tenderInputSchema>;

/** The tender form. */
export const tenderForm: KindForm = {
  fields: [
    { name: 'reference', label: 'Référence', type: 'text', required: true, max: 100, hint: 'Par exemple « AO-2026-014 ».' },
    { ...formTitle(), hint: 'L’objet du marché, par exemple « Fourniture de matériel informatique ».' },
    formSlug,
    { name: 'deadlineAt', label: 'Date limite de dépôt', type: 'datetime', required: true },
    { name: 'summary', label: 'Résumé', type: 'textarea', max: 2000 },
    formBody('Description'),
    { name: 'files', label: 'Dossier (documents à télécharger)', type: 'attachments' },
  ],
  schema: () => tenderInputSchema,
};
