/**
 * Cached public reads of the IMF National Summary Data Page. Each function tags what it returns (tag names in
 * lib/cache/tags.ts), so pages are served from Next's cache and a write invalidates exactly what it
 * touched. Pages call these; the queries they wrap are plain functions tested against real databases.
 */
import 'server-only';
import { cacheLife, cacheTag } from 'next/cache';
import { tags } from '@/lib/cache/tags';
import { getDb } from '@/lib/db';
import { nsdpPage, nsdpSeries } from './queries';
import { currentTime } from '@/lib/clock';

function cached(...tagNames: string[]) {
  cacheLife('content');
  cacheTag(...tagNames);
}

/** The IMF National Summary Data Page: its series by category with the calendar's next releases. */
export async function getNsdp() {
  'use cache';
  cached(tags.seriesList, tags.releases);
  return nsdpPage(await getDb(), currentTime());
}

/** The series of one NSDP category as published now (its SDMX-ML file), or null for an unknown or empty category. */
export async function getNsdpCategory(id: string) {
  'use cache';
  cached(tags.seriesList);
  return (await nsdpSeries(await getDb(), currentTime())).get(id) ?? null;
}
