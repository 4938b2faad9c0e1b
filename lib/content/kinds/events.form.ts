/** The event edit form: fields and schema. DB-free: the form checks it in the browser, the server on every write. */
import { z } from 'zod';
import { formBody, formEnglish, formSlug, formTitle, type FormField, type KindForm } from './form';
import { coverField, dateTime, plainText, richText, slugField, titleField } from '@/lib/content/schemas/common';
import { englishFields, englishRichText, englishText } from '@/lib/content/schemas/translations';

const isDate = (v: unknown): v is Date => v instanceof Date && !Number.isNaN(v.getTime());

/**
 * An event as the form sends it: start required, end optional and not before the start.
 * Sanitizing the body and checking that the slug and the cover are available happen on the server.
 */
export const eventInputSchema = z
  .object({
    title: titleField('Le titre'),
    slug: slugField(),
    summary: plainText(2000, 'Le résumé'),
    body: richText('Le texte'),
    place: plainText(200, 'Le lieu'),
    startsAt: dateTime('La date de début'),
    endsAt: dateTime('La date de fin', false),
    coverFileId: coverField(),
    en: englishFields({
      title: englishText(300, 'Le titre'),
      summary: englishText(2000, 'Le résumé'),
      place: englishText(200, 'Le lieu'),
      body: englishRichText('Le texte'),
    }),
  })
  .refine((v) => !v.endsAt || v.endsAt >= v.startsAt, {
    message: 'La fin de l’événement doit être égale ou postérieure à son début : corrigez la date de fin.',
    path: ['endsAt'],
    // Checked even when other fields have errors, so the form shows every problem at once.
    when: ({ value }) => {
      const v = value as { startsAt?: unknown; endsAt?: unknown } | undefined;
      return isDate(v?.startsAt) && isDate(v?.endsAt);
    },
  });

/** What a form sends for an event. */
export type EventInput = z.input<typeof eventInputSchema>;
/** The same, checked and normalised. */
export type EventValues = z.output<typeof eventInputSchema>;

/** The event form. */
const title = formTitle();
const place: FormField = { name: 'place', label: 'Lieu', type: 'text', max: 200 };
const summary: FormField = { name: 'summary', label: 'Résumé', type: 'textarea', max: 2000 };
const body = formBody('Programme et informations');

export const eventForm: KindForm = {
  fields: [
    title,
    formSlug,
    { name: 'startsAt', label: 'Début', type: 'datetime', required: true, hint: 'Heure UTC, comme les dates du site.' },
    { name: 'endsAt', label: 'Fin', type: 'datetime' },
    place,
    summary,
    body,
    { name: 'coverFileId', label: 'Image', type: 'image' },
    ...formEnglish([title, place, summary, body]),
  ],
  schema: () => eventInputSchema,
};
