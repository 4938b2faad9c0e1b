// GET /sitemap.xml — every public page, in French and, where it exists in English, under /en, with its hreflang alternates.
import type { MetadataRoute } from 'next';
import { getSitemapRefs, sitemapEntries } from '@/lib/content/sitemap';
import { env } from '@/lib/env';

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  return sitemapEntries(await getSitemapRefs(), env.SITE_URL);
}
