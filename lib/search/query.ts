/**
 * Search over `search_documents` (kept up to date by triggers, migration 0007) with Postgres
 * full-text search in French (`fr_search`: unaccent then the French stemmer and stop words).
 *
 * - words are stemmed (« exportations » finds « exportation »), accents ignored;
 * - « phrases entre guillemets » match exactly (word order and adjacency);
 * - the last word, while typed, also matches as a prefix (completed from the index's vocabulary,
 *   since a stemmed prefix would miss: « consommat » must find « consommation »);
 * - acronyms also match what they stand for (`./acronyms.ts`);
 * - when nothing matches, each unknown word is replaced by the closest word of the vocabulary
 *   (trigrams: « consomation » → « consommation »), used only when that finds something visible.
 *
 * English pages (`locale: 'en'`) match `tsv_en` — each part of an item in English where it was
 * translated (`en_search`: the English stemmer and stop words), in French otherwise — with each word
 * read both ways (`search_en_word`: its English stems, and its French reading, so codes and the
 * titles of untranslated items are found); acronyms expand in both languages (`expandAcronymEnglish`);
 * hits say which language their title and excerpt are in. The French search is the same as before.
 *
 * Ranking: where the whole query matches — title, then summary, then body, then the attached files'
 * text — then the newest. Visitors see only what is public now: published, its
 * time come, not in the trash, in an area with public pages (never the sampling area). Counts,
 * excerpts and suggestions are computed over that same set, so nothing else leaks through them.
 */
import { sql, type SQL } from 'drizzle-orm';
import { areas, getArea, type Area } from '@/lib/content/areas';
import { kinds } from '@/lib/content/kinds';
import { publicKindWords } from '@/lib/content/kinds/kind';
import type { KindName } from '@/lib/content/kinds';
import { editPath } from '@/lib/content/editing/paths';
import type { Db } from '@/lib/db/open';
import { queryRows } from '@/lib/db/raw';
import { publicationUrl, seriesPath, tablePath } from '@/lib/content/addresses';
import { env } from '@/lib/env';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { expandAcronym, expandAcronymEnglish } from './acronyms';
import {
  countIndexAnswer,
  indexAt,
  memoryPage,
  queryInDocument,
  readSearchGeneration,
  readTsquery,
  refreshSearchIndex,
  tsqueryText,
  type SearchIndex,
} from './memory';
import { fold, isEmptyQuery, parseQuery, type ParsedQuery } from './parse';
import { currentTime } from '@/lib/clock';

export const SEARCH_PER_PAGE = 10;
const CONFIG = sql.raw(`'fr_search'::regconfig`);
const CONFIG_EN = sql.raw(`'en_search'::regconfig`);

/** What results are: each kind of the index by its plural (a new kind is named here by its words), the series, tables and pages. */
const kindNames = (locale: Locale): Record<KindName | 'series' | 'tables' | 'pages', string> => ({
  ...(Object.fromEntries(Object.values(kinds).map((k) => [k.name, publicKindWords(k.words, locale).plural])) as Record<KindName, string>),
  series: messages(locale).search.kinds.series,
  tables: messages(locale).search.kinds.tables,
  pages: messages(locale).search.kinds.pages,
});
const kindNamesIn = { fr: kindNames('fr'), en: kindNames('en') } satisfies Record<Locale, unknown>;

/**
 * What a result is, as a filter: each kind of the index, the institutional pages, the series — in
 * French, as results and facets name them (`kindLabel`, facet labels); `searchSourceLabels` in a language.
 */
export const searchSources = kindNamesIn.fr;
export type SearchSource = keyof typeof searchSources;
/** The names of what results are, in `locale` (public pages in another language rename results and facets with them). */
export const searchSourceLabels = (locale: Locale): Readonly<Record<SearchSource, string>> => kindNamesIn[locale];
export const isSearchSource = (v: string): v is SearchSource => Object.hasOwn(searchSources, v);

export type SearchFilters = { area?: string; kind?: SearchSource; year?: number };

export type SearchOptions = SearchFilters & {
  q: string;
  page?: number;
  perPage?: number;
  /** `public`: what visitors may see now; `admin`: every status, the trash included. */
  scope: 'public' | 'admin';
  now?: Date;
  /** The search index's generation, when the caller has just read it (`./cache.ts`). */
  generation?: number;
  /** Highlighted titles and excerpts (default); without, plain titles and no excerpt. */
  highlight?: boolean;
  /** The reader's language: English searches the English texts, then the French of what has none (default French). */
  locale?: Locale;
};

/** A run of text, highlighted where it matched. */
export type Segment = { text: string; hit: boolean };

