/**
 * The back-office lists of items of any kind — a publication area (or several sharing a screen),
 * news, events, galleries, tenders — written once: search, status (trash included), year, sort,
 * pagination, one query for the page and one for the count; and the dashboard's counts per area.
 * Each kind says where its rows' areas are, what year a row is filed under and which columns the
 * search looks in (`Kind.area`, `Kind.adminList`). `publications_area_published_idx` and the
 * trigram index on titles keep the publication lists fast at tens of thousands of rows.
 */
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { getArea } from '@/lib/content/areas';
import { allKinds } from '@/lib/content/kinds';
import { areaOfRow, type AnyKind, type ContentStatus } from '@/lib/content/kinds/kind';
import { containsPattern } from '@/lib/db/like';
import type { Db } from '@/lib/db/open';
import { users } from '@/lib/db/schema';

export const adminListParams = z.object({
  /** The areas of the screen; required for a kind whose rows span several areas, else its one area. */
  areas: z.array(z.string().min(1).max(60)).min(1).max(10).optional(),
  q: z.string().trim().max(100).optional(),
  status: z.enum(['draft', 'scheduled', 'published', 'archived', 'trash']).optional(),
  year: z.coerce.number().int().min(1900).max(2200).optional(),
  sort: z.enum(['updated', 'published', 'title']).default('updated'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(5).max(100).default(25),
});
export type AdminListParams = z.input<typeof adminListParams>;

/** One row of a back-office list, whatever the kind. */
export type AdminItemRow = {
  id: number;
  area: string;
  areaLabel: string;
  title: string;
  slug: string;
  status: ContentStatus;
  trashed: boolean;
  publishedAt: string | null;
  updatedAt: string;
  updatedBy: string | null;
  version: number;
  /** Public address (null for areas without public pages). */
  publicUrl: string | null;
  /** Whether it has an English title (its English page then shows it in English). */
  translated: boolean;
};

export type AdminList = { total: number; page: number; perPage: number; years: number[]; items: AdminItemRow[] };

type ListedRow = {
  id: number;
  area?: unknown;
  title: string;
  slug: string;
  status: ContentStatus;
  deletedAt: Date | null;
  publishedAt: Date | null;
  updatedAt: Date;
  version: number;
  updatedBy: string | null;
  translated: boolean;
};

/** The rows of a screen's areas: `inArray` on the area column of kinds spanning several areas. */
function scopeOf(kind: AnyKind, areas: string[] | undefined): SQL | undefined {
  if ('slug' in kind.area) return undefined;
  if (!areas) throw new Error(`listItemsForAdmin: ${kind.name} needs areas`);
  return inArray(kind.area.column, areas);
}

/**
 * The back-office list of one kind on a screen (`areas`: the screen's areas, for kinds spanning
 * several): filters, sort, pages, and the years offered by the year filter.
 */
export async function listItemsForAdmin(db: Db, kind: AnyKind, input: AdminListParams): Promise<AdminList> {
  const p = adminListParams.parse(input);
  const t = kind.table;
  const { yearOf, search } = kind.adminList;
  const scope = scopeOf(kind, p.areas);
  const conditions: (SQL | undefined)[] = [scope];
  if (p.status === 'trash') conditions.push(isNotNull(t.deletedAt));
  else {
    conditions.push(isNull(t.deletedAt));
    if (p.status) conditions.push(eq(t.status, p.status));
  }
  if (p.q) {
    const pattern = containsPattern(p.q);
    conditions.push(or(...search.map((c) => ilike(c, pattern))));
  }
  if (p.year) conditions.push(eq(yearOf, p.year));
  const where = and(...conditions);
  const column = p.sort === 'title' ? t.title : p.sort === 'published' ? t.publishedAt : t.updatedAt;
  const order = p.dir === 'asc' ? asc(column) : sql`${column} desc nulls last`;
  const [rows, [total], years] = await Promise.all([
    db
      .select({
        id: t.id,
        ...('column' in kind.area ? { area: kind.area.column } : {}),
        title: t.title,
        slug: t.slug,
        status: t.status,
        deletedAt: t.deletedAt,
        publishedAt: t.publishedAt,
        updatedAt: t.updatedAt,
        version: t.version,
        updatedBy: users.name,
        translated: sql<boolean>`coalesce(btrim(${t.translations} -> 'en' ->> 'title'), '') <> ''`,
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
      .selectDistinct({ year: yearOf })
      .from(t as PgTable)
      .where(scope)
      .orderBy(desc(yearOf)),
  ]);
  return {
    total: total?.n ?? 0,
    page: p.page,
    perPage: p.perPage,
    years: years.map((y) => y.year),
    items: rows.map((r): AdminItemRow => {
      const area = areaOfRow(kind, r);
      return {
        id: r.id,
        area,
        areaLabel: getArea(area)?.menuLabel ?? area,
        title: r.title,
        slug: r.slug,
        status: r.status,
        trashed: r.deletedAt !== null,
        publishedAt: r.publishedAt?.toISOString() ?? null,
        updatedAt: r.updatedAt.toISOString(),
        updatedBy: r.updatedBy,
        version: r.version,
        publicUrl: kind.publicUrl({ id: r.id, slug: r.slug, area }),
        translated: r.translated,
      };
    }),
  };
}

export type AreaCounts = { total: number; drafts: number; scheduled: number; published: number };

/** Items per area slug (not in the trash), with drafts and scheduled ones, for the dashboard. */
export async function countsPerArea(db: Db): Promise<Record<string, AreaCounts>> {
  const perKind = await Promise.all(
    allKinds.map((kind) => {
      const t = kind.table;
      const area = 'column' in kind.area ? kind.area.column : sql<string>`${kind.area.slug}::text`;
      return db
        .select({ area, status: t.status, total: count() })
        .from(t as PgTable)
        .where(isNull(t.deletedAt))
        .groupBy(...('column' in kind.area ? [kind.area.column, t.status] : [t.status])) as Promise<
        { area: string; status: ContentStatus; total: number }[]
      >;
    }),
  );
  const counts: Record<string, AreaCounts> = {};
  for (const r of perKind.flat()) {
    const c = (counts[r.area] ??= { total: 0, drafts: 0, scheduled: 0, published: 0 });
    c.total += r.total;
    if (r.status === 'draft') c.drafts += r.total;
    if (r.status === 'scheduled') c.scheduled += r.total;
    if (r.status === 'published') c.published += r.total;
  }
  return counts;
}
