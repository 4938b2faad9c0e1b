/**
 * Visitors' search index in this process's memory: for every public document of `search_documents`
 * (published, not trashed, in an area with public pages — scheduled ones included, the clock is
 * checked per search), the lexemes of its `tsv` column and in which part each occurs (title,
 * summary, body or attached files' text). Postgres stays the source of truth — it stems the
 * documents (the `tsv` column) and the queries (`plainto_tsquery`…), and writes the highlighted
 * excerpts of one page of hits; this index only answers « which public documents match, in which
 * tier, how many per filter », the part whose cost grows with the number of matches (reading every
 * matching row, ~2 000 for a common pair of words, took 10–20 ms of SQL per search).
 *
 * Kept in step through the index's generation (migration 0008): a search reads the generation; when
 * it moved, the search goes to SQL while the index catches up in the background — the rows whose
 * version (`xmin`) changed are read again, in one snapshot with the generation they belong to. So
 * the index is never used behind what has committed, on any instance. Updated documents leave dead
 * entries behind; past a quarter of the entries, the index is built again from scratch.
 *
 * English pages search a second set of postings, read from `tsv_en` (each part in English where the
 * item has it, in French otherwise: migration `english`), with the same slots, filters and ranking.
 *
 * Queries with phrases (« … », acronyms' expansions) or anything but `&`, `|` and prefixes go to SQL:
 * they need word positions, which the index does not keep.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/open';
import { queryRows } from '@/lib/db/raw';

/** What a lexeme occurrence says about its document, per filter a tier is decided by. */
const IN_TITLE = 1;
const IN_SUMMARY = 2;
const IN_META = 4; // title, summary or body
const ANYWHERE = 8; // the above or the attached files' text

type Posting = { docs: Int32Array; bits: Uint8Array; length: number };

/** Which vector a search reads: `tsv` (French pages) or `tsv_en` (English pages). */
export type IndexLanguage = 'fr' | 'en';

export type SearchIndex = Index;

type Index = {
  generation: number;
  /** Per document slot: its row id, version, area, kind, date and publication time (ms, NaN when none). */
  ids: number[];
  versions: string[];
  areas: string[];
  sources: string[];
  dates: number[];
  published: number[];
  alive: boolean[];
  /** Per slot, as numbers for the counts: area and kind (indexes in `codes`), year (0 when undated). */
  areaCodes: number[];
  sourceCodes: number[];
  years: number[];
  codes: string[];
  dead: number;
  entries: number;
  bySlot: Map<number, number>;
  postings: Record<IndexLanguage, Map<string, Posting>>;
  /** Lexemes in order, for prefixes; rebuilt when a new lexeme came in. */
  sorted: Record<IndexLanguage, string[] | null>;
  /** Live slots, newest first (date, then row id): the order within a tier; rebuilt after a change. */
  rankOrder: Int32Array | null;
};

type Store = { index: Index | null; refreshing: Promise<void> | null; failedAt: number; disabled: boolean; answered: number };
/** Per database handle (one per process; tests open several), on `globalThis` since Next loads modules several times. */
const g = globalThis as typeof globalThis & { __insstatSearchMemory?: WeakMap<Db, Store> };
function store(db: Db): Store {
  g.__insstatSearchMemory ??= new WeakMap();
  let s = g.__insstatSearchMemory.get(db);
  if (!s) g.__insstatSearchMemory.set(db, (s = { index: null, refreshing: null, failedAt: 0, disabled: false, answered: 0 }));
  return s;
}

const emptyIndex = (): Index => ({
  generation: -1,
  ids: [],
  versions: [],
  areas: [],
  sources: [],
  dates: [],
  published: [],
  alive: [],
  areaCodes: [],
  sourceCodes: [],
  years: [],
  codes: [],
  dead: 0,
  entries: 0,
  bySlot: new Map(),
  postings: { fr: new Map(), en: new Map() },
  sorted: { fr: null, en: null },
  rankOrder: null,
});

function codeOf(index: Index, value: string): number {
  let code = index.codes.indexOf(value);
  if (code === -1) code = index.codes.push(value) - 1;
  return code;
}

