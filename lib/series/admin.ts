/**
 * What the back-office's series screens read: every series with its latest and pending versions,
 * a series' versions with their review, and the versions waiting for review (« À relire »).
 * Admin reads: not cached, they show what the public does not see yet.
 */
import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@/lib/db/open';
import { seriesVersions, users } from '@/lib/db/schema';
import type { ReviewState } from '@/lib/review/model';
import { awaitingReview, type AwaitingReview } from '@/lib/versions/queries';
import { changeKindLabel, type ChangeKind, type Frequency, type Observation } from './model';
import { latestVersions, listSeriesRows, valuesAt, type SeriesRow } from './queries';
import { seriesVersioning } from './versioning';
import { currentTime } from '@/lib/clock';

export type AdminSeriesRow = {
  row: SeriesRow;
  /** Latest version public now, and the one after it not public yet (scheduled, or waiting for review), if any. */
  published: { number: number; publishedAt: Date } | null;
  scheduled: { number: number; publishedAt: Date; review: ReviewState } | null;
  last: Observation | null;
};

export async function listSeriesForAdmin(db: Db, filter: { area?: string } = {}, now = currentTime()): Promise<AdminSeriesRow[]> {
  const rows = await listSeriesRows(db, filter);
  const ids = rows.map((r) => r.id);
  const [published, all, values] = await Promise.all([
    latestVersions(db, ids, { at: now }),
    latestVersions(db, ids, { scheduled: true }),
    valuesAt(db, ids, { scheduled: true }),
  ]);
  return rows.map((row) => {
    const p = published.get(row.id);
    const a = all.get(row.id);
    return {
      row,
      published: p ? { number: p.number, publishedAt: p.publishedAt } : null,
      scheduled:
        a && (a.publishedAt > now || a.review !== 'approved') ? { number: a.number, publishedAt: a.publishedAt, review: a.review } : null,
      last: values.get(row.id)?.at(-1) ?? null,
    };
  });
}

/** The periods the grid offers: the last `back` with values and `ahead` after them (the next ones to enter). */
export function gridPeriods(values: Observation[], frequency: Frequency, back = 12, ahead = 3, today = currentTime()): string[] {
  const step = frequency === 'monthly' ? 1 : frequency === 'quarterly' ? 3 : 12;
  const known = values.slice(-back).map((o) => o.period);
  const last = known.at(-1);
  const start = last
    ? new Date(`${last}T00:00:00Z`)
    : new Date(
        Date.UTC(
          today.getUTCFullYear() - (frequency === 'annual' ? 1 : 0),
          frequency === 'annual' ? 0 : today.getUTCMonth() - step - (today.getUTCMonth() % step),
          1,
        ),
      );
  const next: string[] = [];
  for (let i = 1; i <= ahead; i++) {
    const d = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + (last ? i * step : (i - 1) * step), 1));
    next.push(d.toISOString().slice(0, 10));
  }
  return [...known, ...next];
}

/** A version as the series screen lists it: its time, kind, review and who wrote and reviewed it. */
export type AdminVersion = {
  number: number;
  publishedAt: Date;
  kind: ChangeKind;
  kindLabel: string;
  reason: string;
  review: ReviewState;
  reviewNote: string | null;
  createdBy: string | null;
  createdByName: string | null;
  reviewedByName: string | null;
  releaseId: number | null;
  /** Its time has come (`publishedAt` passed). */
  due: boolean;
  /** Public now: approved and its time come. */
  public: boolean;
};

/** Every version of a series, newest first, with its review (the back-office's series screen). */
export async function adminVersions(db: Db, seriesId: number, now = currentTime()): Promise<AdminVersion[]> {
  const writer = alias(users, 'writer');
  const reviewer = alias(users, 'reviewer');
  const rows = await db
    .select({ v: seriesVersions, writer: writer.name, reviewer: reviewer.name })
    .from(seriesVersions)
    .leftJoin(writer, eq(writer.id, seriesVersions.createdBy))
    .leftJoin(reviewer, eq(reviewer.id, seriesVersions.reviewedBy))
    .where(eq(seriesVersions.seriesId, seriesId))
    .orderBy(desc(seriesVersions.number));
  return rows.map(({ v, writer: createdByName, reviewer: reviewedByName }) => {
    const kind: ChangeKind = v.kind === 'correction' ? 'correction' : 'revision';
    return {
      number: v.number,
      publishedAt: v.publishedAt,
      kind,
      kindLabel: changeKindLabel[kind],
      reason: v.reason,
      review: v.review,
      reviewNote: v.reviewNote,
      createdBy: v.createdBy,
      createdByName,
      reviewedByName,
      releaseId: v.releaseId,
      due: v.publishedAt <= now,
      public: v.review === 'approved' && v.publishedAt <= now,
    };
  });
}

/** A series version submitted for review (« À relire »). */
export type VersionAwaitingReview = AwaitingReview;

/** Every series version submitted for review, oldest first (at most `limit`). */
export const versionsAwaitingReview = (db: Db, limit = 200): Promise<VersionAwaitingReview[]> =>
  awaitingReview(db, seriesVersioning, limit);
