// GET /sitemap.xml — every public page, in French and, where it exists in English, under /en, with its hreflang alternates.
import type { MetadataRoute } from 'next';
import { getSitemapRefs, sitemapEntries } from '@/lib/content/sitemap';
import { env } from '@/lib/env';
import { microdataSitemapEntries } from '@/lib/microdata/sitemap';
import { getPublicTableList, tableSitemapEntries } from '@/lib/tables/read/public';

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const [refs, tables, microdata] = await Promise.all([getSitemapRefs(), getPublicTableList('fr'), microdataSitemapEntries(env.SITE_URL)]);
  return [...sitemapEntries(refs, env.SITE_URL), ...tableSitemapEntries(tables, env.SITE_URL), ...microdata];
}