/** The lexemes of a tsvector's text form (`'prix':1A,7 'riz':2A`) with the parts they occur in. */
export function readTsvector(text: string): Array<[string, number]> {
  const out: Array<[string, number]> = [];
  const re = /'((?:[^'\\]|''|\\.)*)'(?::([0-9A-D,]+))?/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const lexeme = m[1]!.replace(/''/g, "'").replace(/\\(.)/g, '$1');
    const positions = m[2];
    let bits = ANYWHERE;
    if (positions === undefined) {
      // A vector without positions (never written by our columns): count it as the files' text.
    } else {
      for (const p of positions.split(',')) {
        const weight = p.at(-1);
        if (weight === 'A') bits |= IN_TITLE | IN_META;
        else if (weight === 'B') bits |= IN_SUMMARY | IN_META;
        else if (weight === 'C') bits |= IN_META;
      }
    }
    out.push([lexeme, bits]);
  }
  return out;
}

function addEntry(index: Index, language: IndexLanguage, lexeme: string, slot: number, bits: number): void {
  let p = index.postings[language].get(lexeme);
  if (!p) {
    p = { docs: new Int32Array(4), bits: new Uint8Array(4), length: 0 };
    index.postings[language].set(lexeme, p);
    index.sorted[language] = null;
  }
  if (p.length === p.docs.length) {
    const docs = new Int32Array(p.docs.length * 2);
    docs.set(p.docs);
    const b = new Uint8Array(p.bits.length * 2);
    b.set(p.bits);
    p.docs = docs;
    p.bits = b;
  }
  p.docs[p.length] = slot;
  p.bits[p.length] = bits;
  p.length++;
  index.entries++;
}

function kill(index: Index, id: number): void {
  const slot = index.bySlot.get(id);
  if (slot === undefined) return;
  index.alive[slot] = false;
  index.bySlot.delete(id);
  index.dead++;
}

type LightRow = {
  id: number | string;
  v: string;
  area: string;
  source: string;
  date: number | string | null;
  published: number | string | null;
};

const msOf = (v: number | string | null) => (v === null ? Number.NaN : Number(v));

/**
 * Brings `index` to the database's current generation, in one snapshot. Returns false when the
 * index has too many dead entries (the caller builds a new one).
 */
