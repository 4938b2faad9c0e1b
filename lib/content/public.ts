/**
 * Cached public reads. Each function tags what it returns (tag names in lib/cache/tags.ts), so
 * pages are served from Next's cache and a write invalidates exactly what it touched.
 * Pages call these; the queries they wrap are plain functions tested against real databases.
 */
import 'server-only';
import { cacheLife, cacheTag } from 'next/cache';
import { tags } from '@/lib/cache/tags';
import { getDb } from '@/lib/db';
import { areas, publicPublicationAreas } from './areas';
import { findSeries, keyFigureOf, listSeriesRows, publishedSeriesRefs, seriesDataOf, versionsOf } from '@/lib/series/queries';
import { listEvents } from './queries/events';
import { listGalleries } from './queries/galleries';
import { getNews, listNews, publicNewsRefs } from './queries/news';
import { getPublication, latestPublications, listAreaPublications, publicPublicationRefs, relatedPublications } from './queries/publications';
import { listReleases, nextReleases, releaseBySlug } from '@/lib/releases/queries';
import { nsdpPage, nsdpSeries } from '@/lib/nsdp/queries';
import { getPage, getSiteIdentity } from './queries/site';
import { listTenders } from './queries/tenders';
import { PER_PAGE } from '@/lib/routing/public-paths';

export { PER_PAGE };

function cached(...tagNames: string[]) {
  cacheLife('content');
  cacheTag(...tagNames);
}

const publicAreaSlugs = () => publicPublicationAreas().map((a) => a.slug);

/** The institute's identity with its English name and tagline (`translations`), tagged `identity`: every public page shows it. */
export async function getIdentity() {
  'use cache';
  cached(tags.identity);
  return getSiteIdentity(await getDb());
}

export async function getPageContent(key: string) {
  'use cache';
  cached(tags.page(key));
  return getPage(await getDb(), key);
}

export async function getAreaPublications(area: string, year: number | undefined, page: number) {
  'use cache';
  cached(tags.area(area));
  return listAreaPublications(await getDb(), { area, year, page, perPage: PER_PAGE, now: new Date() });
}

export async function getPublicationPage(area: string, slug: string) {
  'use cache';
  const db = await getDb();
  const now = new Date();
  const publication = await getPublication(db, { area, slug, now });
  if (!publication) {
    // A slug published later must appear: tie the miss to its area's list.
    cached(tags.area(area));
    return null;
  }
  cached(tags.publication(publication.id), tags.area(area));
  const related = await relatedPublications(db, { area, excludeId: publication.id, limit: 4, now });
  return { publication, related };
}

export async function getLatestPublications(limit: number) {
  'use cache';
  cached(tags.latestPublications);
  return latestPublications(await getDb(), { areas: publicAreaSlugs(), limit, now: new Date() });
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
  const data = await seriesDataOf(db, rows, { at: new Date() });
  return data.flatMap((d) => keyFigureOf(d) ?? []);
}

/** Every series of an area as published now (its page's table and downloads). */
export async function getAreaSeries(area: string) {
  'use cache';
  cached(tags.seriesList, tags.area(area));
  const db = await getDb();
  const rows = await listSeriesRows(db, { area });
  cacheTag(...rows.map((r) => tags.series(r.code)));
  return seriesDataOf(db, rows, { at: new Date() });
}

/** Every series as published now (the API's catalogue and its files of all series). */
export async function getAllSeries() {
  'use cache';
  cached(tags.seriesList);
  const db = await getDb();
  const rows = await listSeriesRows(db);
  cacheTag(...rows.map((r) => tags.series(r.code)));
  return seriesDataOf(db, rows, { at: new Date() });
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
  const now = new Date();
  const [data] = await seriesDataOf(db, [row], { at: now });
  if (!data) return null;
  return { data, versions: await versionsOf(db, row.id, { at: now }) };
}

export async function getNewsPage(page: number) {
  'use cache';
  cached(tags.newsList);
  return listNews(await getDb(), { page, perPage: PER_PAGE, now: new Date() });
}

export async function getNewsItem(id: number) {
  'use cache';
  cached(tags.newsItem(id), tags.newsList);
  return getNews(await getDb(), { id, now: new Date() });
}

export async function getEvents() {
  'use cache';
  cached(tags.events);
  return listEvents(await getDb(), { now: new Date(), pastLimit: 50 });
}

export async function getGalleries() {
  'use cache';
  cached(tags.galleries);
  return listGalleries(await getDb(), { now: new Date() });
}

export async function getTenders() {
  'use cache';
  cached(tags.tenders);
  return listTenders(await getDb(), { now: new Date() });
}

/** The next releases still expected (of an area, or all): home and area pages. */
export async function getUpcomingReleases(limit: number, area?: string) {
  'use cache';
  cached(tags.releases);
  return nextReleases(await getDb(), { now: new Date(), limit, area });
}

/** The calendar page: upcoming and past releases, of one area or all. */
export async function getCalendar(area?: string) {
  'use cache';
  cached(tags.releases);
  const db = await getDb();
  const now = new Date();
  const areas = area ? [area] : undefined;
  const [upcoming, past] = await Promise.all([listReleases(db, { now, when: 'upcoming', areas }), listReleases(db, { now, when: 'past', areas, limit: 100 })]);
  return { upcoming, past };
}

/** One release page with its date history (null: unknown). */
export async function getRelease(slug: string) {
  'use cache';
  cached(tags.releases);
  return releaseBySlug(await getDb(), slug, new Date());
}

/** What the public routes' static params need (the sitemap reads lib/content/sitemap.ts). */
export async function getPublicRefs() {
  'use cache';
  cached(tags.sitemap, tags.newsList);
  const db = await getDb();
  const now = new Date();
  const [publications, news, series] = await Promise.all([
    publicPublicationRefs(db, { areas: publicAreaSlugs(), now }),
    publicNewsRefs(db, { now }),
    publishedSeriesRefs(db, now),
  ]);
  return { publications, news, series };
}

/** The IMF National Summary Data Page: its series by category with the calendar's next releases. */
export async function getNsdp() {
  'use cache';
  cached(tags.seriesList, tags.releases);
  return nsdpPage(await getDb(), new Date());
}

/** The series of one NSDP category as published now (its SDMX-ML file), or null for an unknown or empty category. */
export async function getNsdpCategory(id: string) {
  'use cache';
  cached(tags.seriesList);
  return (await nsdpSeries(await getDb(), new Date())).get(id) ?? null;
}