export type SearchHit = {
  source: SearchSource;
  sourceId: string;
  title: Segment[];
  excerpt: Segment[];
  /** The language the title and the excerpt are written in (French where an English page found no English). */
  lang: { title: Locale; excerpt: Locale };
  /** The match is only in an attached file's text. */
  inDocument: boolean;
  kindLabel: string;
  area: string;
  areaLabel: string;
  date: Date | null;
  /** Public address, or null (the sampling area, a page without one). */
  url: string | null;
  /** Back-office address (admin scope). */
  adminUrl: string;
  status: string;
  publishedAt: Date | null;
  deleted: boolean;
};

export type FacetValue = { value: string; label: string; count: number };

export type SearchResult = {
  query: ParsedQuery;
  /** The words searched instead, when the typed ones found nothing (« consomation » → « consommation »). */
  correctedText: string | null;
  total: number;
  page: number;
  pages: number;
  hits: SearchHit[];
  facets: { areas: FacetValue[]; kinds: FacetValue[]; years: FacetValue[] };
  /** No document holds every word: these hold some of them. */
  partial: boolean;
  /** Close words that do find something, when nothing was found. */
  suggestions: string[];
};

/** Areas whose items visitors may find: those with public pages, never the restricted ones. */
function publicAreas(): string[] {
  return (areas as readonly Area[]).filter((a) => a.publicPath && !a.restricted).map((a) => a.slug);
}

const textArray = (values: string[]): SQL =>
  sql`array[${sql.join(values.length ? values.map((v) => sql`${v}`) : [sql`''`], sql`, `)}]::text[]`;

/** What `scope` may see of `search_documents` (under the alias `d`, or the one given). */
function visibility(scope: 'public' | 'admin', now: Date, alias = 'd'): SQL {
  if (scope === 'admin') return sql`true`;
  const d = sql.identifier(alias);
  const due = sql`${d}.published_at <= ${now.toISOString()}::timestamptz`;
  const inPublicAreas = sql`${d}.area = any(${textArray(publicAreas())})`;
  return sql`${d}.status = 'published' and ${due} and ${d}.deleted_at is null and ${inPublicAreas}`;
}

/** Builds or catches up this process's index of public documents (server start, tests). */
export const warmSearchIndex = (db: Db): Promise<void> => refreshSearchIndex(db, publicAreas());

/**
 * What is read from the vocabulary (completions of a prefix, close words of a word), kept for the
 * index's generation it was read in — per database handle (one per process; tests open several,
 * whose generations may be equal): the vocabulary changes only with the index.
 */
type VocabularyCache = { generation: number; map: Map<string, Promise<string[]>> };
const vocabularyCaches = new WeakMap<Db, VocabularyCache>();

/** `read()` kept under `key` while the index's generation stays (`generation` null: read every time). */
function fromVocabulary(db: Db, generation: number | null, key: string, read: () => Promise<string[]>): Promise<string[]> {
  if (generation === null) return read();
  let cache = vocabularyCaches.get(db);
  if (!cache || cache.generation !== generation) {
    cache = { generation, map: new Map() };
    vocabularyCaches.set(db, cache);
  }
  let words = cache.map.get(key);
  if (!words) {
    if (cache.map.size >= 10_000) cache.map.clear();
    const kept = cache;
    words = read();
    kept.map.set(key, words);
    words.catch(() => kept.map.delete(key));
  }
  return words;
}

/**
 * Words of the vocabulary starting with `prefix` (folded), shortest first. `stemToo`: terms of the
 * query Postgres has not stemmed yet, read in the same statement (one statement less per search).
 */
async function completions(
  db: Db,
  prefix: string,
  generation: number | null,
  locale: Locale,
  stemToo: Term[] = [],
  limit = 6,
): Promise<string[]> {
  const folded = fold(prefix);
  if (folded.length < 3) return [];
  return fromVocabulary(db, generation, `prefix:${locale}:${folded}:${limit}`, async () => {
    const like = `${folded.replace(/[\\%_]/g, '')}%`;
    // English pages complete from the English texts' words and the French ones (untranslated items).
    const starting =
      locale === 'en'
        ? sql`(select word from search_words_en where word like ${like} limit 300) union (select word from search_words where word like ${like} limit 300)`
        : sql`select word from search_words where word like ${like} limit 300`;
    const missing = unstemmed(stemToo);
    const [row] = await queryRows<Record<string, unknown>>(
      db,
      sql`select ${sql.join(
        [
          sql`(select json_agg(word order by length(word), word) from (select word from (${starting}) w order by length(word), word limit ${limit}) w)::text as words`,
          ...stemColumns(missing),
        ],
        sql`, `,
      )}`,
    );
    keepStems(missing, row);
    return row?.words == null ? [] : (JSON.parse(String(row.words)) as string[]);
  });
}