async function catchUp(db: Db, index: Index, publicAreas: readonly string[]): Promise<void> {
  const areasSql: SQL = sql`array[${sql.join(publicAreas.length ? publicAreas.map((a) => sql`${a}`) : [sql`''`], sql`, `)}]::text[]`;
  await db.transaction(
    async (tx) => {
      const t = tx as unknown as Db;
      const generation = await readSearchGeneration(t);
      if (generation === index.generation) return;
      const rows = await queryRows<LightRow>(
        t,
        sql`select id, xmin::text as v, area, source,
                   extract(epoch from date) * 1000 as date, extract(epoch from published_at) * 1000 as published
            from search_documents
            where status = 'published' and deleted_at is null and area = any(${areasSql})`,
      );
      const seen = new Set<number>();
      const changed: LightRow[] = [];
      for (const row of rows) {
        const id = Number(row.id);
        seen.add(id);
        const slot = index.bySlot.get(id);
        if (slot === undefined || index.versions[slot] !== row.v) changed.push(row);
      }
      const vectors = new Map<number, { fr: string; en: string }>();
      for (let i = 0; i < changed.length; i += 500) {
        const ids = changed.slice(i, i + 500).map((r) => Number(r.id));
        // The English vector only where it differs (an item with some English): else the French one serves both.
        const got = await queryRows<{ id: number | string; t: string; en: string | null }>(
          t,
          sql`select id, tsv::text as t, case when title_en <> '' or summary_en <> '' or body_en <> '' then tsv_en::text end as en
              from search_documents where id = any(${`{${ids.join(',')}}`}::bigint[])`,
        );
        for (const r of got) vectors.set(Number(r.id), { fr: r.t, en: r.en ?? r.t });
      }
      // Everything read: applied at once, so a search never sees half of it.
      const deadBefore = index.dead;
      for (const id of [...index.bySlot.keys()]) if (!seen.has(id)) kill(index, id);
      for (const row of changed) {
        const id = Number(row.id);
        kill(index, id);
        const slot = index.ids.length;
        index.ids.push(id);
        index.versions.push(row.v);
        index.areas.push(row.area);
        index.sources.push(row.source);
        const date = msOf(row.date);
        index.dates.push(date);
        index.published.push(msOf(row.published));
        index.alive.push(true);
        index.areaCodes.push(codeOf(index, row.area));
        index.sourceCodes.push(codeOf(index, row.source));
        index.years.push(Number.isNaN(date) ? 0 : new Date(date).getUTCFullYear());
        index.bySlot.set(id, slot);
        const vector = vectors.get(id);
        for (const [lexeme, bits] of readTsvector(vector?.fr ?? '')) addEntry(index, 'fr', lexeme, slot, bits);
        for (const [lexeme, bits] of readTsvector(vector?.en ?? '')) addEntry(index, 'en', lexeme, slot, bits);
      }
      if (changed.length || index.dead !== deadBefore) index.rankOrder = null;
      index.generation = generation;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

const tooManyDead = (index: Index) => index.dead > 1_000 && index.dead * 4 > index.ids.length;

/**
 * Catches the index up with the database (built the first time, again from scratch when a quarter
 * of it is dead). One run at a time; resolves once done, never rejects (a failure is reported and
 * the search keeps using SQL; the next search after 10 s tries again).
 */
export function refreshSearchIndex(db: Db, publicAreas: readonly string[]): Promise<void> {
  const s = store(db);
  s.refreshing ??= (async () => {
    try {
      const current = s.index && !tooManyDead(s.index) ? s.index : null;
      if (current) {
        await catchUp(db, current, publicAreas);
      } else {
        // Built aside: the old index (if any) keeps serving its generation meanwhile.
        const fresh = emptyIndex();
        await catchUp(db, fresh, publicAreas);
        s.index = fresh;
      }
    } catch (error) {
      s.failedAt = Date.now();
      console.error('Index de recherche en mémoire : mise à jour impossible (la recherche passe par la base).', error);
    } finally {
      s.refreshing = null;
    }
  })();
  return s.refreshing;
}

/** The index's generation now (raised in every transaction that changes `search_documents`). */
export async function readSearchGeneration(db: Db): Promise<number> {
  const [row] = await queryRows<{ generation: number | string }>(db, sql`select generation from search_generation where id = 1`);
  return Number(row?.generation ?? 0);
}

/** The index, if it is at `generation` (or newer); otherwise null, and it starts catching up. */
export function indexAt(db: Db, generation: number, publicAreas: readonly string[]): Index | null {
  const s = store(db);
  if (s.disabled) return null;
  if (s.index && s.index.generation >= generation) return s.index;
  if (!s.refreshing && Date.now() - s.failedAt > 10_000) void refreshSearchIndex(db, publicAreas);
  return null;
}

/** Turns the index off (every search in SQL) or on again, for this database handle (tests). */
export function enableSearchIndex(db: Db, enabled: boolean): void {
  const s = store(db);
  s.disabled = !enabled;
  if (!enabled) s.index = null;
}

/** Counts a search answered from the index (tests check the index was used). */
export function countIndexAnswer(db: Db): void {
  store(db).answered++;
}

/** Searches answered from the index so far. */
export const indexAnswers = (db: Db): number => store(db).answered;

/** Size of the index, for the bench. */
export function searchIndexSize(db: Db): { documents: number; lexemes: number; entries: number; bytes: number } | null {
  const index = store(db).index;
  if (!index) return null;
  let bytes = 0;
  for (const postings of [index.postings.fr, index.postings.en])
    for (const [lexeme, p] of postings) bytes += p.docs.byteLength + p.bits.byteLength + lexeme.length * 2 + 64;
  bytes += index.ids.length * 64;
  return { documents: index.bySlot.size, lexemes: index.postings.fr.size + index.postings.en.size, entries: index.entries, bytes };
}

// — Queries —

type Node = { op: '&' | '|'; left: Node; right: Node } | { lexeme: string; prefix: boolean };
/** A query the index can answer: words and prefixes joined by `&` and `|`. */
export type QueryTree = Node;

/**
 * The tree of a tsquery's text form (`'prix' & ( 'riz' | 'riz':* )`), or null when it holds what
 * the index cannot answer (phrases `<->`, negations, weights). An empty text is an empty tree.
 */
export function readTsquery(text: string): Node | null | 'empty' {
  const tokens: Array<string | { lexeme: string; prefix: boolean }> = [];
  const re = /\s*(?:'((?:[^'\\]|''|\\.)*)'(:[*A-D]+)?|(&|\||\(|\))|(\S))/gy;
  let end = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    end = re.lastIndex;
    if (m[4] !== undefined) return null;
    if (m[3] !== undefined) tokens.push(m[3]);
    else {
      const flags = m[2] ?? '';
      if (/[A-D]/.test(flags)) return null;
      tokens.push({ lexeme: m[1]!.replace(/''/g, "'").replace(/\\(.)/g, '$1'), prefix: flags.includes('*') });
    }
  }
  if (text.slice(end).trim() !== '') return null;
  if (tokens.length === 0) return 'empty';
  let i = 0;
  // Precedence as in Postgres: & binds tighter than |.
  const binary = (op: '&' | '|', operand: () => Node | null) => (): Node | null => {
    let left = operand();
    while (left && tokens[i] === op) {
      i++;
      const right = operand();
      if (!right) return null;
      left = { op, left, right };
    }
    return left;
  };
  const and = binary('&', () => atom());
  const or = binary('|', and);
  const atom = (): Node | null => {
    const t = tokens[i++];
    if (t === '(') {
      const inner = or();
      if (tokens[i++] !== ')') return null;
      return inner;
    }
    return typeof t === 'object' ? t : null;
  };
  const tree = or();
  return tree && i === tokens.length ? tree : null;
}

