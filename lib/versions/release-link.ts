/**
 * A version's link to a calendar release — its embargo — for every kind of versioned data: it
 * takes the release's time, moves with it, keeps it from being cancelled, is approved with it as a
 * whole, and is public only once the release is out (lib/versions/filters.ts). lib/releases calls
 * these for each kind it carries; they run inside the release's transaction.
 */
import { and, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import type { Db } from '@/lib/db/open';
import type { ReviewState } from '@/lib/review/model';
import type { Versioning } from './model';

/** Moves the versions of a release not out yet to its new time `at`. */
export async function moveWithRelease(tx: Db, kind: Versioning, releaseId: number, at: Date, now: Date): Promise<void> {
  const v = kind.versions;
  await tx
    .update(v.table)
    .set({ publishedAt: at })
    .where(and(eq(v.releaseId, releaseId), isNull(v.announcedAt), gt(v.publishedAt, now)));
}

/** Whether a release still carries a version of this kind that is not out (a cancellation would strand it). */
export async function releaseCarries(tx: Db, kind: Versioning, releaseId: number, now: Date): Promise<boolean> {
  const v = kind.versions;
  const [found] = await tx
    .select({ id: v.id })
    .from(v.table)
    .where(and(eq(v.releaseId, releaseId), gt(v.publishedAt, now)))
    .limit(1);
  return Boolean(found);
}

/**
 * A release out later than its minute (held until approved): its versions are dated when they
 * became public, so an `asOf` read of the time in between does not show them.
 */
export async function redateWithRelease(tx: Db, kind: Versioning, releaseId: number, now: Date): Promise<void> {
  const v = kind.versions;
  await tx
    .update(v.table)
    .set({ publishedAt: now })
    .where(and(eq(v.releaseId, releaseId), lte(v.publishedAt, now)));
}

/** A version a release carries, with its review and writer (the release's review as a whole). */
export type ReleaseVersion = { releaseId: number; id: number; code: string; number: number; review: ReviewState; writer: string | null };

/** The versions of this kind that these releases carry. */
export async function versionsOfReleases(db: Db, kind: Versioning, releaseIds: number[]): Promise<ReleaseVersion[]> {
  if (releaseIds.length === 0) return [];
  const v = kind.versions;
  const rows = await db
    .select({ releaseId: v.releaseId, id: v.id, code: kind.owners.code, number: v.number, review: v.review, writer: v.createdBy })
    .from(v.table)
    .innerJoin(kind.owners.table, eq(kind.owners.id, v.owner))
    .where(inArray(v.releaseId, releaseIds))
    .orderBy(kind.owners.code);
  return rows.flatMap(({ releaseId, ...rest }) => (releaseId === null ? [] : [{ releaseId, ...rest }]));
}

/** Approves these versions with their release (the approver was checked against each writer). */
export async function approveWithRelease(tx: Db, kind: Versioning, ids: number[], reviewer: string, now: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(kind.versions.table)
    .set({ review: 'approved', reviewedBy: reviewer, reviewedAt: now, reviewNote: null })
    .where(inArray(kind.versions.id, ids));
}
