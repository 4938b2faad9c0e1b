/** The event edit form: fields and schema. DB-free: the form checks it in the browser, the server on every write. */
import { z } from 'zod';
import { formBody, formSlug, formTitle, type KindForm } from './form';
import { coverField, dateTime, plainText, richText, slugField, titleField } from '@/lib/content/schemas/common';

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
export const eventForm: KindForm = {
  fields: [
    formTitle(),
    formSlug,
    { name: 'startsAt', label: 'Début', type: 'datetime', required: true, hint: 'Heure UTC, comme les dates du site.' },
    { name: 'endsAt', label: 'Fin', type: 'datetime' },
    { name: 'place', label: 'Lieu', type: 'text', max: 200 },
    { name: 'summary', label: 'Résumé', type: 'textarea', max: 2000 },
    formBody('Programme et informations'),
    { name: 'coverFileId', label: 'Image', type: 'image' },
  ],
  schema: () => eventInputSchema,
};