function sortedLexemes(index: Index, language: IndexLanguage): string[] {
  index.sorted[language] ??= [...index.postings[language].keys()].sort();
  return index.sorted[language];
}

function leafBits(index: Index, language: IndexLanguage, lexeme: string, prefix: boolean): Uint8Array {
  const postings = index.postings[language];
  const out = new Uint8Array(index.ids.length);
  const fill = (p: Posting | undefined) => {
    if (!p) return;
    for (let k = 0; k < p.length; k++) out[p.docs[k]!]! |= p.bits[k]!;
  };
  if (!prefix) {
    fill(postings.get(lexeme));
    return out;
  }
  const sorted = sortedLexemes(index, language);
  const lo = firstNotBelow(sorted, lexeme);
  for (let k = lo; k < sorted.length && sorted[k]!.startsWith(lexeme); k++) fill(postings.get(sorted[k]!));
  return out;
}

function evaluate(index: Index, language: IndexLanguage, node: Node): Uint8Array {
  if ('lexeme' in node) return leafBits(index, language, node.lexeme, node.prefix);
  const a = evaluate(index, language, node.left);
  const b = evaluate(index, language, node.right);
  if (node.op === '&') for (let k = 0; k < a.length; k++) a[k]! &= b[k]!;
  else for (let k = 0; k < a.length; k++) a[k]! |= b[k]!;
  return a;
}

function rankOrder(index: Index): Int32Array {
  if (!index.rankOrder) {
    const live = [...index.bySlot.values()];
    const dateOf = (slot: number) => (Number.isNaN(index.dates[slot]!) ? -Infinity : index.dates[slot]!);
    // Newest first, undated last, then the newest row: the SQL's `date desc nulls last, id desc`.
    live.sort((a, b) => dateOf(b) - dateOf(a) || index.ids[b]! - index.ids[a]!);
    index.rankOrder = Int32Array.from(live);
  }
  return index.rankOrder;
}

export type IndexFilters = { area?: string; kind?: string; year?: number };
export type FacetCount = { facet: 'area' | 'kind' | 'year' | 'total'; value: string | null; n: number };

/**
 * One page of a query's public matches at `now`, in rank order, with their tier — 3 the whole
 * query in the title, 2 in the summary, 1 in the title, summary and body together, 0 only with the
 * files' text (the SQL's tiers, migration 0007's weights A, B, C and D) — and the counts by area,
 * kind and year, each ignoring its own filter.
 */
