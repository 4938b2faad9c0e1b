/**
 * Routing inside a publication area: `{path}`, `{path}/annee/{year}`, `{path}/page/{n}`,
 * `{path}/annee/{year}/page/{n}` list its publications; `{path}/{slug}` shows one.
 * Filters are path segments (not query strings) so every list page is cacheable as a whole.
 */
import { z } from 'zod';
import { reservedSlugs } from './areas';

export type AreaView = { kind: 'list'; year?: number; page: number } | { kind: 'publication'; slug: string };

const year = z.coerce.number().int().min(1900).max(2200);
const pageNumber = z.coerce.number().int().min(2).max(100_000);
const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/).max(200);
const digits = /^\d+$/;

/** Parses the segments after an area's path; null means 404. */
export function parseAreaSegments(rest: string[] | undefined): AreaView | null {
  const s = rest ?? [];
  if (s.length === 0) return { kind: 'list', page: 1 };
  if (s.length === 1) {
    const parsed = slug.safeParse(s[0]);
    return parsed.success && !reservedSlugs.has(parsed.data) ? { kind: 'publication', slug: parsed.data } : null;
  }
  const view: { kind: 'list'; year?: number; page: number } = { kind: 'list', page: 1 };
  let i = 0;
  if (s[i] === 'annee') {
    const y = digits.test(s[i + 1] ?? '') ? year.safeParse(s[i + 1]) : null;
    if (!y?.success) return null;
    view.year = y.data;
    i += 2;
  }
  if (s[i] === 'page') {
    const n = digits.test(s[i + 1] ?? '') ? pageNumber.safeParse(s[i + 1]) : null;
    if (!n?.success) return null;
    view.page = n.data;
    i += 2;
  }
  return i === s.length && i > 0 ? view : null;
}
