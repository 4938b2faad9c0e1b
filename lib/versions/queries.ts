/**
 * What the back-office reads of versioned data, for every kind: the versions waiting for a second
 * pair of eyes (« À relire »). Admin reads: not cached.
 */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/open';
import { users } from '@/lib/db/schema';
import type { Versioning } from './model';

/** A version submitted for review, with its owner's code, French title and area. */
export type AwaitingReview = {
  code: string;
  label: string;
  area: string;
  number: number;
  publishedAt: Date;
  createdBy: string | null;
  createdByName: string | null;
  submittedAt: Date;
};

/** Every version of this kind submitted for review, oldest first (at most `limit`). */
export async function awaitingReview(db: Db, kind: Versioning, limit = 200): Promise<AwaitingReview[]> {
  const v = kind.versions;
  const o = kind.owners;
  return db
    .select({
      code: o.code,
      label: o.label,
      area: o.area,
      number: v.number,
      publishedAt: v.publishedAt,
      createdBy: v.createdBy,
      createdByName: users.name,
      submittedAt: v.createdAt,
    })
    .from(v.table)
    .innerJoin(o.table, eq(o.id, v.owner))
    .leftJoin(users, eq(users.id, v.createdBy))
    .where(eq(v.review, 'submitted'))
    .orderBy(asc(v.createdAt))
    .limit(limit);
}