export function memoryPage(
  index: Index,
  tree: Node | 'empty',
  now: number,
  filters: IndexFilters,
  offset: number,
  limit: number,
  language: IndexLanguage = 'fr',
): { facets: FacetCount[]; top: Array<{ id: number; tier: number }> } {
  const slots = index.ids.length;
  const tiers = new Int8Array(slots).fill(-1);
  if (tree !== 'empty') {
    const bits = evaluate(index, language, tree);
    for (let slot = 0; slot < slots; slot++) {
      const b = bits[slot]!;
      if (b & ANYWHERE && index.alive[slot] && index.published[slot]! <= now)
        tiers[slot] = b & IN_TITLE ? 3 : b & IN_SUMMARY ? 2 : b & IN_META ? 1 : 0;
    }
  }
  const area = filters.area === undefined ? -1 : index.codes.indexOf(filters.area);
  const kind = filters.kind === undefined ? -1 : index.codes.indexOf(filters.kind);
  const year = filters.year ?? 0;
  // A filter naming nothing the index holds keeps nothing.
  const noArea = filters.area !== undefined && area === -1;
  const noKind = filters.kind !== undefined && kind === -1;
  const areaCounts = new Map<number, number>();
  const kindCounts = new Map<number, number>();
  const yearCounts = new Map<number, number>();
  const byTier = [0, 0, 0, 0];
  const bump = (m: Map<number, number>, k: number) => m.set(k, (m.get(k) ?? 0) + 1);
  for (let slot = 0; slot < slots; slot++) {
    const tier = tiers[slot]!;
    if (tier < 0) continue;
    const a = index.areaCodes[slot]!;
    const k = index.sourceCodes[slot]!;
    const y = index.years[slot]!;
    const okArea = !noArea && (area === -1 || a === area);
    const okKind = !noKind && (kind === -1 || k === kind);
    const okYear = year === 0 || y === year;
    if (okKind && okYear) bump(areaCounts, a);
    if (okArea && okYear) bump(kindCounts, k);
    if (okArea && okKind && y !== 0) bump(yearCounts, y);
    if (okArea && okKind && okYear) byTier[tier]!++;
    else tiers[slot] = -1;
  }
  const total = byTier[0]! + byTier[1]! + byTier[2]! + byTier[3]!;
  const facets: FacetCount[] = [{ facet: 'total', value: null, n: total }];
  for (const [a, n] of areaCounts) facets.push({ facet: 'area', value: index.codes[a]!, n });
  for (const [k, n] of kindCounts) facets.push({ facet: 'kind', value: index.codes[k]!, n });
  for (const [y, n] of yearCounts) facets.push({ facet: 'year', value: String(y), n });

  // The page: best tier first, newest first within a tier; tiers wholly before the page are skipped.
  const top: Array<{ id: number; tier: number }> = [];
  const order = rankOrder(index);
  let skip = offset;
  for (let tier = 3; tier >= 0 && top.length < limit; tier--) {
    if (skip >= byTier[tier]!) {
      skip -= byTier[tier]!;
      continue;
    }
    for (let k = 0; k < order.length && top.length < limit; k++) {
      const slot = order[k]!;
      if (tiers[slot] !== tier) continue;
      if (skip > 0) skip--;
      else top.push({ id: index.ids[slot]!, tier });
    }
  }
  return { facets, top };
}

/** Whether the document in `slot` holds `lexeme` (or, for a prefix, a lexeme starting with it) in its vector. */
function holds(index: Index, language: IndexLanguage, slot: number, lexeme: string, prefix: boolean): boolean {
  const postings = index.postings[language];
  // A posting lists its documents by slot, ascending (slots are only ever added at the end).
  const has = (p: Posting | undefined) => {
    if (!p) return false;
    let lo = 0;
    let hi = p.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (p.docs[mid]! < slot) lo = mid + 1;
      else hi = mid;
    }
    return lo < p.length && p.docs[lo] === slot;
  };
  if (!prefix) return has(postings.get(lexeme));
  const sorted = sortedLexemes(index, language);
  const lo = firstNotBelow(sorted, lexeme);
  for (let k = lo; k < sorted.length && sorted[k]!.startsWith(lexeme); k++) if (has(postings.get(sorted[k]!))) return true;
  return false;
}

/**
 * The query as it reads in one document (row `id`): each word its vector does not hold is false
 * there, so it is dropped — an `|` keeps its other side, an `&` with a false side is false — or
 * null when nothing is left (or the document is not in the index). Postgres' `ts_headline` marks
 * the words of a text that equal one of the query's words and picks its fragment by evaluating the
 * query over those marks: a word that occurs nowhere in the text marks nothing and is false in every
 * fragment, so the query read here gives the same excerpt of any text whose words are all in the
 * document's vector (the vector is read from the same texts with the same configurations) — and
 * distinct queries (« prix 2023 », « prix riz ») give the same excerpts of the documents that hold
 * only « prix » (./query.ts keeps them).
 */
export function queryInDocument(index: Index, tree: Node, id: number, language: IndexLanguage = 'fr'): Node | null {
  const slot = index.bySlot.get(id);
  if (slot === undefined) return null;
  const read = (node: Node): Node | null => {
    if ('lexeme' in node) return holds(index, language, slot, node.lexeme, node.prefix) ? node : null;
    const left = read(node.left);
    const right = read(node.right);
    if (node.op === '&') return left && right ? { op: '&', left, right } : null;
    return left && right ? { op: '|', left, right } : (left ?? right);
  };
  return read(tree);
}

/** A query tree as tsquery text (each operation in parentheses), which `readTsquery` and Postgres read back as it. */
export function tsqueryText(node: Node): string {
  if ('lexeme' in node) return `'${node.lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'${node.prefix ? ':*' : ''}`;
  return `( ${tsqueryText(node.left)} ${node.op} ${tsqueryText(node.right)} )`;
}

/** The first position of `sorted` whose lexeme is not below `lexeme` (where its prefix matches begin). */
function firstNotBelow(sorted: readonly string[], lexeme: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < lexeme) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
