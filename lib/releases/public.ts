/**
 * Cached public reads of the release calendar. Each function tags what it returns (tag names in
 * lib/cache/tags.ts), so pages are served from Next's cache and a write invalidates exactly what it
 * touched. Pages call these; the queries they wrap are plain functions tested against real databases.
 */
import 'server-only';
import { cacheLife, cacheTag } from 'next/cache';
import { tags } from '@/lib/cache/tags';
import { getDb } from '@/lib/db';
import { listReleases, nextReleases, releaseBySlug } from './queries';
import { currentTime } from '@/lib/clock';

function cached(...tagNames: string[]) {
  cacheLife('content');
  cacheTag(...tagNames);
}

/** The next releases still expected (of an area, or all): home and area pages. */
export async function getUpcomingReleases(limit: number, area?: string) {
  'use cache';
  cached(tags.releases);
  return nextReleases(await getDb(), { now: currentTime(), limit, area });
}

/** The calendar page: upcoming and past releases, of one area or all. */
export async function getCalendar(area?: string) {
  'use cache';
  cached(tags.releases);
  const db = await getDb();
  const now = currentTime();
  const areas = area ? [area] : undefined;
  const [upcoming, past] = await Promise.all([
    listReleases(db, { now, when: 'upcoming', areas }),
    listReleases(db, { now, when: 'past', areas, limit: 100 }),
  ]);
  return { upcoming, past };
}

/** One release page with its date history (null: unknown). */
export async function getRelease(slug: string) {
  'use cache';
  cached(tags.releases);
  return releaseBySlug(await getDb(), slug, currentTime());
}
