/** The tender edit form's schema. DB-free: the form checks it in the browser, the mutations on the server. */
import { z } from 'zod';
import { attachmentList, dateTime, plainText, requiredText, richText, slugField, titleField } from './common';

/**
 * A tender (call for bids) as the form sends it. Sanitizing the body and checking that the slug,
 * the reference and the files are available happen on the server, in `createTender` / `updateTender`.
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
