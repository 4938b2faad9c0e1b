/**
 * Cached public reads of the content kinds and institutional pages (each other domain keeps its
 * own: lib/series/public.ts, lib/releases/public.ts, lib/nsdp/public.ts). Each function tags what
 * it returns (tag names in lib/cache/tags.ts), so pages are served from Next's cache and a write
 * invalidates exactly what it touched. Pages call these; the queries they wrap are plain functions
 * tested against real databases.
 */
import 'server-only';
import { cacheLife, cacheTag } from 'next/cache';
import { tags } from '@/lib/cache/tags';
import { getDb } from '@/lib/db';
import { PER_PAGE } from './addresses';
import { publicPublicationAreas } from './areas';
import { siteOf, type ItemOf, type ListOf, type SiteKindName } from './kinds';
import {
  getPublication,
  latestPublications,
  listAreaPublications,
  publicPublicationRefs,
  relatedPublications,
} from './queries/publications';
import { getPage, getSiteIdentity } from './queries/site';
import { currentTime } from '@/lib/clock';

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
  return listAreaPublications(await getDb(), { area, year, page, perPage: PER_PAGE, now: currentTime() });
}

export async function getPublicationPage(area: string, slug: string) {
  'use cache';
  const db = await getDb();
  const now = currentTime();
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
  return latestPublications(await getDb(), { areas: publicAreaSlugs(), limit, now: currentTime() });
}

/** Page `page` of a kind's public list (`/actualites`, `/events`…), tagged with the kind's name. */
export async function getKindList<K extends SiteKindName>(name: K, page: number): Promise<ListOf<K>> {
  'use cache';
  cached(tags.kindList(name));
  return siteOf(name).list(await getDb(), { page, perPage: PER_PAGE, now: currentTime() });
}

/** One public item of a kind whose items have pages (`/actualites/{id}`), or null; tagged with it and its list (an id published later must appear). */
export async function getKindItem<K extends SiteKindName>(name: K, id: number): Promise<ItemOf<K> | null> {
  'use cache';
  cached(tags.kindItem(name, id), tags.kindList(name));
  const item = siteOf(name).item;
  return item ? item.get(await getDb(), { id, now: currentTime() }) : null;
}

/** Ids of a kind's public items with pages of their own (static params). */
export async function getKindRefs<K extends SiteKindName>(name: K) {
  'use cache';
  cached(tags.sitemap, tags.kindList(name));
  const item = siteOf(name).item;
  return item ? item.refs(await getDb(), { now: currentTime() }) : [];
}

/** What the publication routes' static params need (the sitemap reads lib/content/sitemap.ts; series: lib/series/public.ts). */
export async function getPublicRefs() {
  'use cache';
  cached(tags.sitemap);
  return { publications: await publicPublicationRefs(await getDb(), { areas: publicAreaSlugs(), now: currentTime() }) };
}
