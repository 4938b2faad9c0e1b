/**
 * The sitemap's entries of the microdata catalogue: the catalogue, the variable search and each
 * survey online, in French and English (the variables' pages are reached from their survey's).
 */
import 'server-only';
import type { MetadataRoute } from 'next';
import { cacheLife, cacheTag } from 'next/cache';
import { tags } from '@/lib/cache/tags';
import { currentTime } from '@/lib/clock';
import { microdataPath, surveyPath, variableSearchPath } from '@/lib/content/addresses';
import { getDb } from '@/lib/db';
import { locales } from '@/lib/i18n/locales';
import { languageAlternates, localePath } from '@/lib/i18n/paths';
import { publicSurveyRefs } from './queries';

async function surveyRefs(): Promise<{ slug: string; publishedAt: string }[]> {
  'use cache';
  cacheLife('content');
  cacheTag(tags.surveyList, tags.sitemap);
  return (await publicSurveyRefs(await getDb(), currentTime())).map((r) => ({ slug: r.slug, publishedAt: r.publishedAt.toISOString() }));
}

export async function microdataSitemapEntries(site: string): Promise<MetadataRoute.Sitemap> {
  const abs = (path: string) => new URL(path, site).toString();
  const page = (path: string, rest: Omit<MetadataRoute.Sitemap[number], 'url' | 'alternates'>) => {
    const languages = Object.fromEntries(Object.entries(languageAlternates(path, locales)).map(([lang, p]) => [lang, abs(p)]));
    return locales.map((locale) => ({ url: abs(localePath(locale, path)), alternates: { languages }, ...rest }));
  };
  return [
    ...page(microdataPath, { changeFrequency: 'weekly', priority: 0.7 }),
    ...page(variableSearchPath, { changeFrequency: 'weekly', priority: 0.4 }),
    ...(await surveyRefs()).flatMap((s) =>
      page(surveyPath(s.slug), { lastModified: s.publishedAt, changeFrequency: 'monthly', priority: 0.7 }),
    ),
  ];
}