/**
 * French stop words that carry an accent, typed without it: read as written (« a » → « à »), so
 * they are stop words in words and keep their place in phrases (« prix a la consommation »).
 */
const accentedStopWords: Readonly<Record<string, string>> = {
  a: 'à',
  ou: 'où',
  ete: 'été',
  etes: 'êtes',
  etait: 'était',
  etaient: 'étaient',
  etant: 'étant',
};
const asWritten = (word: string) => accentedStopWords[word.toLowerCase()] ?? word;
const phraseAsWritten = (phrase: string) => phrase.split(' ').map(asWritten).join(' ');

/**
 * One call of Postgres' query parsers, stemming its text with `fr_search` (or `en_search`); `search_en_word`
 * reads an English page's word both ways (migration `english`).
 */
type Term = { fn: 'plainto_tsquery' | 'phraseto_tsquery' | 'to_tsquery' | 'search_en_word'; arg: string; en?: boolean };
/** A query: all (or any) of its parts, each part any of its terms. */
type Query = { parts: Term[][]; join: 'all' | 'any' };

/** The query of a parsed query (`words` may have been corrected). */
function tsquery(q: ParsedQuery, words: string[], prefixWords: string[], join: 'all' | 'any' = 'all', locale: Locale = 'fr'): Query {
  if (locale === 'en') return englishTsquery(q, words, prefixWords, join);
  const parts: Term[][] = q.phrases.map((p) => [{ fn: 'phraseto_tsquery', arg: phraseAsWritten(p) }]);
  words.forEach((typed, i) => {
    const word = asWritten(typed);
    const alternatives: Term[] = [{ fn: 'plainto_tsquery', arg: word }];
    const expansion = expandAcronym(word);
    if (expansion) alternatives.push({ fn: 'phraseto_tsquery', arg: expansion });
    if (i === words.length - 1 && q.prefixLast && word === typed) {
      // Letters and digits only (parse.ts), so safe in to_tsquery's syntax.
      alternatives.push({ fn: 'to_tsquery', arg: `${fold(word)}:*` });
      for (const w of prefixWords) alternatives.push({ fn: 'plainto_tsquery', arg: w });
    }
    parts.push(alternatives);
  });
  return { parts, join };
}

/**
 * An English page's query: each word read in English and in French (`search_en_word`), a phrase
 * either way, acronyms expanded in both languages, the last word also as a prefix.
 */
function englishTsquery(q: ParsedQuery, words: string[], prefixWords: string[], join: 'all' | 'any'): Query {
  const parts: Term[][] = q.phrases.map((p) => [
    { fn: 'phraseto_tsquery', arg: p, en: true },
    { fn: 'phraseto_tsquery', arg: phraseAsWritten(p) },
  ]);
  words.forEach((word, i) => {
    const alternatives: Term[] = [{ fn: 'search_en_word', arg: word }];
    const expansion = expandAcronymEnglish(word);
    for (const e of expansion.en) alternatives.push({ fn: 'phraseto_tsquery', arg: e, en: true });
    for (const f of expansion.fr) alternatives.push({ fn: 'phraseto_tsquery', arg: f });
    if (i === words.length - 1 && q.prefixLast) {
      alternatives.push({ fn: 'to_tsquery', arg: `${fold(word)}:*`, en: true });
      for (const w of prefixWords) alternatives.push({ fn: 'search_en_word', arg: w });
    }
    parts.push(alternatives);
  });
  return { parts, join };
}

const termSql = (t: Term): SQL =>
  t.fn === 'search_en_word' ? sql`search_en_word(${t.arg})` : sql`${sql.raw(t.fn)}(${t.en ? CONFIG_EN : CONFIG}, ${t.arg})`;

/** The query as SQL (a tsquery expression). */
function querySql(query: Query): SQL {
  const parts = query.parts.map((terms) => (terms.length === 1 ? termSql(terms[0]!) : sql`(${sql.join(terms.map(termSql), sql` || `)})`));
  return parts.length ? sql.join(parts, query.join === 'all' ? sql` && ` : sql` || `) : sql`''::tsquery`;
}

/** Each term's tsquery text, kept: stemming a word gives the same lexemes whatever the data. */
const termTexts = new Map<string, string>();
const termKey = (t: Term) => `${t.fn}\u0000${t.en ? 'en' : 'fr'}\u0000${t.arg}`;
/** The terms Postgres has not stemmed for this process yet, each once. */
const unstemmed = (terms: Term[]): Term[] => [
  ...new Map(terms.filter((t) => !termTexts.has(termKey(t))).map((t) => [termKey(t), t])).values(),
];
/** Columns `t0`, `t1`… of a statement: each term's tsquery text. */
const stemColumns = (terms: Term[]): SQL[] => terms.map((t, i) => sql`(${termSql(t)})::text as ${sql.identifier(`t${i}`)}`);
/** Keeps the texts a statement read for `terms` (`stemColumns`). */
function keepStems(terms: Term[], row: Record<string, unknown> | undefined): void {
  if (terms.length === 0) return;
  if (termTexts.size + terms.length > 20_000) termTexts.clear();
  terms.forEach((t, i) => termTexts.set(termKey(t), String(row?.[`t${i}`] ?? '')));
}

