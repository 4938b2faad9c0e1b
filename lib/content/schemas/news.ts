/** The news edit form's schema. DB-free: the form checks it in the browser, the mutations on the server. */
import { z } from 'zod';
import { coverField, plainText, richText, slugField, titleField } from './common';

/**
 * A news item as the form sends it. Sanitizing the body and checking that the slug and the cover
 * are available need the server and happen in `createNews` / `updateNews`.
 */
export const newsInputSchema = z.object({
  title: titleField('Le titre'),
  slug: slugField(),
  excerpt: plainText(500, 'Le résumé'),
  body: richText('Le texte'),
  coverFileId: coverField(),
});

/** What a form sends for a news item. */
export type NewsInput = z.input<typeof newsInputSchema>;
/** The same, checked and normalised. */
export type NewsValues = z.output<typeof newsInputSchema>;
