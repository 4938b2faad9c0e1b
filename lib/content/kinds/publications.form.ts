/**
 * The publication edit form: fields and schema, per area (the area's own fields come from the
 * registry). DB-free: the form checks it in the browser, the server on every write.
 */
import { z } from 'zod';
import { areaFieldsSchema, type Area } from '@/lib/content/areas';
import { formBody, formEnglish, formSlug, formTitle, type FormField, type KindForm } from './form';
import {
  attachmentList,
  coverField,
  isoDate,
  optionalDate,
  optionalText,
  plainText,
  richText,
  slugField,
  titleField,
} from '@/lib/content/schemas/common';
import { englishFields, englishRichText, englishText } from '@/lib/content/schemas/translations';

/** The area's own fields (French messages come from the registry's `areaFieldsSchema`); absent means none given. */
function areaFieldsInput(area: Area) {
  // `prefault`: an absent value is parsed as `{}`, so missing required fields are still reported.
  return areaFieldsSchema(area)
    .prefault({})
    .transform((v) => v as Record<string, unknown>);
}

/**
 * The fields of a publication form for one area, with French messages; the area's own fields
 * (`areaFieldsSchema`) are checked under `fields`. Sanitizing the body and checking that the slug
 * and files are available need the server and happen there.
 */
export function publicationInputSchema(area: Area) {
  return z
    .object({
      title: titleField('Le titre'),
      slug: slugField(),
      summary: plainText(2000, 'Le résumé'),
      body: richText('Le texte'),
      periodLabel: optionalText(100, 'Période'),
      periodStart: optionalDate('Début de la période'),
      periodEnd: optionalDate('Fin de la période'),
      coverFileId: coverField(),
      files: attachmentList(100),
      fields: areaFieldsInput(area),
      en: englishFields({
        title: englishText(300, 'Le titre'),
        summary: englishText(2000, 'Le résumé'),
        periodLabel: englishText(100, 'La période couverte'),
        body: englishRichText('Le texte'),
      }),
    })
    .refine((v) => !v.periodStart || !v.periodEnd || v.periodEnd >= v.periodStart, {
      message: 'La fin de la période doit être égale ou postérieure à son début.',
      path: ['periodEnd'],
      // Checked even when other fields have errors, so the form shows every problem at once.
      when: ({ value }) => {
        const v = value as { periodStart?: unknown; periodEnd?: unknown } | undefined;
        return isoDate.safeParse(v?.periodStart).success && isoDate.safeParse(v?.periodEnd).success;
      },
    });
}

/** What a form sends for a publication. */
export type PublicationInput = z.input<ReturnType<typeof publicationInputSchema>>;
/** The same, checked and normalised. */
export type PublicationValues = z.output<ReturnType<typeof publicationInputSchema>>;

const title = formTitle();
const summary: FormField = {
  name: 'summary',
  label: 'Résumé',
  type: 'textarea',
  max: 2000,
  hint: 'Affiché dans les listes et en tête de la page.',
};
const periodLabel: FormField = {
  name: 'periodLabel',
  label: 'Période couverte',
  type: 'text',
  max: 100,
  hint: 'Par exemple « Octobre 2026 » ou « Année 2025 ».',
};
const body = formBody();

/** The publication form (an area's own fields are added under `fields.*` by `formFields`). */
export const publicationForm: KindForm = {
  fields: [
    title,
    formSlug,
    summary,
    periodLabel,
    { name: 'periodStart', label: 'Début de la période', type: 'date' },
    { name: 'periodEnd', label: 'Fin de la période', type: 'date' },
    body,
    { name: 'files', label: 'Fichiers à télécharger', type: 'attachments' },
    { name: 'coverFileId', label: 'Image de couverture', type: 'image' },
    ...formEnglish([title, summary, periodLabel, body]),
  ],
  schema: (area) => publicationInputSchema(area),
};
