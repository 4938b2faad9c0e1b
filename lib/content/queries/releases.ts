import { and, asc, gte, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/db/open';
import { releases } from '@/lib/db/schema';

/** Announced or confirmed releases from now on, soonest first. */
export async function upcomingReleases(db: Db, params: { now: Date; limit: number }) {
  return db
    .select({ id: releases.id, area: releases.area, title: releases.title, scheduledAt: releases.scheduledAt, status: releases.status })
    .from(releases)
    .where(and(gte(releases.scheduledAt, params.now), inArray(releases.status, ['announced', 'confirmed', 'postponed'])))
    .orderBy(asc(releases.scheduledAt))
    .limit(params.limit);
}
