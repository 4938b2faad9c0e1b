/**
 * The one rule of what the public sees of versioned data, for every kind: a version is public once
 * approved, its time come, and — for one that comes out with a calendar release — that release out
 * (lib/releases/review.ts: a release not approved as a whole brings nothing out, and the scheduler
 * publishes it with everything it carries). Filters for the kinds' queries.
 */
import { and, eq, gt, lte, ne, or, sql } from 'drizzle-orm';
import { releases } from '@/lib/db/schema';
import type { Versioning } from './model';
import { currentTime } from '@/lib/clock';

/** Public by `at`: approved, its time come, its release (if any) out. */
export function publicBy(kind: Versioning, at: Date) {
  const v = kind.versions;
  const releaseOut = sql`select 1 from ${releases} where ${releases.id} = ${v.releaseId} and ${releases.status} = 'published'`;
  return and(eq(v.review, 'approved'), lte(v.publishedAt, at), sql`(${v.releaseId} is null or exists (${releaseOut}))`)!;
}

/** What to read: public by `at` (the default: now), or — the back-office only — every version. */
export type Instant = { at?: Date; scheduled?: boolean };

/** The filter of an `Instant`. */
export const visibleBy = (kind: Versioning, { at, scheduled }: Instant) => (scheduled ? sql`true` : publicBy(kind, at ?? currentTime()));

/** Not yet public: its time has not come, or nobody approved it yet (at most one per owner). */
export const notPublic = (kind: Versioning, now: Date) => or(gt(kind.versions.publishedAt, now), ne(kind.versions.review, 'approved'))!;