/**
 * The query's tsquery text (`'prix' & ( 'riz' | 'riz':* )`), as `querySql` would give it: the terms
 * Postgres has not stemmed for this process yet are read in one statement, the rest is joined here
 * (Postgres' `&&` and `||` drop an empty side, as this does).
 */
async function queryText(db: Db, query: Query): Promise<string> {
  const missing = unstemmed(query.parts.flat());
  if (missing.length) {
    const [row] = await queryRows<Record<string, unknown>>(db, sql`select ${sql.join(stemColumns(missing), sql`, `)}`);
    keepStems(missing, row);
  }
  const group = (texts: string[], op: '&' | '|') => {
    const kept = texts.filter((t) => t !== '');
    return kept.length === 0 ? '' : kept.length === 1 ? kept[0]! : kept.map((t) => `( ${t} )`).join(` ${op} `);
  };
  return group(
    query.parts.map((terms) =>
      group(
        terms.map((t) => termTexts.get(termKey(t))!),
        '|',
      ),
    ),
    query.join === 'all' ? '&' : '|',
  );
}

function filterSql(f: SearchFilters, except?: keyof SearchFilters): SQL {
  const c: SQL[] = [];
  if (f.area && except !== 'area') c.push(sql`d.area = ${f.area}`);
  if (f.kind && except !== 'kind') c.push(sql`d.source = ${f.kind}`);
  if (f.year && except !== 'year') c.push(sql`extract(year from d.date at time zone 'UTC') = ${f.year}`);
  return c.length ? sql.join(c, sql` and `) : sql`true`;
}

/** How many visible documents match (a correction or a suggestion is used only when it finds some). */
async function countMatches(db: Db, query: Query, visible: SQL, locale: Locale): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*) as n from search_documents d where d.${sql.raw(locale === 'en' ? 'tsv_en' : 'tsv')} @@ (${querySql(query)}) and ${visible}`,
  );
  return Number(row?.n ?? 0);
}

/** Closest vocabulary words to `word` by trigrams, best first (kept while the index's generation stays). */
async function closeWords(db: Db, word: string, locale: Locale, generation: number | null): Promise<string[]> {
  const folded = fold(word);
  // A number is not misspelt: the closest other numbers (years, codes) would be wrong answers, and
  // asking costs a trigram scan of the vocabulary for every search with a number nobody wrote.
  if (folded.length < 4 || /^\d+$/.test(folded)) return [];
  // A trigram scan of the whole vocabulary (tens of ms): the same words come back for every search
  // naming this word until the index changes.
  return fromVocabulary(db, generation, `close:${locale}:${folded}`, async () => {
    const closest = sql`similarity(word, ${folded}) desc, length(word)`;
    // English pages: the English texts' words first (a tie goes to them), then the French ones.
    const words =
      locale === 'en'
        ? sql`(select word, 0 as fr from search_words_en union all select word, 1 as fr from search_words) v`
        : sql`search_words`;
    const order = locale === 'en' ? sql`${closest}, fr` : closest;
    const rows = await queryRows<{ word: string }>(
      db,
      sql`select word from ${words} where word % ${folded} and word <> ${folded} order by ${order} limit 4`,
    );
    return rows.map((r) => r.word);
  });
}

const MARK_START = '\u2997';
const MARK_END = '\u2998';
/** One fragment around the best match (several fragments cost three times as much). */
const headlineOptions = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=35, MinWords=15, ShortWord=2`;

/** Splits ts_headline's output into highlighted and plain runs (rendered without HTML). */
export function segments(marked: string): Segment[] {
  const out: Segment[] = [];
  // One line of text: the indexed texts keep their line breaks.
  for (const part of marked.replace(/\s+/g, ' ').split(MARK_START)) {
    const end = part.indexOf(MARK_END);
    if (end === -1) {
      if (part) out.push({ text: part, hit: false });
      continue;
    }
    out.push({ text: part.slice(0, end), hit: true });
    if (end + 1 < part.length) out.push({ text: part.slice(end + 1), hit: false });
  }
  return out;
}

type HitRow = {
  id: number;
  source: SearchSource;
  source_id: string;
  area: string;
  slug: string;
  date: Date | string | null;
  status: string;
  published_at: Date | string | null;
  deleted_at: Date | string | null;
  tier: number;
  title_marked: string;
  excerpt_marked: string;
  /** Set by English pages' queries: the languages the title and the excerpt were written in. */
  title_lang?: Locale;
  excerpt_lang?: Locale;
};

