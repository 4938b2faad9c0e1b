import { and, isNull, lte, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** Publicly visible: published, release time reached, not in the trash. */
export function isPublic(t: { status: PgColumn; publishedAt: PgColumn; deletedAt: PgColumn }, now: Date): SQL {
  return and(eq(t.status, 'published'), lte(t.publishedAt, now), isNull(t.deletedAt)) as SQL;
}
