/**
 * The public lists of tables, cached as the series' are (lib/series/public.ts) and dropped by the
 * tags a new version or an edit sends (`tableTags`, lib/tables/versions.ts): `/donnees`, an area's
 * page, the sitemap. Each entry is what a list shows: no cells.
 */
import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/open';
import type { MetadataRoute } from 'next';
import { cacheLife, cacheTag } from 'next/cache';
import { tags } from '@/lib/cache/tags';
import { processTagStore } from '@/lib/cache/process-tag-store';
import { getDb } from '@/lib/db';
import { env } from '@/lib/env';
import { locales, type Locale } from '@/lib/i18n/locales';
import { languageAlternates, localePath } from '@/lib/i18n/paths';
import { getTable, listPublicTables, publicTableVersionBy, type TableView } from '../queries';
import { dataTables, dataTableVersions } from '../schema';
import { tablePath } from '@/lib/content/addresses';
import { sliceOf, type SliceSource } from '../slices';
import { currentTime } from '@/lib/clock';

export type TableListEntry = {
  code: string;
  title: string;
  area: string;
  dimensions: string[];
  cellCount: number;
  version: number;
  publishedAt: string;
};

/** Every public table (of an area, or all) in `lang`, ordered by area then code. */
export async function getPublicTableList(lang: Locale, area?: string): Promise<TableListEntry[]> {
  'use cache';
  cacheLife('content');
  cacheTag(tags.tableList, ...(area ? [tags.area(area)] : []));
  const tables = await listPublicTables(await getDb(), { lang, area, at: currentTime() });
  cacheTag(...tables.map((t) => tags.table(t.code)));
  return tables.map((t) => ({
    code: t.code,
    title: t.title,
    area: t.area,
    dimensions: t.dimensions.map((d) => d.label),
    cellCount: t.cellCount,
    version: t.version.number,
    publishedAt: t.version.publishedAt,
  }));
}

/** The sitemap's entries of the tables' pages (their default selection), in French and English. */
export function tableSitemapEntries(tables: TableListEntry[], site: string): MetadataRoute.Sitemap {
  const abs = (path: string) => new URL(path, site).toString();
  return tables.flatMap((t) => {
    const path = tablePath(t.code);
    const languages = Object.fromEntries(Object.entries(languageAlternates(path, locales)).map(([lang, p]) => [lang, abs(p)]));
    return locales.map((locale) => ({
      url: abs(localePath(locale, path)),
      alternates: { languages },
      lastModified: t.publishedAt,
      changeFrequency: 'monthly' as const,
      priority: 0.7,
    }));
  });
}

/** The tables a release of the calendar published (their public version came out with it), in `lang`. */
export async function getReleaseTables(releaseId: number, lang: Locale): Promise<TableListEntry[]> {
  'use cache';
  cacheLife('content');
  cacheTag(tags.tableList, tags.releases);
  const db = await getDb();
  const codes = new Set(await tableCodesOfRelease(db, releaseId));
  if (codes.size === 0) return [];
  return (await getPublicTableList(lang)).filter((t) => codes.has(t.code));
}

/** Codes of the tables with a public version that came out with the release. */
export async function tableCodesOfRelease(db: Db, releaseId: number, at = currentTime()): Promise<string[]> {
  const rows = await db
    .selectDistinct({ code: dataTables.code })
    .from(dataTableVersions)
    .innerJoin(dataTables, eq(dataTables.id, dataTableVersions.tableId))
    .where(and(eq(dataTableVersions.releaseId, releaseId), publicTableVersionBy(at)));
  return rows.map((r) => r.code);
}

/**
 * A table as published now in `lang`, cached like a series page (lib/series/public.ts): the tags
 * a new version, an edit or the scheduler's announcement send (`tableTags`) drop it, so the page
 * and the API read no database row per request. Null when unknown or not public.
 */
export async function getPublicTable(code: string, lang: Locale): Promise<TableView | null> {
  'use cache';
  cacheLife('content');
  cacheTag(tags.table(code), tags.tableList);
  return getTable(await getDb(), code, { lang });
}

/** The API's tables in this process: `code|lang` → the view and when its read began (ms since the epoch). */
const apiViews = new Map<string, { view: TableView | null; readAt: number }>();
const API_VIEWS = 200;

/**
 * `getPublicTable` for the API, kept as the object itself in this process: a `'use cache'` hit is
 * deserialized on every request (a table of two thousand values is a large object to rebuild), and
 * the API answers from memory otherwise (the cells by version, the rendered answers by version and
 * key). An entry is used while none of its tags changed since its read began — the same test and
 * the same store as the cache handlers' (lib/cache/tag-store.ts; on Postgres caught up first, as
 * Next's `refreshTags` does) — and for `PUBLIC_REVALIDATE_SECONDS` at most, as the cached read.
 * Without a store (tests, scripts) nothing is kept.
 */
export async function getPublicTableForApi(code: string, lang: Locale): Promise<TableView | null> {
  const store = processTagStore();
  if (!store) return getPublicTable(code, lang);
  await store.refresh().catch(() => undefined);
  await store.pending();
  const key = `${code}|${lang}`;
  const hit = apiViews.get(key);
  const now = Date.now();
  if (hit && now - hit.readAt < env.PUBLIC_REVALIDATE_SECONDS * 1000 && !store.isStale([tags.table(code), tags.tableList], hit.readAt)) {
    return hit.view;
  }
  const view = await getPublicTable(code, lang);
  apiViews.delete(key);
  apiViews.set(key, { view, readAt: now });
  if (apiViews.size > API_VIEWS) apiViews.delete(apiViews.keys().next().value!);
  return view;
}

/**
 * The table a series is a slice of, for its public page (« issue du tableau … »), in `lang`: null
 * when it is none or the table has no public version. Dropped by the series' tag (defining or
 * detaching the slice sends it) and the table's (a new version, a new title).
 */
export async function getSeriesSlice(seriesCode: string, lang: Locale): Promise<(SliceSource & { path: string }) | null> {
  'use cache';
  cacheLife('content');
  cacheTag(tags.series(seriesCode));
  const slice = await sliceOf(await getDb(), seriesCode, { lang });
  if (!slice) return null;
  cacheTag(tags.table(slice.table.code));
  return { ...slice, path: localePath(lang, tablePath(slice.table.code)) };
}
