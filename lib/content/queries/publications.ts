import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/open';
import { publications, releasePublications, releases, type Translations } from '@/lib/db/schema';
import { filesOfPublications, type PublicFile } from './files';
import { isPublic } from './visibility';

/** A publication's English texts (lib/i18n/content.ts `localize` shows them on English pages). */
export type PublicationTranslations = Translations<'title' | 'summary' | 'body' | 'periodLabel'>;

export type PublicationSummary = {
  id: number;
  area: string;
  slug: string;
  title: string;
  summary: string;
  periodLabel: string | null;
  publishedAt: Date;
  fields: Record<string, unknown>;
  translations: PublicationTranslations;
  files: PublicFile[];
};

export type PublicationDetail = PublicationSummary & {
  body: string;
  periodStart: string | null;
  periodEnd: string | null;
  updatedAt: Date;
};

const summaryColumns = {
  id: publications.id,
  area: publications.area,
  slug: publications.slug,
  title: publications.title,
  summary: publications.summary,
  periodLabel: publications.periodLabel,
  publishedAt: publications.publishedAt,
  fields: publications.fields,
  translations: publications.translations,
};

/** What a publication page shows (the summary plus body, period and last change). */
export const detailColumns = {
  ...summaryColumns,
  body: publications.body,
  periodStart: publications.periodStart,
  periodEnd: publications.periodEnd,
  updatedAt: publications.updatedAt,
};

const yearOf = sql<number>`extract(year from ${publications.publishedAt} at time zone 'UTC')::int`;

async function withFiles<T extends { id: number; publishedAt: Date | null }>(db: Db, rows: T[]) {
  const files = await filesOfPublications(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, publishedAt: r.publishedAt as Date, files: files.get(r.id) ?? [] }));
}

/**
 * One page of an area's public publications, newest first, optionally for one year
 * (of release), with the years that have publications for the filter.
 */
export async function listAreaPublications(
  db: Db,
  params: { area: string; year?: number; page: number; perPage: number; now: Date },
): Promise<{ items: PublicationSummary[]; total: number; years: number[] }> {
  const visible = and(eq(publications.area, params.area), isPublic(publications, params.now));
  const where = params.year ? and(visible, eq(yearOf, params.year)) : visible;
  const [rows, [{ total } = { total: 0 }], yearRows] = await Promise.all([
    db
      .select(summaryColumns)
      .from(publications)
      .where(where)
      .orderBy(desc(publications.publishedAt), desc(publications.id))
      .limit(params.perPage)
      .offset((params.page - 1) * params.perPage),
    db.select({ total: count() }).from(publications).where(where),
    db.selectDistinct({ year: yearOf }).from(publications).where(visible).orderBy(desc(yearOf)),
  ]);
  return { items: await withFiles(db, rows), total, years: yearRows.map((r) => r.year) };
}

/** A public publication of an area by slug, with its files, or null. */
export async function getPublication(db: Db, params: { area: string; slug: string; now: Date }): Promise<PublicationDetail | null> {
  const [row] = await db
    .select(detailColumns)
    .from(publications)
    .where(and(eq(publications.area, params.area), eq(publications.slug, params.slug), isPublic(publications, params.now)))
    .limit(1);
  if (!row) return null;
  const [detail] = await withFiles(db, [row]);
  return detail ?? null;
}

/** Other recent publications of the same area. */
export async function relatedPublications(db: Db, params: { area: string; excludeId: number; limit: number; now: Date }) {
  return db
    .select({
      id: publications.id,
      area: publications.area,
      slug: publications.slug,
      title: publications.title,
      periodLabel: publications.periodLabel,
      publishedAt: publications.publishedAt,
      translations: publications.translations,
    })
    .from(publications)
    .where(and(eq(publications.area, params.area), ne(publications.id, params.excludeId), isPublic(publications, params.now)))
    .orderBy(desc(publications.publishedAt))
    .limit(params.limit);
}

/** Latest public publications across the given areas (home page). */
export async function latestPublications(db: Db, params: { areas: string[]; limit: number; now: Date }): Promise<PublicationSummary[]> {
  if (params.areas.length === 0) return [];
  const rows = await db
    .select(summaryColumns)
    .from(publications)
    .where(and(inArray(publications.area, params.areas), isPublic(publications, params.now)))
    .orderBy(desc(publications.publishedAt), desc(publications.id))
    .limit(params.limit);
  return withFiles(db, rows);
}

/** Every public publication's path parts and last change (sitemap, static params). */
export async function publicPublicationRefs(db: Db, params: { areas: string[]; now: Date }) {
  if (params.areas.length === 0) return [];
  return db
    .select({ id: publications.id, area: publications.area, slug: publications.slug, updatedAt: publications.updatedAt, year: yearOf })
    .from(publications)
    .where(and(inArray(publications.area, params.areas), isPublic(publications, params.now)))
    .orderBy(desc(publications.publishedAt));
}

/**
 * The release a linked publication waits for, if any: its life cycle then belongs to the release
 * (publishing it by hand would break the embargo; unlinking it is how it leaves).
 */
export async function pendingReleaseOf(db: Db, publicationId: number): Promise<{ id: number; title: string } | null> {
  const [row] = await db
    .select({ id: releases.id, title: releases.title })
    .from(releasePublications)
    .innerJoin(releases, eq(releases.id, releasePublications.releaseId))
    .where(and(eq(releasePublications.publicationId, publicationId), inArray(releases.status, ['announced', 'confirmed', 'postponed'])))
    .limit(1);
  return row ?? null;
}
