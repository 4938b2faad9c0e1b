/**
 * The catalogue as published now, cached like the public lists it is made of and dropped by the
 * same tags: a table's, a series' or a publication's change sends `sitemap` and its list's tag, the
 * identity its own; at a release's minute the scheduler's announcement sends them too, so nothing
 * under embargo is in it before its minute and everything is once it passes.
 */
import 'server-only';
import { cacheLife, cacheTag } from 'next/cache';
import { tags } from '@/lib/cache/tags';
import { currentTime } from '@/lib/clock';
import { getDb } from '@/lib/db';
import { env } from '@/lib/env';
import { buildCatalogue, type Catalogue } from './model';
import { catalogueSources } from './sources';

/** The whole catalogue (every page's datasets) as public now. */
export async function getPublicCatalogue(): Promise<Catalogue> {
  'use cache';
  cacheLife('content');
  cacheTag(tags.identity, tags.tableList, tags.seriesList, tags.latestPublications, tags.sitemap);
  const sources = await catalogueSources(await getDb(), currentTime());
  return buildCatalogue(sources, { site: env.SITE_URL, license: env.OPEN_DATA_LICENSE, spatial: env.OPEN_DATA_SPATIAL });
}
