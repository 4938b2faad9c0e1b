/**
 * Routing inside a publication area: `{path}`, `{path}/annee/{year}`, `{path}/page/{n}`,
 * `{path}/annee/{year}/page/{n}` list its publications; `{path}/{slug}` shows one;
 * `{path}/series/{CODE}` shows a series over ten years, `/5-ans` and `/tout` over five or all.
 * Filters are path segments (not query strings) so every page is cacheable as a whole.
 */
import { z } from 'zod';
import { reservedSlugs } from './areas';

export type SeriesRange = '10y' | '5y' | 'all';
export type AreaView =
  | { kind: 'list'; year?: number; page: number }
  | { kind: 'publication'; slug: string }
  | { kind: 'series'; code: string; range: SeriesRange };

/** The path segment of each range of a series page (the ten-year view is the page itself). */
export const seriesRangeSegment: Record<SeriesRange, string | null> = { '10y': null, '5y': '5-ans', all: 'tout' };
const rangeBySegment = new Map(Object.entries(seriesRangeSegment).flatMap(([range, segment]) => (segment ? [[segment, range as SeriesRange]] : [])));
const seriesCode = /^[A-Z][A-Z0-9_]{1,39}$/;

const year = z.coerce.number().int().min(1900).max(2200);
const pageNumber = z.coerce.number().int().min(2).max(100_000);
const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/).max(200);
const digits = /^\d+$/;

/** Parses the segments after an area's path; null means 404. */
export function parseAreaSegments(rest: string[] | undefined): AreaView | null {
  const s = rest ?? [];
  if (s.length === 0) return { kind: 'list', page: 1 };
  if (s[0] === 'series') {
    const code = s[1] ?? '';
    const range = s.length === 2 ? '10y' : s.length === 3 ? rangeBySegment.get(s[2]!) : undefined;
    return seriesCode.test(code) && range ? { kind: 'series', code, range } : null;
  }
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
