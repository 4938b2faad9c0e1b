/**
 * Writing events from the back-office: the kind (for the life cycle and the scheduler), create
 * and update through the generic `items` module, deletion for good, and the reads of the edit
 * form and of the connected-user preview. Plain `(db, …)` functions.
 */
import { eq } from 'drizzle-orm';
import type { SessionUser } from '@/lib/auth/types';
import { eventTags } from '@/lib/cache/tags';
import { sanitizeRichText } from '@/lib/content/html';
import { eventColumns, type EventItem } from '@/lib/content/queries/events';
import { withCoverFiles } from '@/lib/content/queries/files';
import { eventInputSchema, type EventInput, type EventValues } from '@/lib/content/schemas/event';
import type { Db } from '@/lib/db/open';
import { events } from '@/lib/db/schema';
import { createItem, deleteItemForever, fileForEdit, getItemForEdit, updateItem, type Authors, type EditableKind, type EditFile } from './items';
import { notFoundError, type LifecycleResult, type WriteOptions } from './lifecycle';

export { eventInputSchema, type EventInput, type EventValues };

export type EventRow = typeof events.$inferSelect;

/** Events as an editable, publishable kind. */
export const eventKind: EditableKind<EventRow, EventValues> = {
  table: events,
  slugTable: 'events',
  entity: 'event',
  words: { noun: 'Événement', this: 'cet événement', pronoun: 'le', feminine: false },
  tags: () => eventTags(),
  schema: () => eventInputSchema,
  columns: (v) => ({
    title: v.title,
    summary: v.summary,
    body: sanitizeRichText(v.body),
    place: v.place,
    startsAt: v.startsAt,
    endsAt: v.endsAt,
    coverFileId: v.coverFileId,
  }),
  fileRefs: (v) => ({ cover: v.coverFileId }),
};

/** Creates a draft event (see `createItem`); returns it. */
export async function createEvent(db: Db, input: unknown, user: SessionUser, options: WriteOptions = {}): Promise<EventRow> {
  return (await createItem(db, eventKind, input, user, options)).publication;
}

/** Saves an event's edit form, version-checked (see `updateItem`). */
export function updateEvent(db: Db, id: number, expectedVersion: number, input: unknown, user: SessionUser, options: WriteOptions = {}): Promise<LifecycleResult<EventRow>> {
  return updateItem(db, eventKind, id, expectedVersion, input, user, options);
}

/** Deletes an event of the trash for good; the audit entry keeps its values. */
export function deleteEventForever(db: Db, id: number, expectedVersion: number, user: SessionUser, options: WriteOptions = {}): Promise<LifecycleResult<EventRow>> {
  return deleteItemForever(db, eventKind, id, expectedVersion, user, options);
}

export type EventForEdit = EventRow & Authors & { cover: EditFile | null };

/** An event as the edit form shows it, trashed ones included, or `NotFoundError`. */
export function getEventForEdit(db: Db, id: number): Promise<EventForEdit> {
  return getItemForEdit(db, eventKind, id, async (row) => ({ cover: await fileForEdit(db, row.coverFileId) }));
}

export type EventPreview = EventItem & { status: EventRow['status']; deletedAt: Date | null };

/** The event as the events page would list it, whatever its status (preview for connected users). */
export async function previewEvent(db: Db, id: number): Promise<EventPreview> {
  const [row] = await db
    .select({ ...eventColumns, status: events.status, deletedAt: events.deletedAt })
    .from(events)
    .where(eq(events.id, id))
    .limit(1);
  if (!row) throw notFoundError(eventKind.words);
  const [item] = await withCoverFiles(db, [row]);
  return item as EventPreview;
}