const asDate = (v: Date | string | null) => (v === null ? null : v instanceof Date ? v : new Date(v));

function urlsOf(row: HitRow): { url: string | null; adminUrl: string } {
  const area = getArea(row.area);
  if (row.source === 'pages') return { url: area?.publicPath ?? null, adminUrl: '/admin/about' };
  if (row.source === 'series') return { url: seriesPath({ area: row.area, code: row.slug }), adminUrl: `/admin/series/${row.slug}` };
  if (row.source === 'tables') return { url: tablePath(row.slug), adminUrl: `/admin/tableaux/${row.slug}` };
  const kind = kinds[row.source];
  const id = Number(row.source_id);
  const url =
    row.source === 'publications'
      ? publicationUrl({ area: row.area, slug: row.slug })
      : kind.publicUrl({ id, slug: row.slug, area: row.area });
  return { url, adminUrl: area ? editPath(area, id) : '/admin' };
}

function facetLabel(kind: 'area' | 'kind' | 'year', value: string): string {
  if (kind === 'area') return getArea(value)?.label ?? value;
  if (kind === 'kind') return isSearchSource(value) ? searchSources[value] : value;
  return value;
}

/**
 * The query `q` with each lexeme restricted to one weight (`'prix':A & 'riz':A`): matched against
 * the title-summary-body vector, it says whether the whole query is in the title (A) or the summary
 * (B) — the tier a result is ranked by, without building a filtered vector per row.
 */
const weightedQuery = (weight: 'A' | 'B') =>
  sql.raw(`to_tsquery('simple', regexp_replace(q::text, '''((?:[^'']|'''')*)''(?::(\\*))?', '''\\1'':\\2${weight}', 'g'))`);

type FacetRow = { facet: 'area' | 'kind' | 'year' | 'total'; value: string | null; n: number | string };

/** A hit's marks without highlighting: its title as it is, no excerpt. */
const unmarked = () => sql`h.title as title_marked, '' as excerpt_marked`;

/** An English page's hit: its English title and excerpt where written (`*_en`), French otherwise, with their languages. */
const englishHitColumns = (highlight: boolean) => {
  const base = sql`t.id, h.source, h.source_id, h.area, h.slug, h.date, h.status, h.published_at, h.deleted_at, t.tier,
    case when h.title_en <> '' then 'en' else 'fr' end as title_lang`;
  // The excerpt: the English summary and body when the match is there (or there are no files), else as in French.
  const englishExcerpt = sql`(t.tier > 0 or h.doc_text = '') and (h.summary_en <> '' or h.body_en <> '')`;
  if (!highlight)
    return sql`${base}, case when h.title_en <> '' then h.title_en else h.title end as title_marked, '' as excerpt_marked, 'en' as excerpt_lang`;
  const marks = `StartSel=${MARK_START}, StopSel=${MARK_END}`;
  return sql`${base},
    case when h.title_en <> '' then ts_headline(${CONFIG_EN}, h.title_en, q.q, ${`HighlightAll=true, ${marks}`})
         else ts_headline(${CONFIG}, h.title, q.q, ${`HighlightAll=true, ${marks}`}) end as title_marked,
    case when ${englishExcerpt} then 'en' else 'fr' end as excerpt_lang,
    case when ${englishExcerpt}
         then ts_headline(${CONFIG_EN}, translate(concat_ws(' — ', nullif(h.summary_en, ''), left(h.body_en, 20000)), '’', ''''), q.q, ${headlineOptions})
         else ts_headline(${CONFIG},
           translate(case when t.tier > 0 or h.doc_text = '' then concat_ws(' — ', nullif(h.summary, ''), left(h.body, 20000))
                          else left(h.doc_text, 50000) end, '’', ''''),
           q.q, ${headlineOptions}) end as excerpt_marked`;
};

/**
 * A hit's row with its highlighted title and excerpt, from `t(id, tier)`, `h` (its document) and
 * `q(q)`; without `highlight`, the plain title and no excerpt (the header box shows titles only, and
 * `ts_headline` is most of what Postgres does for a search).
 */
