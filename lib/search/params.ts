/**
 * The search page's address: `/recherche?q=…&rubrique=…&type=…&annee=…&page=…`, so a search can be
 * shared. Reading it never fails: a value that is not one the page offers is ignored.
 */
import { z } from 'zod';
import { getArea } from '@/lib/content/areas';
import { MAX_QUERY_LENGTH } from './parse';
import { isSearchSource, type SearchSource } from './query';
import { searchPath } from '@/lib/content/addresses';

export type SearchPageParams = { q: string; area?: string; kind?: SearchSource; year?: number; page: number };

const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);
const text = z.preprocess(first, z.string().optional().catch(undefined));

const schema = z.object({
  q: text.transform((v) => (v ?? '').slice(0, MAX_QUERY_LENGTH * 2)),
  rubrique: text.transform((v) => (v && getArea(v) ? v : undefined)),
  type: text.transform((v) => (v && isSearchSource(v) ? v : undefined)),
  annee: text.transform((v) => (v && /^\d{4}$/.test(v) && Number(v) >= 1900 && Number(v) <= 2200 ? Number(v) : undefined)),
  page: text.transform((v) => (v && /^\d{1,4}$/.test(v) && Number(v) >= 1 ? Number(v) : 1)),
});

export function readSearchParams(raw: Record<string, string | string[] | undefined>): SearchPageParams {
  const p = schema.parse(raw);
  return { q: p.q, area: p.rubrique, kind: p.type, year: p.annee, page: p.page };
}

/** The address of a search, with its filters and page (`base`: `/recherche` or `/admin/recherche`). */
export function searchHref(p: Partial<SearchPageParams>, base = searchPath): string {
  const s = new URLSearchParams();
  if (p.q) s.set('q', p.q);
  if (p.area) s.set('rubrique', p.area);
  if (p.kind) s.set('type', p.kind);
  if (p.year) s.set('annee', String(p.year));
  if (p.page && p.page > 1) s.set('page', String(p.page));
  const query = s.toString();
  return query ? `${base}?${query}` : base;
}
