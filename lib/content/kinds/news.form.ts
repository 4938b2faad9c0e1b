/** The news edit form: fields and schema. DB-free: the form checks it in the browser, the server on every write. */
import { z } from 'zod';
import { formBody, formEnglish, formSlug, formTitle, type FormField, type KindForm } from './form';
import { coverField, plainText, richText, slugField, titleField } from '@/lib/content/schemas/common';
import { englishFields, englishRichText, englishText } from '@/lib/content/schemas/translations';

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
