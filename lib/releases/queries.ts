/** Reading the release calendar: lists (upcoming, past, by area), one release with its date history, refs for the sitemap. */
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt } from 'drizzle-orm';
import type { PublicationTranslations } from '@/lib/content/queries/publications';
import type { Db } from '@/lib/db/open';
import { releaseDateChanges, releases } from '@/lib/db/schema';
import type { SeriesTranslations } from '@/lib/series/queries';
import { linkedPublications, linkedVersions } from './links';
import type { DateChange, Release } from './model';

/**
 * A release as public pages read it: with its English texts (title, provisional label, reason) and
 * those of what it brought out, which lib/i18n/content.ts `localize` shows on English pages.
 */
export type PublicRelease = Omit<Release, 'publications' | 'versions'> & {
  translations: (typeof releases.$inferSelect)['translations'];
  publications: (Release['publications'][number] & { translations: PublicationTranslations })[];
  versions: (Release['versions'][number] & { translations: SeriesTranslations })[];
};

const base = (db: Db) => db.select().from(releases);
/** On the public calendar: announced by a publisher, or approved once (lib/releases/review.ts). */
export const onPublicCalendar = isNotNull(releases.publicSince);

type Row = typeof releases.$inferSelect;

/** Rows as releases, with what they brought out — only what is public at `now`. */
async function toReleases(db: Db, rows: Row[], now: Date): Promise<PublicRelease[]> {
  const ids = rows.map((r) => r.id);
  const [pubs, versions] = await Promise.all([linkedPublications(db, ids), linkedVersions(db, ids)]);
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    area: r.area,
    title: r.title,
    scheduledAt: r.scheduledAt,
    status: r.status,
    provisionalLabel: r.provisionalLabel,
    reason: r.reason,
    translations: r.translations,
    contact: r.contact,
    sequence: r.sequence,
    updatedAt: r.updatedAt,
    createdAt: r.createdAt,
    publications: (pubs.get(r.id) ?? [])
      .filter((p) => p.status === 'published' && p.publishedAt !== null && p.publishedAt <= now && !p.deletedAt)
      .map(({ area, slug, title, translations }) => ({ area, slug, title, translations })),
    // Its versions are public once it is out (lib/releases/review.ts).
    versions: r.status === 'published' ? (versions.get(r.id) ?? []).filter((v) => v.publishedAt <= now) : [],
  }));
}

/** Upcoming (from `now`, soonest first) or past (newest first) releases, of some areas or all. */
export async function listReleases(
  db: Db,
  params: { now: Date; when: 'upcoming' | 'past'; areas?: string[]; limit?: number },
): Promise<PublicRelease[]> {
  const conditions = [
    onPublicCalendar,
    params.when === 'upcoming' ? gte(releases.scheduledAt, params.now) : lt(releases.scheduledAt, params.now),
    params.areas ? inArray(releases.area, params.areas.length > 0 ? params.areas : ['']) : undefined,
  ].filter((c) => c !== undefined);
  const rows = await base(db)
    .where(and(...conditions))
    .orderBy(params.when === 'upcoming' ? asc(releases.scheduledAt) : desc(releases.scheduledAt))
    .limit(params.limit ?? 500);
  return toReleases(db, rows, params.now);
}

/** Upcoming releases still expected (not cancelled), soonest first: the home page and area pages. */
export async function nextReleases(db: Db, params: { now: Date; limit: number; area?: string }): Promise<PublicRelease[]> {
  const rows = await base(db)
    .where(
      and(
        onPublicCalendar,
        gte(releases.scheduledAt, params.now),
        inArray(releases.status, ['announced', 'confirmed', 'postponed']),
        params.area ? eq(releases.area, params.area) : undefined,
      ),
    )
    .orderBy(asc(releases.scheduledAt))
    .limit(params.limit);
  return toReleases(db, rows, params.now);
}

/** One release and the history of its date changes (oldest first). */
export async function releaseBySlug(db: Db, slug: string, now: Date): Promise<{ release: PublicRelease; changes: DateChange[] } | null> {
  const [row] = await base(db)
    .where(and(eq(releases.slug, slug), onPublicCalendar))
    .limit(1);
  if (!row) return null;
  const changes = await db
    .select({
      previousAt: releaseDateChanges.previousAt,
      newAt: releaseDateChanges.newAt,
      reason: releaseDateChanges.reason,
      translations: releaseDateChanges.translations,
      changedAt: releaseDateChanges.changedAt,
    })
    .from(releaseDateChanges)
    .where(eq(releaseDateChanges.releaseId, row.id))
    .orderBy(asc(releaseDateChanges.changedAt), asc(releaseDateChanges.id));
  return { release: (await toReleases(db, [row], now))[0]!, changes };
}

/** Slug, area and last change of every release (sitemap, 404 index). */
export async function releaseRefs(db: Db): Promise<{ slug: string; area: string; updatedAt: Date }[]> {
  return db
    .select({ slug: releases.slug, area: releases.area, updatedAt: releases.updatedAt })
    .from(releases)
    .where(onPublicCalendar)
    .orderBy(asc(releases.scheduledAt));
}

/** A release as its admin screen edits it (with its optimistic `version`) and its date history. */
export async function releaseForAdmin(db: Db, id: number) {
  const [row] = await db.select().from(releases).where(eq(releases.id, id)).limit(1);
  if (!row) return null;
  const changes = await db
    .select()
    .from(releaseDateChanges)
    .where(eq(releaseDateChanges.releaseId, id))
    .orderBy(asc(releaseDateChanges.changedAt), asc(releaseDateChanges.id));
  return { row, changes };
}

/** The area of a release and whether it is on the public calendar (the access rules of its admin actions), or null for an unknown one. */
export async function releaseArea(db: Db, id: number): Promise<{ area: string; public: boolean } | null> {
  const [row] = await db
    .select({ area: releases.area, publicSince: releases.publicSince })
    .from(releases)
    .where(eq(releases.id, id))
    .limit(1);
  return row ? { area: row.area, public: row.publicSince !== null } : null;
}

/** Releases a Rédacteur prepared that no one approved yet: off the public calendar, soonest first. */
export async function preparedReleases(db: Db) {
  return db
    .select({ id: releases.id, title: releases.title, area: releases.area, scheduledAt: releases.scheduledAt, review: releases.review })
    .from(releases)
    .where(and(isNull(releases.publicSince), inArray(releases.status, ['announced', 'confirmed', 'postponed'])))
    .orderBy(asc(releases.scheduledAt))
    .limit(200);
}
