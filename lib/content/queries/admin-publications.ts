/**
 * The back-office lists of publishable items — a publication area (or several sharing a screen),
 * news, events, galleries, tenders — written once: search, status (trash included), year, sort,
 * pagination, one query for the page and one for the count. `publications_area_published_idx`
 * and the trigram index on titles keep the publication lists fast at tens of thousands of rows.
 */
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { getArea } from '@/lib/content/areas';
import type { LifecycleTable } from '@/lib/content/mutations/lifecycle';
import { newsUrl, publicationUrl } from '@/lib/content/urls';
import { containsPattern } from '@/lib/db/like';
import type { Db } from '@/lib/db/open';
import { events, galleries, news, publications, tenders, users } from '@/lib/db/schema';

export const adminListParams = z.object({
  areas: z.array(z.string().min(1).max(60)).min(1).max(10),
  q: z.string().trim().max(100).optional(),
  status: z.enum(['draft', 'scheduled', 'published', 'archived', 'trash']).optional(),
  year: z.coerce.number().int().min(1900).max(2200).optional(),
  sort: z.enum(['updated', 'published', 'title']).default('updated'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(5).max(100).default(25),
});
export type AdminListParams = z.input<typeof adminListParams>;

/** The same filters for the lists of one kind (news, events, galleries, tenders), which have no areas. */
export const adminItemListParams = adminListParams.omit({ areas: true });
export type AdminItemListParams = z.input<typeof adminItemListParams>;

export type AdminPublicationRow = {
  id: number;
  area: string;
  areaLabel: string;
  title: string;
  slug: string;
  status: 'draft' | 'scheduled' | 'published' | 'archived';
  trashed: boolean;
  publishedAt: string | null;
  updatedAt: string;
  updatedBy: string | null;
  version: number;
  /** Public address (null for areas without public pages). */
  publicUrl: string | null;
};

export type AdminList = { total: number; page: number; perPage: number; years: number[]; items: AdminPublicationRow[] };

/** What a list reads from: a table with the life-cycle columns and how its rows map to the registry. */
type ListSource = {
  table: LifecycleTable & { slug: PgColumn };
  /** The rows of this list (a screen's publication areas); all rows when absent. */
  scope?: SQL;
  /** The column holding each row's registry area, or the one area of every row. */
  area: PgColumn | string;
  /** Year a row is filtered and grouped by. */
  yearOf: SQL<number>;
  /** Columns the search box looks in. */
  search: PgColumn[];
  publicUrl(row: { id: number; slug: string; area: string }): string | null;
};

/** Year of release, or of creation for what was never released. */
const releaseYear = (t: LifecycleTable) => sql<number>`extract(year from coalesce(${t.publishedAt}, ${t.createdAt}) at time zone 'UTC')::int`;

type ListedRow = {
  id: number;
  area?: string;
  title: string;
  slug: string;
  status: AdminPublicationRow['status'];
  deletedAt: Date | null;
  publishedAt: Date | null;
  updatedAt: Date;
  version: number;
  updatedBy: string | null;
};

async function listForAdmin(db: Db, source: ListSource, p: z.output<typeof adminItemListParams>): Promise<AdminList> {
  const t = source.table;
  const conditions: (SQL | undefined)[] = [source.scope];
  if (p.status === 'trash') conditions.push(isNotNull(t.deletedAt));
  else {
    conditions.push(isNull(t.deletedAt));
    if (p.status) conditions.push(eq(t.status, p.status));
  }
  if (p.q) {
    const pattern = containsPattern(p.q);
    conditions.push(or(...source.search.map((c) => ilike(c, pattern))));
  }
  if (p.year) conditions.push(eq(source.yearOf, p.year));
  const where = and(...conditions);
  const column = p.sort === 'title' ? t.title : p.sort === 'published' ? t.publishedAt : t.updatedAt;
  const order = p.dir === 'asc' ? asc(column) : sql`${column} desc nulls last`;
  const [rows, [total], years] = await Promise.all([
    db
      .select({
        id: t.id,
        ...(typeof source.area === 'string' ? {} : { area: source.area }),
        title: t.title,
        slug: t.slug,
        status: t.status,
        deletedAt: t.deletedAt,
        publishedAt: t.publishedAt,
        updatedAt: t.updatedAt,
        version: t.version,
        updatedBy: users.name,
      })
      .from(t as PgTable)
      .leftJoin(users, eq(users.id, t.updatedBy))
      .where(where)
      .orderBy(order, desc(t.id))
      .limit(p.perPage)
      .offset((p.page - 1) * p.perPage) as Promise<ListedRow[]>,
    db
      .select({ n: count() })
      .from(t as PgTable)
      .where(where),
    db
      .selectDistinct({ year: source.yearOf })
      .from(t as PgTable)
      .where(source.scope)
      .orderBy(desc(source.yearOf)),
  ]);
  return {
    total: total?.n ?? 0,
    page: p.page,
    perPage: p.perPage,
    years: years.map((y) => y.year),
    items: rows.map((r): AdminPublicationRow => {
      const areaSlug = typeof source.area === 'string' ? source.area : (r.area as string);
      return {
        id: r.id,
        area: areaSlug,
        areaLabel: getArea(areaSlug)?.menuLabel ?? areaSlug,
        title: r.title,
        slug: r.slug,
        status: r.status,
        trashed: r.deletedAt !== null,
        publishedAt: r.publishedAt?.toISOString() ?? null,
        updatedAt: r.updatedAt.toISOString(),
        updatedBy: r.updatedBy,
        version: r.version,
        publicUrl: source.publicUrl({ id: r.id, slug: r.slug, area: areaSlug }),
      };
    }),
  };
}

/** The back-office list of one or more publication areas (a year is the year of release, or of creation for drafts). */
export async function listPublicationsForAdmin(db: Db, input: AdminListParams): Promise<AdminList> {
  const { areas, ...p } = adminListParams.parse(input);
  return listForAdmin(
    db,
    { table: publications, scope: inArray(publications.area, areas), area: publications.area, yearOf: releaseYear(publications), search: [publications.title], publicUrl: publicationUrl },
    p,
  );
}

/** The registry's page for items that have no page of their own (`/events`, `/gallery`, `/offres`). */
const areaPage = (area: string) => () => getArea(area)?.publicPath ?? null;

const itemSources: Record<'news' | 'events' | 'galleries' | 'tenders', ListSource> = {
  news: { table: news, area: 'news', yearOf: releaseYear(news), search: [news.title], publicUrl: newsUrl },
  // An event belongs to the year it takes place.
  events: {
    table: events,
    area: 'events',
    yearOf: sql<number>`extract(year from ${events.startsAt} at time zone 'UTC')::int`,
    search: [events.title, events.place],
    publicUrl: areaPage('events'),
  },
  galleries: { table: galleries, area: 'galleries', yearOf: releaseYear(galleries), search: [galleries.title], publicUrl: areaPage('galleries') },
  // A tender is also looked up by its reference.
  tenders: { table: tenders, area: 'offres', yearOf: releaseYear(tenders), search: [tenders.title, tenders.reference], publicUrl: areaPage('offres') },
};

/**
 * The back-office list of news, events, galleries or tenders: the same filters, sort, pages and
 * row shape as the publication lists (`area` is the registry's area of the kind).
 */
export async function listItemsForAdmin(db: Db, kind: keyof typeof itemSources, input: AdminItemListParams): Promise<AdminList> {
  return listForAdmin(db, itemSources[kind], adminItemListParams.parse(input));
}
