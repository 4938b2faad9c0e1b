/**
 * The back-office list of a publication area: search, status (trash included), year, sort,
 * pagination. One query for the page and one for the count; `publications_area_published_idx`
 * and the trigram index on titles keep it fast at tens of thousands of rows.
 */
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { getArea } from '@/lib/content/areas';
import { publicationUrl } from '@/lib/content/urls';
import { containsPattern } from '@/lib/db/like';
import type { Db } from '@/lib/db/open';
import { publications, users } from '@/lib/db/schema';

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

const yearOf = sql<number>`extract(year from coalesce(${publications.publishedAt}, ${publications.createdAt}) at time zone 'UTC')::int`;

export async function listPublicationsForAdmin(db: Db, input: AdminListParams) {
  const p = adminListParams.parse(input);
  const conditions: SQL[] = [inArray(publications.area, p.areas)];
  if (p.status === 'trash') conditions.push(isNotNull(publications.deletedAt));
  else {
    conditions.push(isNull(publications.deletedAt));
    if (p.status) conditions.push(eq(publications.status, p.status));
  }
  if (p.q) conditions.push(ilike(publications.title, containsPattern(p.q)));
  if (p.year) conditions.push(eq(yearOf, p.year));
  const where = and(...conditions);
  const column = p.sort === 'title' ? publications.title : p.sort === 'published' ? publications.publishedAt : publications.updatedAt;
  const order = p.dir === 'asc' ? asc(column) : sql`${column} desc nulls last`;
  const [rows, [total], years] = await Promise.all([
    db
      .select({
        id: publications.id,
        area: publications.area,
        title: publications.title,
        slug: publications.slug,
        status: publications.status,
        deletedAt: publications.deletedAt,
        publishedAt: publications.publishedAt,
        updatedAt: publications.updatedAt,
        version: publications.version,
        updatedBy: users.name,
      })
      .from(publications)
      .leftJoin(users, eq(users.id, publications.updatedBy))
      .where(where)
      .orderBy(order, desc(publications.id))
      .limit(p.perPage)
      .offset((p.page - 1) * p.perPage),
    db.select({ n: count() }).from(publications).where(where),
    db
      .selectDistinct({ year: yearOf })
      .from(publications)
      .where(inArray(publications.area, p.areas))
      .orderBy(desc(yearOf)),
  ]);
  return {
    total: total?.n ?? 0,
    page: p.page,
    perPage: p.perPage,
    years: years.map((y) => y.year),
    items: rows.map((r): AdminPublicationRow => {
      const area = getArea(r.area);
      return {
        id: r.id,
        area: r.area,
        areaLabel: area?.menuLabel ?? r.area,
        title: r.title,
        slug: r.slug,
        status: r.status,
        trashed: r.deletedAt !== null,
        publishedAt: r.publishedAt?.toISOString() ?? null,
        updatedAt: r.updatedAt.toISOString(),
        updatedBy: r.updatedBy,
        version: r.version,
        publicUrl: publicationUrl(r),
      };
    }),
  };
}
