import { and, asc, desc, gte, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '@/lib/db/open';
import { events, type Translations } from '@/lib/db/schema';
import { withCoverFiles, type PublicFile } from './files';
import { isPublic } from './visibility';

/** Columns of an event as the public lists show it (the back-office preview reads the same, in French: without `translations`). */
export const eventColumns = {
  id: events.id,
  slug: events.slug,
  title: events.title,
  summary: events.summary,
  body: events.body,
  place: events.place,
  startsAt: events.startsAt,
  endsAt: events.endsAt,
  coverFileId: events.coverFileId,
};
/** The public lists' columns: with the English texts (one cached list serves both languages). */
const publicEventColumns = { ...eventColumns, translations: events.translations };

/** An event's English texts (lib/i18n/content.ts `localize` shows them on English pages). */
export type EventTranslations = Translations<'title' | 'summary' | 'body' | 'place'>;

export type EventItem = {
  id: number;
  slug: string;
  title: string;
  summary: string;
  body: string;
  place: string;
  startsAt: Date;
  endsAt: Date | null;
  translations: EventTranslations;
  cover: PublicFile | null;
};

/** Upcoming (and ongoing) events soonest first, then past events most recent first. */
export async function listEvents(db: Db, params: { now: Date; pastLimit: number }): Promise<{ upcoming: EventItem[]; past: EventItem[] }> {
  // Compared column by column (not through a raw coalesce) so every driver types the date.
  const notOver = or(gte(events.endsAt, params.now), and(isNull(events.endsAt), gte(events.startsAt, params.now)));
  const [upcoming, past] = await Promise.all([
    db
      .select(publicEventColumns)
      .from(events)
      .where(and(isPublic(events, params.now), notOver))
      .orderBy(asc(events.startsAt)),
    db
      .select(publicEventColumns)
      .from(events)
      .where(
        and(isPublic(events, params.now), or(and(isNull(events.endsAt), lt(events.startsAt, params.now)), lt(events.endsAt, params.now))),
      )
      .orderBy(desc(events.startsAt))
      .limit(params.pastLimit),
  ]);
  return { upcoming: await withCoverFiles(db, upcoming), past: await withCoverFiles(db, past) };
}
