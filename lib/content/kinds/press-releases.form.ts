/** The press release edit form: fields and schema. DB-free: the form checks it in the browser, the server on every write. */
import { z } from 'zod';
import { formBody, formEnglish, formSlug, formTitle, type FormField, type KindForm } from './form';
import { optionalFileId, plainText, richText, slugField, titleField } from '@/lib/content/schemas/common';
import { englishFields, englishRichText, englishText } from '@/lib/content/schemas/translations';

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
