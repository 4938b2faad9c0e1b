/**
 * The catalogue's filters and facets (year, theme, producer, access tier, data kind) over the
 * surveys online, from the GET form's query: pure, so the page and its tests share it.
 */
import { z } from 'zod';
import { accessTiers, dataKinds, studyYear, type AccessTier, type DataKind } from './model';
import type { SurveyRow } from './queries';

export const catalogueQuerySchema = z.object({
  q: z.string().trim().max(200).optional().catch(undefined),
  annee: z.coerce.number().int().min(1900).max(2200).optional().catch(undefined),
  theme: z.string().trim().max(200).optional().catch(undefined),
  producteur: z.string().trim().max(200).optional().catch(undefined),
  acces: z.enum(accessTiers).optional().catch(undefined),
  type: z.enum(dataKinds).optional().catch(undefined),
});
export type CatalogueQuery = z.infer<typeof catalogueQuerySchema>;

/** The query of the form, each value checked (an unknown value is dropped, not an error). */
export function readCatalogueQuery(params: Record<string, string | string[] | undefined>): CatalogueQuery {
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) || undefined;
  return catalogueQuerySchema.parse(Object.fromEntries(Object.keys(catalogueQuerySchema.shape).map((k) => [k, one(params[k])])));
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

export type Facet<T extends string | number> = { value: T; count: number }[];
export type Catalogue = {
  surveys: SurveyRow[];
  facets: { years: Facet<number>; themes: Facet<string>; producers: Facet<string>; access: Facet<AccessTier>; kinds: Facet<DataKind> };
};

function count<T extends string | number>(values: T[][]): Facet<T> {
  const counts = new Map<T, number>();
  for (const list of values) for (const v of new Set(list)) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts]
    .map(([value, n]) => ({ value, count: n }))
    .sort((a, b) =>
      typeof a.value === 'number' ? (b.value as number) - (a.value as number) : String(a.value).localeCompare(String(b.value), 'fr'),
    );
}

const yearsOf = (s: SurveyRow) => {
  const y = studyYear(s.study);
  return y === null ? [] : [y];
};
const producersOf = (s: SurveyRow) => s.study.producers.map((p) => p.name);

/**
 * The surveys the query keeps and the facets of those the text search keeps (each facet counts the
 * surveys it would give). `withVariable`: ids of the surveys one of whose variables matches `q`.
 */
export function filterCatalogue(all: SurveyRow[], query: CatalogueQuery, withVariable: Set<number>): Catalogue {
  const q = query.q ? fold(query.q) : '';
  const text = all.filter((s) => {
    if (!q) return true;
    const haystack = fold(
      [s.study.title, s.study.altTitle, s.study.idno, s.study.abstract, ...s.study.keywords, ...s.study.topics, s.slug].join(' '),
    );
    return haystack.includes(q) || withVariable.has(s.id);
  });
  const kept = text.filter(
    (s) =>
      (!query.annee || yearsOf(s).includes(query.annee)) &&
      (!query.theme || s.study.topics.includes(query.theme)) &&
      (!query.producteur || producersOf(s).includes(query.producteur)) &&
      (!query.acces || s.files.some((f) => f.access === query.acces)) &&
      (!query.type || s.dataKind === query.type),
  );
  return {
    surveys: kept,
    facets: {
      years: count(text.map(yearsOf)),
      themes: count(text.map((s) => s.study.topics)),
      producers: count(text.map(producersOf)),
      access: count(text.map((s) => s.files.map((f) => f.access))),
      kinds: count(text.map((s) => [s.dataKind])),
    },
  };
}
