/**
 * URL slugs of content items: derived from the French title, then made unique where the route
 * needs it (per area for publications, per table for the other kinds).
 */
import { and, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '@/lib/db/open';
import { reservedSlugs } from './areas';
import type { Kind } from './kinds/kind';

/** Letters NFKD does not decompose into a base letter plus accents. */
const ligatures: Record<string, string> = { œ: 'oe', æ: 'ae', ß: 'ss', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th' };

/** Slug used when a title has no letter or digit at all. */
const fallbackSlug = 'sans-titre';

/**
 * The slug of a title: lower-case ASCII letters and digits separated by single hyphens
 * (« Indice des prix à la consommation — Octobre 2026 » → `indice-des-prix-a-la-consommation-octobre-2026`).
 * Accents are folded, œ/æ spelled out, and every other character — apostrophes included, so
 * « L’indice » → `l-indice`, as the seed's slugs already read — separates words. Longer than
 * `maxLength`, it is cut at the last hyphen that fits. Never empty (`sans-titre`), never one of
 * `reservedSlugs`, never only digits (routes that accept an id would read it as one): those get a
 * `-1` suffix, which keeps the title's own words first and stays a slug `uniqueSlug` does not
 * produce (it numbers from `-2`).
 */
export function slugify(title: string, maxLength = 80): string {
  if (maxLength < fallbackSlug.length) throw new RangeError(`slugify: maxLength must be at least ${fallbackSlug.length}`);
  let slug = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[œæßøłđðþ]/g, (letter) => ligatures[letter] ?? letter)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  if (slug.length > maxLength) {
    const cut = slug.slice(0, maxLength);
    // When the cut falls inside a word, drop that word; a single word longer than the limit is cut.
    const lastHyphen = cut.lastIndexOf('-');
    slug = slug[maxLength] === '-' || lastHyphen <= 0 ? cut : cut.slice(0, lastHyphen);
  }
  if (slug === '') return fallbackSlug;
  if (reservedSlugs.has(slug) || /^\d+$/.test(slug)) return `${slug.slice(0, maxLength - 2)}-1`;
  return slug;
}

/**
 * `base` if no other item of the kind uses it, else the first free `base-2`, `base-3`… For a kind
 * whose slugs are unique per area (publications), `options.scope` is the area and is required; for
 * the others slugs are unique over the table. The item being edited (`excludeId`) does not count, so
 * saving it keeps its slug; items in the trash do count, so restoring one never collides.
 *
 * One query fetches `base` and its numbered variants. It does not lock: two items created at the
 * same instant can both be offered the same slug, and the unique index refuses the second.
 */
export async function uniqueSlug(
  db: Db,
  kind: Pick<Kind, 'table' | 'area'>,
  base: string,
  options: { scope?: string; excludeId?: number } = {},
): Promise<string> {
  const t = kind.table;
  // Only `base-<digits>`: other slugs sharing the prefix (`base-annuel`) cannot collide.
  const numbered = sql`(starts_with(${t.slug}, ${`${base}-`}) and substring(${t.slug} from char_length(${base}) + 2) ~ '^[0-9]+$')`;
  const conditions: (SQL | undefined)[] = [or(eq(t.slug, base), numbered)];
  if ('column' in kind.area) {
    if (options.scope === undefined) throw new Error('uniqueSlug: slugs of this kind are unique per area, pass options.scope');
    conditions.push(eq(kind.area.column, options.scope));
  }
  if (options.excludeId !== undefined) conditions.push(ne(t.id, options.excludeId));

  const rows = await db
    .select({ slug: t.slug })
    .from(t as PgTable)
    .where(and(...conditions));
  const taken = new Set(rows.map((row) => String(row.slug)));
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}
