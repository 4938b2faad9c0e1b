import type { MetadataRoute } from 'next';
import { publicAreaPaths } from '@/lib/content/areas';
import { getPublicRefs, getReleaseRefs } from '@/lib/content/public';
import { newsUrl, publicationUrl } from '@/lib/content/urls';
import { env } from '@/lib/env';
import { seriesPath } from '@/lib/series/urls';

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const [{ publications, news, series }, releases] = await Promise.all([getPublicRefs(), getReleaseRefs()]);
  const abs = (path: string) => new URL(path, env.SITE_URL).toString();
  return [
    { url: abs('/'), changeFrequency: 'daily', priority: 1 },
    ...publicAreaPaths().map((path) => ({ url: abs(path), changeFrequency: 'weekly' as const, priority: 0.8 })),
    { url: abs('/donnees'), changeFrequency: 'weekly', priority: 0.8 },
    { url: abs('/nsdp'), changeFrequency: 'weekly', priority: 0.6 },
    { url: abs('/calendrier'), changeFrequency: 'daily', priority: 0.8 },
    ...releases.map((r) => ({ url: abs(`/calendrier/${r.slug}`), lastModified: r.updatedAt, priority: 0.4 })),
    ...publications.flatMap((p) => {
      const path = publicationUrl(p);
      return path ? [{ url: abs(path), lastModified: p.updatedAt, priority: 0.6 }] : [];
    }),
    ...news.map((n) => ({ url: abs(newsUrl(n)), lastModified: n.updatedAt, priority: 0.5 })),
    ...series.flatMap((s) => {
      const path = seriesPath(s);
      return path ? [{ url: abs(path), lastModified: s.publishedAt, changeFrequency: 'monthly' as const, priority: 0.7 }] : [];
    }),
  ];
}