const hitColumns = (highlight: boolean, locale: Locale = 'fr') =>
  locale === 'en'
    ? englishHitColumns(highlight)
    : highlight
      ? sql`t.id, h.source, h.source_id, h.area, h.slug, h.date, h.status, h.published_at, h.deleted_at, t.tier,
  ts_headline(${CONFIG}, h.title, q.q, 'HighlightAll=true, StartSel=${sql.raw(MARK_START)}, StopSel=${sql.raw(MARK_END)}') as title_marked,
  ts_headline(${CONFIG},
    translate(case when t.tier > 0 or h.doc_text = '' then concat_ws(' — ', nullif(h.summary, ''), left(h.body, 20000))
                   else left(h.doc_text, 50000) end, '’', ''''),
    q.q, ${headlineOptions}) as excerpt_marked`
      : sql`t.id, h.source, h.source_id, h.area, h.slug, h.date, h.status, h.published_at, h.deleted_at, t.tier, ${unmarked()}`;

/**
 * One statement per search: the visible matches with their tier and rank, computed once
 * (materialized), then the counts of each filter (each ignoring its own) and the page of hits with
 * their highlighted title and excerpt — as two JSON columns of one row.
 */
async function runQuery(
  db: Db,
  query: Query,
  visible: SQL,
  filters: SearchFilters,
  limit: number,
  offset: number,
  highlight: boolean,
  locale: Locale,
): Promise<Page> {
  // English pages match the English vector; the tier reads its title, summary and body (weights A–C).
  const tsv = sql.raw(locale === 'en' ? 'd.tsv_en' : 'd.tsv');
  const meta = sql.raw(locale === 'en' ? `ts_filter(d.tsv_en, '{a,b,c}')` : 'd.tsv_meta');
  const [row] = await queryRows<{ facets: FacetRow[] | string | null; hits: HitRow[] | string | null }>(
    db,
    sql`with q as (select (${querySql(query)}) as q),
        w as materialized (select q.q, ${weightedQuery('A')} as qa, ${weightedQuery('B')} as qb from q),
        m as materialized (
          select d.id, d.area, d.source, d.date, extract(year from d.date at time zone 'UTC')::int as year,
                 case when ${meta} @@ w.qa then 3 when ${meta} @@ w.qb then 2 when ${meta} @@ w.q then 1 else 0 end as tier
          from search_documents d, w
          where ${tsv} @@ w.q and ${visible}),
        facets as (
          select 'total' as facet, null as value, count(*) as n from m d where ${filterSql(filters)}
          union all select 'area', area, count(*) from m d where ${filterSql(filters, 'area')} group by area
          union all select 'kind', source, count(*) from m d where ${filterSql(filters, 'kind')} group by source
          union all select 'year', year::text, count(*) from m d where ${filterSql(filters, 'year')} and year is not null group by year),
        top as (
          select * from m d where ${filterSql(filters)}
          order by tier desc, date desc nulls last, id desc
          limit ${limit} offset ${offset}),
        hits as (select ${hitColumns(highlight, locale)} from top t join search_documents h on h.id = t.id, q)
        select (select json_agg(f) from facets f) as facets,
               (select json_agg(h order by h.tier desc, h.date desc nulls last, h.id desc) from hits h) as hits`,
  );
  const parse = <T>(v: T[] | string | null | undefined): T[] => (v == null ? [] : typeof v === 'string' ? (JSON.parse(v) as T[]) : v);
  return { facets: parse(row?.facets), hits: parse(row?.hits) };
}

type Page = { facets: FacetRow[]; hits: HitRow[] };

/**
 * How many public documents match at `now`, counted in this process's index (no filter), or null
 * when the query cannot be read there: the count `countMatches` gives, without a scan in SQL.
 */
async function countInMemory(db: Db, index: SearchIndex, query: Query, now: Date, locale: Locale): Promise<number | null> {
  const tree = readTsquery(await queryText(db, query));
  if (tree === null) return null;
  const { facets } = memoryPage(index, tree, now.getTime(), {}, 0, 0, locale === 'en' ? 'en' : 'fr');
  return Number(facets.find((f) => f.facet === 'total')?.n ?? 0);
}

/**
 * Hit rows already written, for the index's generation they were asked in (per database handle):
 * a highlighted row depends only on its document (unchanged within a generation), its tier and the
 * query as it reads in that document (`queryInDocument`), a plain one on its document and tier.
 * `ts_headline` is most of what a search costs, and distinct searches often read the same in a
 * document (« prix 2023 » and « prix 1987 » in one that holds neither year).
 */
type HitRows = { generation: number; map: Map<string, HitRow> };
const hitRowCaches = new WeakMap<Db, HitRows>();

function keptHitRows(db: Db, generation: number): Map<string, HitRow> {
  let cache = hitRowCaches.get(db);
  if (!cache || cache.generation !== generation) {
    cache = { generation, map: new Map() };
    hitRowCaches.set(db, cache);
  }
  if (cache.map.size >= 5_000) cache.map.clear();
  return cache.map;
}

/**
 * Whether a hit's excerpt reads its texts whole (not cut at 20,000 or 50,000 characters, which can
 * cut a word into one its vector does not hold): then the query as it reads in the document gives it.
 */
