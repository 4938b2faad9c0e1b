/**
 * The next moment anything public changes by the clock alone, with nobody saving: a scheduled item's
 * publication, a release's minute, a series or table version's time, a tender's deadline, an event's
 * start or end. The scheduler arms its timer for it; the cache headers never let a shared cache keep
 * a page past it. Above the domains it reads (like the scheduler): no Next imports.
 */
import { and, eq, gt, inArray, isNull, lte, min, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '@/lib/db/open';
import { events, releases, tenders } from '@/lib/db/schema';
import { allKinds } from '@/lib/content/kinds';
import { carriedVersionings } from '@/lib/releases/carried';
import { readyReleases } from '@/lib/releases/review';
import { currentTime } from '@/lib/clock';

/** Earliest of one column's values matching `where`, or null. */
async function earliest(db: Db, now: Date, table: PgTable, column: PgColumn, where: SQL | undefined): Promise<Date | null> {
  const [row] = await db
    .select({ at: min(column) })
    .from(table)
    .where(and(where, gt(column, now)));
  const at = row?.at as Date | string | null | undefined;
  return at == null ? null : new Date(at);
}

/** How soon a release held past its minute goes out once ready (its approval came after the minute). */
const HELD_READY_MS = 250;

/**
 * The earliest due time strictly after `now`, or null when nothing is ahead. Work already due and not
 * yet done counts only when it can be done: a release held past its minute for its approval is due
 * a moment from now once it and everything it carries are approved (the approval is a write, which
 * reads the due time again), never while it still waits (a timer would otherwise fire again and
 * again). One small query per source.
 */
export async function nextDueAt(db: Db, now: Date = currentTime()): Promise<Date | null> {
  const candidates = await Promise.all([
    // Scheduled items of every kind.
    ...allKinds.map((kind) => {
      const t = kind.table;
      return earliest(db, now, t, t.publishedAt, and(eq(t.status, 'scheduled'), isNull(t.deletedAt)));
    }),
    // A release's minute (announced ones too: the calendar shows them as upcoming until then).
    earliest(db, now, releases, releases.scheduledAt, inArray(releases.status, ['announced', 'confirmed', 'postponed'])),
    // Approved versions not yet announced to the caches (public by the reads from their time).
    ...carriedVersionings.map(({ versioning }) => {
      const v = versioning.versions;
      return earliest(db, now, v.table, v.publishedAt, and(eq(v.review, 'approved'), isNull(v.announcedAt)));
    }),
    // Pages that follow the clock: a tender closes at its deadline, an event becomes current, then past.
    earliest(db, now, tenders, tenders.deadlineAt, eq(tenders.status, 'published')),
    earliest(db, now, events, events.startsAt, eq(events.status, 'published')),
    earliest(db, now, events, events.endsAt, eq(events.status, 'published')),
  ]);
  // Held past its minute, now approved with everything it carries: out at once.
  const held = await db
    .select({ id: releases.id })
    .from(releases)
    .where(and(inArray(releases.status, ['confirmed', 'postponed']), lte(releases.scheduledAt, now), eq(releases.review, 'approved')));
  if (
    held.length > 0 &&
    (
      await readyReleases(
        db,
        held.map((r) => r.id),
      )
    ).size > 0
  )
    candidates.push(new Date(now.getTime() + HELD_READY_MS));
  let next: Date | null = null;
  for (const at of candidates) if (at && (!next || at < next)) next = at;
  return next;
}
