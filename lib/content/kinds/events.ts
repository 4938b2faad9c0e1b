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
import { eventForm, eventInputSchema } from './events.form';
import { defineKind } from './kind';

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
