/**
 * Cached public reads of the series. Each function tags what it returns (tag names in
 * lib/cache/tags.ts), so pages are served from Next's cache and a write invalidates exactly what it
 * touched. Pages call these; the queries they wrap are plain functions tested against real databases.
 */
import 'server-only';
import { cacheLife, cacheTag } from 'next/cache';
import { tags } from '@/lib/cache/tags';
import { getDb } from '@/lib/db';
import { areas } from '@/lib/content/areas';
import { findSeries, keyFigureOf, listSeriesRows, publishedSeriesRefs, seriesDataOf, versionsOf } from './queries';
import { currentTime } from '@/lib/clock';

function cached(...tagNames: string[]) {
  cacheLife('content');
  cacheTag(...tagNames);
}

/** Headline figures, as published now: of an area, or (no area) of every area in the registry's order. */
export async function getHeadlineFigures(area?: string) {
  'use cache';
  cached(tags.seriesList);
  const db = await getDb();
  const rows = (await listSeriesRows(db, area ? { area } : {})).filter((r) => r.headline);
  cacheTag(...rows.map((r) => tags.series(r.code)));
  const order = new Map<string, number>(areas.map((a, i) => [a.slug, i]));
  rows.sort((a, b) => (order.get(a.area) ?? 99) - (order.get(b.area) ?? 99) || a.code.localeCompare(b.code));
  const data = await seriesDataOf(db, rows, { at: currentTime() });
  return data.flatMap((d) => keyFigureOf(d) ?? []);
}

/** Every series of an area as published now (its page's table and downloads). */
export async function getAreaSeries(area: string) {
  'use cache';
  cached(tags.seriesList, tags.area(area));
  const db = await getDb();
  const rows = await listSeriesRows(db, { area });
  cacheTag(...rows.map((r) => tags.series(r.code)));
  return seriesDataOf(db, rows, { at: currentTime() });
}

/** Every series as published now (the API's catalogue and its files of all series). */
export async function getAllSeries() {
  'use cache';
  cached(tags.seriesList);
  const db = await getDb();
  const rows = await listSeriesRows(db);
  cacheTag(...rows.map((r) => tags.series(r.code)));
  return seriesDataOf(db, rows, { at: currentTime() });
}

/** A series page's data as published now, with its earlier versions (null: unknown or unpublished). */
export async function getSeriesPage(code: string) {
  'use cache';
  const db = await getDb();
  const row = await findSeries(db, code);
  if (!row) {
    // A series created later must appear.
    cached(tags.seriesList);
    return null;
  }
  cached(tags.series(row.code));
  const now = currentTime();
  const [data] = await seriesDataOf(db, [row], { at: now });
  if (!data) return null;
  return { data, versions: await versionsOf(db, row.id, { at: now }) };
}

/** The series with a published version (their pages' static params), tagged as the other public refs (lib/content/public.ts). */
export async function getSeriesRefs() {
  'use cache';
  cached(tags.sitemap, tags.kindList('news'));
  return publishedSeriesRefs(await getDb(), currentTime());
}
