/**
 * The sitemap (`app/sitemap.ts`): every public page in French, and in English where it exists in
 * English — the interface pages always, an item or an institutional text only when its main field
 * is translated (an English page of untranslated content names the French one as canonical:
 * lib/seo.ts). Each address lists its `hreflang` alternates, `x-default` being the French page.
 */
import 'server-only';
import type { MetadataRoute } from 'next';
import { cacheLife, cacheTag } from 'next/cache';
import { tags } from '@/lib/cache/tags';
import { getDb } from '@/lib/db';
import { locales, type Locale } from '@/lib/i18n/locales';
import { languageAlternates, localePath } from '@/lib/i18n/paths';
import { areas, publicAreaPaths, publicPublicationAreas, type Area } from './areas';
import { sitemapRefs, type SitemapRefs } from './queries/sitemap';
import { calendarPath, dataPath, homePath, newsUrl, nsdpPath, publicationUrl, releasePath, seriesPath } from './addresses';
import { currentTime } from '@/lib/clock';

/** Areas whose public page is an institutional text (`/presentation/mission`…): in English only once translated. */
const institutionAreas = () => (areas as readonly Area[]).filter((a) => a.kind === 'pages' && a.publicPath);

/** Everything the sitemap lists, as published now. */
export async function getSitemapRefs(): Promise<SitemapRefs> {
  'use cache';
  const pageKeys = institutionAreas().map((a) => a.slug);
  cacheLife('content');
  cacheTag(tags.sitemap, tags.kindList('news'), tags.releases, tags.seriesList, ...pageKeys.map((key) => tags.page(key)));
  return sitemapRefs(await getDb(), { areas: publicPublicationAreas().map((a) => a.slug), pageKeys, now: currentTime() });
}

type Entry = MetadataRoute.Sitemap[number];
const onlyFrench: readonly Locale[] = ['fr'];
const languagesOf = (en: boolean) => (en ? locales : onlyFrench);

/** The sitemap's entries for `refs`, with absolute addresses on `site`. */
export function sitemapEntries(refs: SitemapRefs, site: string): MetadataRoute.Sitemap {
  const abs = (path: string) => new URL(path, site).toString();
  /** One entry per language the page exists in (French path given), each naming all of them. */
  const page = (path: string, available: readonly Locale[], rest: Omit<Entry, 'url' | 'alternates'>): Entry[] => {
    const languages = Object.fromEntries(Object.entries(languageAlternates(path, available)).map(([lang, p]) => [lang, abs(p)]));
    return available.map((locale) => ({ url: abs(localePath(locale, path)), alternates: { languages }, ...rest }));
  };
  const institutions = new Map(institutionAreas().map((a) => [a.publicPath, refs.pages.find((p) => p.key === a.slug)?.en ?? false]));
  return [
    ...page(homePath, locales, { changeFrequency: 'daily', priority: 1 }),
    ...publicAreaPaths().flatMap((path) =>
      page(path, languagesOf(institutions.get(path) ?? true), { changeFrequency: 'weekly', priority: 0.8 }),
    ),
    ...page(dataPath, locales, { changeFrequency: 'weekly', priority: 0.8 }),
    ...page(nsdpPath, locales, { changeFrequency: 'weekly', priority: 0.6 }),
    ...page(calendarPath, locales, { changeFrequency: 'daily', priority: 0.8 }),
    ...refs.releases.flatMap((r) => page(releasePath(r), languagesOf(r.en), { lastModified: r.updatedAt, priority: 0.4 })),
    ...refs.publications.flatMap((p) => {
      const path = publicationUrl(p);
      return path ? page(path, languagesOf(p.en), { lastModified: p.updatedAt, priority: 0.6 }) : [];
    }),
    ...refs.news.flatMap((n) => page(newsUrl(n), languagesOf(n.en), { lastModified: n.updatedAt, priority: 0.5 })),
    ...refs.series.flatMap((s) => {
      const path = seriesPath(s);
      return path ? page(path, languagesOf(s.en), { lastModified: s.publishedAt, changeFrequency: 'monthly', priority: 0.7 }) : [];
    }),
  ];
}