const readsWhole = sql`(length(coalesce(h.body, '')) <= 20000 and length(coalesce(h.body_en, '')) <= 20000
  and length(coalesce(h.doc_text, '')) <= 50000)`;

/**
 * `runQuery` with the matches, tiers and counts from this process's index (`./memory.ts`): Postgres
 * only reads the query's tsquery and writes the excerpts of the page's hits not written before.
 * Null when the query needs what the index does not keep (phrases): the caller runs it in SQL.
 */
async function runInMemory(
  db: Db,
  index: SearchIndex,
  generation: number,
  query: Query,
  now: Date,
  filters: SearchFilters,
  limit: number,
  offset: number,
  highlight: boolean,
  locale: Locale,
): Promise<Page | null> {
  const text = await queryText(db, query);
  const tree = readTsquery(text);
  if (tree === null) return null;
  const language = locale === 'en' ? 'en' : 'fr';
  const { facets, top } = memoryPage(index, tree, now.getTime(), filters, offset, limit, language);
  countIndexAnswer(db);
  if (top.length === 0 || tree === 'empty') return { facets, hits: [] };
  const kept = keptHitRows(db, generation);
  const wanted = top.map((m) => {
    // The query as it reads in the document (the whole query when its excerpt may read cut texts, below).
    const own = highlight ? queryInDocument(index, tree, m.id, language) : null;
    const read = own ? tsqueryText(own) : text;
    return {
      ...m,
      read,
      key: highlight ? `h\u0000${locale}\u0000${m.id}\u0000${m.tier}\u0000${read}` : `p\u0000${locale}\u0000${m.id}\u0000${m.tier}`,
    };
  });
  const missing = wanted.filter((w) => !kept.has(w.key));
  const written = new Map<number, HitRow>();
  if (missing.length) {
    const rows = await queryRows<HitRow & { whole: boolean }>(
      db,
      sql`select ${hitColumns(highlight, locale)}, ${readsWhole} as whole
          from rows from (unnest(${`{${missing.map((m) => m.id).join(',')}}`}::bigint[]), unnest(${`{${missing.map((m) => m.tier).join(',')}}`}::int[]),
                          json_array_elements_text(${JSON.stringify(missing.map((m) => m.read))}::json)) as t(id, tier, read)
               join search_documents h on h.id = t.id
               cross join lateral (select (case when ${readsWhole} then t.read else ${text} end)::tsquery as q) q
          where ${visibility('public', now, 'h')}`,
    );
    const byId = new Map(missing.map((m) => [m.id, m]));
    for (const { whole, ...row } of rows) {
      const m = byId.get(Number(row.id))!;
      written.set(m.id, row);
      if (whole || m.read === text || !highlight) kept.set(m.key, row);
    }
  }
  // In rank order; a document that stopped being public since the index read it is left out.
  return { facets, hits: wanted.flatMap((w) => kept.get(w.key) ?? written.get(w.id) ?? []) };
}

