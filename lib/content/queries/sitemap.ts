import { and, asc, desc, eq, inArray, isNotNull, lte, max, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '@/lib/db/open';
import { news, pages, publications, releases, series, seriesVersions } from '@/lib/db/schema';
import { isPublic } from './visibility';

/** `true` when the row's main field has an English translation: its English page shows English text. */
type Translated = { en: boolean };

export type SitemapRefs = {
  publications: ({ area: string; slug: string; updatedAt: Date } & Translated)[];
  news: ({ id: number; updatedAt: Date } & Translated)[];
  /** Series with a published version (`publishedAt`: the latest one). */
  series: ({ area: string; code: string; publishedAt: Date } & Translated)[];
  releases: ({ slug: string; area: string; updatedAt: Date } & Translated)[];
  /** Institutional texts (`mission`, `mot_du_dg`…) of `pageKeys` that exist. */
  pages: ({ key: string } & Translated)[];
};

/** The English text of a row's main field, without reading the rest of its translations (bodies). */
const english = (column: AnyPgColumn, field: 'title' | 'label') => sql<string | null>`${column}->'en'->>${field}`;
/** Translated as `hasTranslation` (lib/i18n/content.ts) has it: a non-blank text. */
const translated = (text: string | null) => Boolean(text?.trim());

/**
 * Every public address of content for the sitemap, each with whether its main field (`title`, a
 * series' `label`) is translated into English: publications of `areas`, news, series published by
 * `now`, releases, and the institutional texts of `pageKeys`.
 */
export async function sitemapRefs(db: Db, params: { areas: string[]; pageKeys: string[]; now: Date }): Promise<SitemapRefs> {
  const { now } = params;
  const [pubRows, newsRows, seriesRows, releaseRows, pageRows] = await Promise.all([
    params.areas.length === 0
      ? []
      : db
          .select({
            area: publications.area,
            slug: publications.slug,
            updatedAt: publications.updatedAt,
            title: english(publications.translations, 'title'),
          })
          .from(publications)
          .where(and(inArray(publications.area, params.areas), isPublic(publications, now)))
          .orderBy(desc(publications.publishedAt)),
    db
      .select({ id: news.id, updatedAt: news.updatedAt, title: english(news.translations, 'title') })
      .from(news)
      .where(isPublic(news, now))
      .orderBy(desc(news.publishedAt)),
    db
      .select({
        area: series.area,
        code: series.code,
        label: english(series.translations, 'label'),
        publishedAt: max(seriesVersions.publishedAt),
      })
      .from(series)
      .innerJoin(seriesVersions, eq(seriesVersions.seriesId, series.id))
      .where(and(eq(seriesVersions.review, 'approved'), lte(seriesVersions.publishedAt, now)))
      .groupBy(series.id)
      .orderBy(asc(series.area), asc(series.code)),
    db
      .select({ slug: releases.slug, area: releases.area, updatedAt: releases.updatedAt, title: english(releases.translations, 'title') })
      .from(releases)
      // Only what is on the public calendar (a Rédacteur's announcement waits for its approval).
      .where(isNotNull(releases.publicSince))
      .orderBy(asc(releases.scheduledAt)),
    params.pageKeys.length === 0
      ? []
      : db
          .select({ key: pages.key, title: english(pages.translations, 'title') })
          .from(pages)
          .where(inArray(pages.key, params.pageKeys)),
  ]);
  return {
    publications: pubRows.map(({ title, ...p }) => ({ ...p, en: translated(title) })),
    news: newsRows.map(({ title, ...n }) => ({ ...n, en: translated(title) })),
    series: seriesRows.map(({ label, publishedAt, ...s }) => ({ ...s, publishedAt: new Date(publishedAt ?? 0), en: translated(label) })),
    releases: releaseRows.map(({ title, ...r }) => ({ ...r, en: translated(title) })),
    pages: pageRows.map((p) => ({ key: p.key, en: translated(p.title) })),
  };
}
