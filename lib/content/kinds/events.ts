/** Events: what the kind is (see `Kind`). An event has no page of its own: it shows on `/events` and the home page. */
import { eq, sql } from 'drizzle-orm';
import { kindTags } from '@/lib/cache/tags';
import { getArea } from '@/lib/content/areas';
import { sanitizeRichText } from '@/lib/content/html';
import { storedTranslations } from '@/lib/content/mutations/translations';
import { fileForEdit } from '@/lib/content/mutations/items';
import { englishValues, toDateTimeInput } from '@/lib/content/editing/values';
import { eventColumns, listEvents } from '@/lib/content/queries/events';
import { withCoverFiles } from '@/lib/content/queries/files';
import { events } from '@/lib/db/schema';
import { defineKind } from './kind';
import { z } from 'zod';
import { formBody, formEnglish, formSlug, formTitle, type FormField, type KindForm } from './form';
import { coverField, dateTime, plainText, richText, slugField, titleField } from '@/lib/content/schemas/common';
import { englishFields, englishRichText, englishText } from '@/lib/content/schemas/translations';

// ─── Its edit form: fields and schema (the server hands the fields to the browser form) ───

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

export const eventKind = defineKind({
  name: 'events',
  table: events,
  entity: 'event',
  words: {
    noun: 'Événement',
    plural: 'Événements',
    this: 'cet événement',
    pronoun: 'le',
    feminine: false,
    en: { noun: 'Event', plural: 'Events' },
  },
  area: { slug: 'events' },
  tags: (row) => kindTags('events', row, { itemPages: false }),

  form: eventForm,
  schema: () => eventInputSchema,
  columns: (v) => ({
    title: v.title,
    summary: v.summary,
    body: sanitizeRichText(v.body),
    place: v.place,
    startsAt: v.startsAt,
    endsAt: v.endsAt,
    coverFileId: v.coverFileId,
    translations: storedTranslations(v.en, ['body']),
  }),
  fileRefs: () => ({}),
  fileColumns: [{ field: 'coverFileId', column: events.coverFileId, role: 'cover', of: (v) => v.coverFileId }],

  // An event belongs to the year it takes place; it is also looked up by its place.
  adminList: { yearOf: sql<number>`extract(year from ${events.startsAt} at time zone 'UTC')::int`, search: [events.title, events.place] },
  publicUrl: () => getArea('events')?.publicPath ?? null,
  editValues: async (db, row) => ({
    title: row.title,
    slug: row.slug,
    startsAt: toDateTimeInput(row.startsAt),
    endsAt: toDateTimeInput(row.endsAt),
    place: row.place,
    summary: row.summary,
    body: row.body,
    coverFileId: await fileForEdit(db, row.coverFileId),
    ...englishValues(row.translations),
  }),
  async preview(db, id) {
    const [row] = await db
      .select({ ...eventColumns, status: events.status, deletedAt: events.deletedAt })
      .from(events)
      .where(eq(events.id, id))
      .limit(1);
    if (!row) return null;
    const [item] = await withCoverFiles(db, [row]);
    return item ? { ...item, area: 'events' } : null;
  },
  // Upcoming first, then the 50 most recent past ones (`/events`, and the home page's next events).
  site: { list: (db, { now }) => listEvents(db, { now, pastLimit: 50 }) },
});