/** Searches; an empty or stop-words-only query finds nothing (and costs no query). */
export async function search(db: Db, options: SearchOptions): Promise<SearchResult> {
  const q = parseQuery(options.q);
  const perPage = options.perPage ?? SEARCH_PER_PAGE;
  const filters: SearchFilters = { area: options.area, kind: options.kind, year: options.year };
  const empty: SearchResult = {
    query: q,
    correctedText: null,
    partial: false,
    total: 0,
    page: 1,
    pages: 0,
    hits: [],
    facets: { areas: [], kinds: [], years: [] },
    suggestions: [],
  };
  if (isEmptyQuery(q)) return empty;
  const now = options.now ?? currentTime();
  const locale = options.locale ?? 'fr';
  const visible = visibility(options.scope, now);
  const requested = Math.max(1, options.page ?? 1);
  const generation = options.scope === 'public' ? (options.generation ?? (await readSearchGeneration(db))) : null;
  const index = generation !== null && env.SEARCH_MEMORY_INDEX ? indexAt(db, generation, publicAreas()) : null;

  const last = q.words.at(-1);
  const prefixWords =
    q.prefixLast && last ? await completions(db, last, generation, locale, tsquery(q, q.words, [], 'all', locale).parts.flat()) : [];
  let query = tsquery(q, q.words, prefixWords, 'all', locale);
  let correctedText: string | null = null;
  let partial = false;
  const suggestions: string[] = [];
  const highlight = options.highlight ?? true;
  const run = async (query: Query, page: number) =>
    (index && generation !== null
      ? await runInMemory(db, index, generation, query, now, filters, perPage, (page - 1) * perPage, highlight, locale)
      : null) ?? runQuery(db, query, visible, filters, perPage, (page - 1) * perPage, highlight, locale);
  // Whether a correction or a suggestion finds something: in the index when there is one.
  const count = async (query: Query) =>
    (index && (await countInMemory(db, index, query, now, locale))) ?? countMatches(db, query, visible, locale);
  const matches = (r: { facets: FacetRow[] }) => r.facets.some((f) => f.facet !== 'total' && Number(f.n) > 0);

  let result = await run(query, requested);
  if (!matches(result) && q.words.length > 0) {
    // Nothing at all: try the closest spelling of each word the index does not know.
    const candidates = await Promise.all(q.words.map((w) => closeWords(db, w, locale, generation)));
    const corrected = q.words.map((w, i) => candidates[i]![0] ?? w);
    if (corrected.some((w, i) => w !== q.words[i])) {
      const correctedQuery = tsquery({ ...q, prefixLast: false }, corrected, [], 'all', locale);
      if ((await count(correctedQuery)) > 0) {
        query = correctedQuery;
        correctedText = [...q.phrases.map((p) => `"${p}"`), ...corrected].join(' ');
        result = await run(query, requested);
      }
    }
    if (!matches(result) && q.words.length + q.phrases.length > 1) {
      // No document holds them all: those holding some, best first.
      const anyQuery = tsquery(q, q.words, prefixWords, 'any', locale);
      const anyResult = await run(anyQuery, requested);
      if (matches(anyResult)) {
        query = anyQuery;
        result = anyResult;
        partial = true;
      }
    }
    if (!matches(result)) {
      // Offer the close words that, alone, find something visitors may see.
      for (const w of [...new Set(candidates.flat())].slice(0, 8)) {
        if (suggestions.length >= 5) break;
        const term: Term = locale === 'en' ? { fn: 'search_en_word', arg: w } : { fn: 'plainto_tsquery', arg: w };
        if ((await count({ parts: [[term]], join: 'all' })) > 0) suggestions.push(w);
      }
    }
  }

  const total = Number(result.facets.find((r) => r.facet === 'total')?.n ?? 0);
  const pages = Math.ceil(total / perPage);
  let page = requested;
  // A page past the last (an old link): the last one.
  if (pages > 0 && requested > pages) {
    page = pages;
    result = await run(query, page);
  }
  const group = (facet: 'area' | 'kind' | 'year'): FacetValue[] =>
    result.facets
      .filter((r) => r.facet === facet && r.value !== null)
      .map((r) => ({ value: r.value!, label: facetLabel(facet, r.value!), count: Number(r.n) }))
      .sort((a, b) => (facet === 'year' ? Number(b.value) - Number(a.value) : b.count - a.count || a.label.localeCompare(b.label, 'fr')));

  const hits: SearchHit[] = result.hits.map((r) => {
    const area = getArea(r.area);
    return {
      source: r.source,
      sourceId: r.source_id,
      title: segments(r.title_marked),
      excerpt: segments(r.excerpt_marked),
      lang: { title: r.title_lang ?? 'fr', excerpt: r.excerpt_lang ?? 'fr' },
      inDocument: Number(r.tier) === 0,
      kindLabel: facetLabel('kind', r.source),
      area: r.area,
      areaLabel: area?.label ?? r.area,
      date: asDate(r.date),
      ...urlsOf(r),
      status: r.status,
      publishedAt: asDate(r.published_at),
      deleted: r.deleted_at !== null,
    };
  });

  return {
    query: q,
    correctedText,
    partial,
    total,
    page: Math.max(1, page),
    pages,
    hits,
    facets: { areas: group('area'), kinds: group('kind'), years: group('year') },
    suggestions,
  };
}

/**
 * A title for the header box: `kindLabel` in French, `source` for the box to name it in its page's
 * language, `lang` the language the title is written in.
 */
export type Suggestion = { title: string; url: string; kindLabel: string; source: SearchSource; lang?: Locale };

/** What the header box suggests of a search's first hits: titles with a public page. */
export const toSuggestions = (result: SearchResult, locale: Locale = 'fr'): Suggestion[] =>
  result.hits.flatMap((h) =>
    h.url
      ? [
          {
            title: h.title.map((s) => s.text).join(''),
            url: h.url,
            kindLabel: h.kindLabel,
            source: h.source,
            // Only an English search says which language each title is in: the French answer is as before.
            ...(locale === 'fr' ? {} : { lang: h.lang.title }),
          },
        ]
      : [],
  );

export const SUGGESTIONS = 6;

/** Titles for the header box while typing: visible documents only, best first. */
export async function suggest(db: Db, raw: string, now = currentTime(), locale: Locale = 'fr'): Promise<Suggestion[]> {
  return toSuggestions(await search(db, { q: raw, scope: 'public', perPage: SUGGESTIONS, now, highlight: false, locale }), locale);
}
