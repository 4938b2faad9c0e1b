/**
 * Distinct searches without a whole render, under the production server (scripts/production-server.ts).
 *
 * A search page is the site's frame (header, menus, footer, and the same again in the inline RSC
 * payload: ~120 KB, ~40 ms of CPU to render) around what depends on the address: the title (head
 * and payload), the block below the page's heading — the form with the query, then the results or
 * the prompt (`searchBlock`, ./page-html.ts, which the route renders as one HTML string) — and the
 * address itself in the payload (its canonical URL and search), with the numbers that follow
 * their lengths (typed-array chunk lengths, the byte offsets the client cuts the payload at). The
 * server keeps, per language, one copy of a page Next rendered, cut there (in the HTML, and in
 * the payload once its scripts are joined into one), and answers `GET /recherche?q=…` from it with
 * those parts of the address filled in: the document Next would send (the payload describes the
 * same page, so hydration changes nothing), for the cost of the search itself.
 *
 * A copy is only used when it is certain: the query Next rendered appears nowhere else in the page,
 * in any of its encodings (no part that depends on it was missed), the copy filled with that query
 * gives Next's page back, and it gives a second page Next rendered for another query exactly (but
 * the random keys of the metadata's boundaries). Otherwise Next keeps answering. The copy follows
 * the page cache's generation (every write: the frame shows the institute's name and areas) and
 * time, like the 404 copies (lib/http/not-found.ts); past its time, one request checks it against
 * Next's page while the others still get it. The block is rendered for every answer, from the
 * visitors' search cache (./cache.ts), which follows the search index: a save is visible to the
 * next search.
 *
 * Only plain document GETs of the page's addresses (written as the URL parser writes them, each
 * parameter once), with no session, a query of three characters or more and a block long enough
 * for React to write it as a text row of its own (`TEXT_ROW_MIN`): anything else, and every answer
 * under `next start` or on serverless hosts, is Next's.
 *
 * Nothing of a copy outlives the process: after a restart or a deploy (another build, another
 * Next), the first distinct searches go to Next again until a new copy has given one of its pages
 * exactly. If Next's payload changes shape, the copy is refused (logged once) and Next keeps
 * answering; e2e/search-fast.spec.ts fails then, as it waits for the copy and compares it with Next.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import { chunkBuffer, isNextRequest, PER_ANSWER_HEADERS } from '@/lib/http/replay';
import { compileTemplate, fillTemplate, type Template } from '@/lib/http/template';
import { shortTitle } from '@/lib/i18n/format';
import type { Locale } from '@/lib/i18n/locales';
import { localePath } from '@/lib/i18n/paths';
import { escapeHtml, searchPageTitle } from './page-html';
import { readSearchParams, type SearchPageParams } from './params';

/** The header on an answer from the copy (`1`). */
export const COPY_HEADER = 'x-search-copy';

/** What fills a copy's holes: the page's title and block, and the address as Next writes it in the payload. */
export type Values = {
  title: string;
  block: string;
  /** The address's last segment and query (`recherche?q=prix+riz`): the payload's canonical URL ends with it. */
  path: string;
  /** The query as Next re-encodes it (`?q=prix%20riz`, its `getRenderedSearch`), or ''. */
  search: string;
};

/** A hole filled from the values. */
type Primary = 'htmlTitle' | 'htmlBlock' | 'title' | 'block' | 'path' | 'search';
/**
 * A number of the payload that follows the holes' lengths: a typed-array row's byte length (hex)
 * around a hole, or a byte offset the client cuts the stream at (`a`, `l`: the shell's and the
 * static stage's lengths), each its value in the copy plus the change of the holes it counts.
 */
type Derived = { base: number; radix: 10 | 16; counts: number[] };
type Hole = { primary: Primary } | { derived: Derived };

/** A copy of the search page in one language, cut at its holes. */
export type SearchCopy = {
  template: Template;
  holes: Hole[];
  /** Each primary hole's byte length in the page the copy was taken from (`null` for those in the HTML). */
  lengths: (number | null)[];
  /** What follows the page's own name in its title (` | INSSTAT`, lib/seo.ts). */
  titleSuffix: string;
  headers: OutgoingHttpHeaders;
  generation: number;
  at: number;
  /** When a request started checking the copy, past its time, against Next's page. */
  refreshingSince?: number;
};

/**
 * The shortest string React writes as a text row of its own (`<id>:T<length>,…`; shorter ones are
 * inline in their element's row): react-server-dom's `1024 <= value.length`, in UTF-16 units.
 */
export const TEXT_ROW_MIN = 1024;

/** How long a check of a copy against Next's page may take before another request tries again. */
const REFRESH_TIMEOUT_MS = 10_000;

/** Next's inline RSC payload: `self.__next_f.push([1,"…"])` scripts (use-flight-response.js). */
const PUSH = /<script( nonce="[^"]*")?>self\.__next_f\.push\(([\s\S]*?)\)<\/script>/g;
const SCRIPT_ESCAPES: Record<string, string> = {
  '&': '\\u0026',
  '<': '\\u003c',
  '>': '\\u003e',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};
/** Text of the payload as it is written inside its script's string (JSON, then Next's `htmlEscapeJsonString`). */
const inScript = (flight: string) =>
  JSON.stringify(flight)
    .slice(1, -1)
    .replace(/[&<>\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c]!);
/** A string as it is written inside a JSON string. */
const inJson = (s: string) => JSON.stringify(s).slice(1, -1);
/** React's text row for a long string: `<id>:T<byte length in hex>,<text>`; the hole starts after the id's colon. */
const textRow = (s: string) => `T${Buffer.byteLength(s, 'utf8').toString(16)},${s}`;
const bytes = (s: string) => Buffer.byteLength(s, 'utf8');
/** UTF-8 text as one character per byte (indices are byte offsets), and back. */
const asBytes = (s: string) => Buffer.from(s, 'utf8').toString('latin1');
const fromBytes = (s: string) => Buffer.from(s, 'latin1').toString('utf8');

/** A primary hole's text in the payload (before the script's escaping), or in the HTML. */
function primaryText(kind: Primary, v: Values): string {
  switch (kind) {
    case 'htmlTitle':
      return escapeHtml(v.title);
    case 'htmlBlock':
      return v.block;
    case 'title':
      return `"${inJson(v.title)}"`;
    case 'block':
      return textRow(v.block);
    case 'path':
      return `"${inJson(v.path)}"`;
    case 'search':
      return `"q":"${inJson(v.search)}"`;
  }
}

/** The address's values for the payload (`path`, `search`) from a canonical URL. */
export function addressValues(url: string): Pick<Values, 'path' | 'search'> {
  const [pathname, query = ''] = url.split(/\?(.*)/s, 2) as [string, string?];
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  const pairs = [...new URLSearchParams(query)].map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`);
  return { path: query ? `${last}?${query}` : last, search: pairs.length ? `?${pairs.join('&')}` : '' };
}

/** Occurrences of the needles in `text`, the earliest first (the longest at one place), never overlapping. */
function find(text: string, needles: { kind: Primary; text: string }[]): { kind: Primary; start: number; end: number }[] {
  const found: { kind: Primary; start: number; end: number }[] = [];
  let from = 0;
  for (;;) {
    let best: { kind: Primary; start: number; end: number } | null = null;
    for (const n of needles) {
      if (!n.text) continue;
      const at = text.indexOf(n.text, from);
      if (at >= 0 && (!best || at < best.start || (at === best.start && at + n.text.length > best.end)))
        best = { kind: n.kind, start: at, end: at + n.text.length };
    }
    if (!best) return found;
    found.push(best);
    from = best.end;
  }
}

/** A row of the payload (byte offsets): `<id>:` then a length-prefixed chunk (`T`, typed arrays) or a line. */
type Row = { id: string; start: number; tag: string; hex?: { start: number; end: number }; content: number; end: number };
const BINARY_TAGS = new Set('TAOoUSsLlGgMmVb');

/**
 * The payload's rows, each whole (a length-prefixed chunk runs on into the next row without a
 * newline), or null when unreadable: to compare two payloads whatever the order of their rows.
 */
export function payloadRows(flight: string): string[] | null {
  // Lengths count UTF-8 bytes: cut the bytes, give back text.
  const bytes = asBytes(flight);
  return parseRows(bytes)?.map((row) => fromBytes(bytes.slice(row.start, row.end))) ?? null;
}

function parseRows(flight: string): Row[] | null {
  const rows: Row[] = [];
  let at = 0;
  while (at < flight.length) {
    // Hints (`:HL[…]`) have no id.
    const id = /^[0-9a-f]*:/.exec(flight.slice(at, at + 12))?.[0].slice(0, -1);
    if (id === undefined) return null;
    const tagAt = at + id.length + 1;
    const binary = BINARY_TAGS.has(flight[tagAt] ?? '') ? /^([0-9a-f]+),/.exec(flight.slice(tagAt + 1, tagAt + 12)) : null;
    if (binary) {
      const content = tagAt + 1 + binary[0].length;
      const end = content + parseInt(binary[1]!, 16);
      if (end > flight.length) return null;
      rows.push({ id, start: at, tag: flight[tagAt]!, hex: { start: tagAt + 1, end: tagAt + 1 + binary[1]!.length }, content, end });
      at = end;
    } else {
      const newline = flight.indexOf('\n', tagAt);
      if (newline < 0) return null;
      rows.push({ id, start: at, tag: '', content: tagAt, end: newline + 1 });
      at = newline + 1;
    }
  }
  return rows;
}

/** The byte offsets a stream's first row names (`"a":"$@1b"` → row `1b:27977`): where in `text` its number is. */
function offsetRows(rows: Row[], text: string, base: number): { start: number; end: number; value: number }[] | null {
  const first = rows.find((r) => r.id === '0' && r.tag === '');
  if (!first) return [];
  const head = text.slice(first.content - base, first.end - base);
  const out: { start: number; end: number; value: number }[] = [];
  for (const m of head.matchAll(/"[al]":"\$@([0-9a-f]+)"/g)) {
    const row = rows.find((r) => r.id === m[1] && r.tag === '');
    const number = row && /^(\d+)\n$/.exec(text.slice(row.content - base, row.end - base));
    if (!row || !number) return null;
    out.push({ start: row.content, end: row.content + number[1]!.length, value: Number(number[1]) });
  }
  return out;
}

/**
 * The page with its payload scripts joined into one, where the last of them was (the client reads
 * `self.__next_f` in order; joining changes no byte of the payload). Null when the payload holds
 * anything but text (binary chunks, form state).
 */
export function joinPayload(html: string): { before: string; flight: string; after: string; open: string } | null {
  const pushes = [...html.matchAll(PUSH)];
  if (pushes.length === 0) return null;
  let flight = '';
  for (const m of pushes) {
    let data: unknown;
    try {
      data = JSON.parse(m[2]!);
    } catch {
      return null;
    }
    if (!Array.isArray(data) || data[0] !== 1 || typeof data[1] !== 'string' || data.length !== 2) return null;
    flight += data[1];
  }
  const last = pushes.at(-1)!;
  let before = '';
  let from = 0;
  for (const m of pushes.slice(0, -1)) {
    before += html.slice(from, m.index);
    from = m.index + m[0].length;
  }
  before += html.slice(from, last.index);
  const open = `<script${last[1] ?? ''}>self.__next_f.push([1,"`;
  return { before, flight, after: html.slice(last.index + last[0].length), open };
}

/** The document Next would send for `values`, from a copy (tests compare it to Next's). */
export function fillCopy(copy: Pick<SearchCopy, 'template' | 'holes' | 'lengths'>, values: Values, gzip = false): Buffer {
  const texts: string[] = [];
  const change: number[] = [];
  const holes = copy.holes.map((hole, i) => {
    if ('primary' in hole) {
      const text = primaryText(hole.primary, values);
      texts[i] = text;
      const length = copy.lengths[i];
      change[i] = length === null || length === undefined ? 0 : bytes(text) - length;
      return hole.primary === 'htmlTitle' || hole.primary === 'htmlBlock' ? text : inScript(text);
    }
    return '';
  });
  copy.holes.forEach((hole, i) => {
    if ('derived' in hole)
      holes[i] = (hole.derived.base + hole.derived.counts.reduce((sum, j) => sum + change[j]!, 0)).toString(hole.derived.radix);
  });
  return fillTemplate(copy.template, holes, gzip);
}

/** Why a rendered page cannot be kept as a copy (logged once per reason), or the copy. */
export type Taken = { copy: SearchCopy } | { refused: string };

/** Response headers rebuilt for each answer, or meaningless for another body. */
const DROPPED = new Set<string>([...PER_ANSWER_HEADERS, 'content-length', 'content-encoding', 'etag', 'set-cookie']);

/**
 * A copy of the search page from Next's page for the query `q` (`values`: its title and block as
 * ./page-html.ts renders them for that address, the address as the payload writes it), or why not.
 */
export function takeCopy(
  rendered: { html: string; headers: OutgoingHttpHeaders },
  q: string,
  values: Values,
  titleSuffix: string,
  generation: number,
): Taken {
  const joined = joinPayload(rendered.html);
  if (!joined) return { refused: 'données RSC illisibles' };
  // HTML: the title (head) and the block (main).
  const page = find(joined.before, [
    { kind: 'htmlTitle', text: escapeHtml(values.title) },
    { kind: 'htmlBlock', text: values.block },
  ]);
  // Payload, in bytes: the title's strings, the block's text row (long strings are rows of their
  // own: in a copy the block always is one, so a short block is a short row), the address.
  const flight = asBytes(joined.flight);
  const rows = parseRows(flight);
  if (!rows) return { refused: 'données RSC illisibles' };
  const found = find(
    flight,
    (['title', 'block', 'path', 'search'] as const).map((kind) => ({ kind, text: asBytes(primaryText(kind, values)) })),
  );
  const count = (list: { kind: Primary }[], kind: Primary) => list.filter((h) => h.kind === kind).length;
  if (count(page, 'htmlBlock') !== 1 || count(found, 'block') !== 1) return { refused: 'bloc introuvable (trop court ?)' };
  if (count(page, 'htmlTitle') < 1 || count(found, 'title') < 1) return { refused: 'titre introuvable' };
  const blockRow = rows.find((r) => r.tag === 'T' && r.start + r.id.length + 1 === found.find((f) => f.kind === 'block')!.start);
  if (!blockRow) return { refused: 'bloc hors de sa ligne RSC' };

  // Numbers that follow the holes' lengths.
  type Spot = { start: number; end: number; hole: Hole };
  const spots: Spot[] = found.map((f) => ({ start: f.start, end: f.end, hole: { primary: f.kind } }));
  const primaries = spots.map((_, i) => i);
  const inside = (from: number, to: number) => primaries.filter((i) => spots[i]!.start >= from && spots[i]!.end <= to);
  const straddles = (from: number, to: number) =>
    primaries.some((i) => spots[i]!.start < to && spots[i]!.end > from && !(spots[i]!.start >= from && spots[i]!.end <= to));
  for (const row of rows) {
    if (!row.hex || row === blockRow) continue;
    if (straddles(row.content, row.end)) return { refused: 'trou à cheval sur deux morceaux RSC' };
    const counts = inside(row.content, row.end);
    if (counts.length) spots.push({ ...row.hex, hole: { derived: { base: row.end - row.content, radix: 16, counts } } });
  }
  // The outer stream's offsets, then those of each stream of typed-array chunks (its rows rebuilt).
  const outer = offsetRows(rows, flight, 0);
  if (!outer) return { refused: 'longueurs RSC illisibles' };
  for (const o of outer)
    spots.push({
      start: o.start,
      end: o.end,
      hole: { derived: { base: o.value, radix: 10, counts: primaries.filter((i) => spots[i]!.end <= o.value) } },
    });
  for (const id of new Set(rows.filter((r) => r.tag === 'o').map((r) => r.id))) {
    const chunks = rows.filter((r) => r.id === id && r.tag === 'o');
    const text = chunks.map((c) => flight.slice(c.content, c.end)).join('');
    // A stream of rows, after a marker byte (`~`) when it has one.
    const skip = /^[0-9a-f]*:/.test(text) ? 0 : 1;
    const nested = parseRows(text.slice(skip));
    if (!nested) continue;
    const at = (n: number) => {
      // A position in the nested stream, in the outer text.
      let offset = n;
      for (const c of chunks) {
        if (offset < c.end - c.content) return c.content + offset;
        offset -= c.end - c.content;
      }
      return offset === 0 ? chunks.at(-1)!.end : -1;
    };
    const offsets = offsetRows(
      nested.map((r) => ({ ...r, start: r.start + skip, content: r.content + skip, end: r.end + skip })),
      text,
      0,
    );
    if (!offsets) return { refused: 'longueurs RSC imbriquées illisibles' };
    for (const o of offsets) {
      const start = at(o.start);
      if (start < 0 || at(o.end - 1) !== start + (o.end - o.start) - 1) return { refused: 'longueur RSC à cheval' };
      const counts = primaries.filter(
        (i) => chunks.some((c) => spots[i]!.start >= c.content && spots[i]!.end <= c.end) && at(o.value) > spots[i]!.start,
      );
      spots.push({ start, end: start + (o.end - o.start), hole: { derived: { base: o.value, radix: 10, counts } } });
    }
  }
  const primarySpots = primaries.map((i) => spots[i]!);
  spots.sort((a, b) => a.start - b.start);
  for (let i = 1; i < spots.length; i++) if (spots[i]!.start < spots[i - 1]!.end) return { refused: 'trous RSC qui se chevauchent' };

  // One text: the page up to the payload, the payload, the rest.
  const parts: string[] = [];
  const holes: Hole[] = [];
  const lengths: (number | null)[] = [];
  let from = 0;
  for (const h of page) {
    parts.push(joined.before.slice(from, h.start));
    holes.push({ primary: h.kind });
    lengths.push(null);
    from = h.end;
  }
  let tail = joined.before.slice(from) + joined.open;
  // Derived holes name primary holes by their index among the spots found: renumber them.
  const index = new Map<number, number>();
  from = 0;
  for (const spot of spots) {
    parts.push(tail + inScript(fromBytes(flight.slice(from, spot.start))));
    tail = '';
    if ('primary' in spot.hole) index.set(primarySpots.indexOf(spot), holes.length);
    holes.push(spot.hole);
    lengths.push('primary' in spot.hole ? spot.end - spot.start : null);
    from = spot.end;
  }
  parts.push(tail + inScript(fromBytes(flight.slice(from))) + `"])</script>${joined.after}`);
  for (const hole of holes)
    if ('derived' in hole) hole.derived = { ...hole.derived, counts: hole.derived.counts.map((i) => index.get(i)!) };

  // Nothing else may depend on the query: it appears in no constant part, however it is written.
  const encodings = new Set([q, escapeHtml(q), inJson(q), inScript(inJson(q)), inScript(inJson(inJson(q))), encodeURIComponent(q)]);
  encodings.add(new URLSearchParams({ q }).toString().slice(2));
  if (parts.some((p) => [...encodings].some((e) => p.includes(e)))) return { refused: 'la requête paraît ailleurs dans la page' };
  const copy: SearchCopy = {
    template: compileTemplate(parts),
    holes,
    lengths,
    titleSuffix,
    headers: keptHeaders(rendered.headers),
    generation,
    at: Date.now(),
  };
  // The copy filled with what Next rendered gives Next's page back (its payload joined).
  if (fillCopy(copy, values).toString('utf8') !== normalPage(joined)) return { refused: 'la copie ne redonne pas la page' };
  return { copy };
}

/**
 * Whether two pages are the same but for the random keys Next gives the metadata's boundaries in
 * each render (`["$","$L12","Fn13pQguXPdsg8mXkaAmQv",…]`, any value does).
 */
function samePage(a: string, b: string): boolean {
  const key = /\\"\$L[0-9a-f]+\\",\\"([A-Za-z0-9_-]{16,40})v\\"/;
  const ka = key.exec(a)?.[1];
  const kb = key.exec(b)?.[1];
  return a === (ka && kb && ka.length === kb.length ? b.replaceAll(kb, ka) : b);
}

/** Next's page with its payload joined (what a copy sends). */
function normalPage(joined: NonNullable<ReturnType<typeof joinPayload>>): string {
  return joined.before + joined.open + inScript(joined.flight) + `"])</script>` + joined.after;
}

function keptHeaders(headers: OutgoingHttpHeaders): OutgoingHttpHeaders {
  const kept: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !DROPPED.has(name)) kept[name] = value;
  return kept;
}

export type FastSearchOptions = {
  /** `/recherche` in each language (the French path, lib/content/addresses.ts). */
  path: string;
  locales: readonly Locale[];
  /** The block of an address (`searchBlock` on the process's database). */
  block: (params: SearchPageParams, locale: Locale) => Promise<string>;
  /** Bumped by every write, here or on another instance (the page cache's). */
  generation: () => number;
  /** How long a copy serves at most. */
  ttlMs: number;
  /** Whether a request carries a session (then Next answers: the back-office's links may differ). */
  hasSession: (req: IncomingMessage) => boolean;
  /** Told once per reason why a page could not be kept as a copy. */
  log?: (message: string) => void;
};

/**
 * The parameters of a search address, or null: another address, one written otherwise than the URL
 * parser writes it, or one naming a parameter twice (Next's payload writes those its own way).
 */
export function searchAddress(url: string, path: string, locale: Locale): SearchPageParams | null {
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://x');
  } catch {
    return null;
  }
  if (parsed.pathname + parsed.search !== url || parsed.pathname !== localePath(locale, path)) return null;
  const raw: Record<string, string> = {};
  for (const [key, value] of parsed.searchParams) {
    if (Object.hasOwn(raw, key)) return null;
    raw[key] = value;
  }
  return readSearchParams(raw);
}

/**
 * The production server's step for the search pages: an answer from the language's copy, or
 * Next's (kept as the copy when it can be). `next` is Next's request handler.
 */
export function createFastSearch(options: FastSearchOptions) {
  const pages = new Map(options.locales.map((locale) => [localePath(locale, options.path), locale]));
  const copies = new Map<Locale, SearchCopy>();
  /** A copy taken from one of Next's pages, used once it gives another of Next's pages exactly. */
  const candidates = new Map<Locale, SearchCopy>();
  const told = new Set<string>();
  const log = (message: string) => {
    if (told.has(message)) return;
    told.add(message);
    options.log?.(message);
  };
  /** A copy of this generation, fresh or not. */
  const ofGeneration = (copy: SearchCopy | undefined) =>
    copy !== undefined && copy.generation === options.generation() ? copy : undefined;
  const fresh = (copy: SearchCopy | undefined) => (copy !== undefined && Date.now() - copy.at < options.ttlMs ? copy : undefined);
  const current = (copy: SearchCopy | undefined) => fresh(ofGeneration(copy));
  const handler = (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const url = req.url ?? '/';
    const locale = pages.get(url.split('?')[0]!);
    const params =
      locale && req.method === 'GET' && !isNextRequest(req) && !options.hasSession(req) ? searchAddress(url, options.path, locale) : null;
    if (!locale || !params) return void next();
    const generation = options.generation();
    const copy = ofGeneration(copies.get(locale));
    // Only a query of three characters or more: its page can be checked for the parts that depend
    // on it, and Next lays out the page without one (the prompt) in another order.
    if (params.q.trim().length < 3) return void next();
    // Past its time, one request checks the copy against Next's page while the others still get it
    // (as the page cache refreshes its pages).
    const refreshing = copy?.refreshingSince !== undefined && Date.now() - copy.refreshingSince < REFRESH_TIMEOUT_MS;
    if (copy && (fresh(copy) || refreshing)) {
      options.block(params, locale).then(
        (block) => {
          // A block shorter than a text row is written inline by React, the rows after it numbered
          // otherwise: not this copy's page, Next's.
          if (block.length < TEXT_ROW_MIN) return void next();
          answer(req, res, copy, { title: shortTitle(searchPageTitle(params.q, locale), copy.titleSuffix), block, ...addressValues(url) });
        },
        (error: unknown) => {
          // Next answers (an outage: the page cache's copies and its 503 apply there).
          log(`Recherche : réponse sans Next impossible (${error instanceof Error ? error.message : String(error)}).`);
          next();
        },
      );
      return;
    }
    if (copy) copy.refreshingSince = Date.now();
    keepNextAnswer(res, (rendered) => {
      if (options.generation() !== generation || current(copies.get(locale))) return;
      void options.block(params, locale).then(
        (block) => {
          // The block read again for the same address: the same search, unless the index changed meanwhile.
          if (!rendered.html.includes(block) || options.generation() !== generation) return;
          // The site's suffix (` | INSSTAT`, lib/seo.ts), from a title that was not shortened.
          const titled = rendered.html.match(/<title>([^<]*)<\/title>/)?.[1] ?? '';
          const suffix = unescapeHtml(titled.slice(titled.lastIndexOf(' | ')));
          const title = shortTitle(searchPageTitle(params.q, locale), suffix);
          if (!titled.includes(' | ') || escapeHtml(title) !== titled) return;
          const values = { title, block, ...addressValues(url) };
          const joined = joinPayload(rendered.html);
          const gives = (c: SearchCopy) =>
            joined !== null && c.titleSuffix === suffix && samePage(fillCopy(c, values).toString('utf8'), normalPage(joined));
          // The copy past its time still gives Next's page: it serves for another while.
          if (copy && copies.get(locale) === copy) {
            if (gives(copy)) {
              copy.at = Date.now();
              copy.refreshingSince = undefined;
              return;
            }
            copies.delete(locale);
          }
          // A candidate from an earlier page must give this one exactly: then it serves.
          const candidate = current(candidates.get(locale));
          if (candidate && gives(candidate)) {
            candidates.delete(locale);
            copies.set(locale, candidate);
            return;
          }
          if (candidate) log('Recherche : la copie ne redonne pas une autre page de Next ; nouvel essai.');
          const taken = takeCopy(rendered, params.q, values, suffix, generation);
          if ('copy' in taken) candidates.set(locale, taken.copy);
          else log(`Recherche : page de Next non gardée comme copie (${taken.refused}).`);
        },
        () => undefined,
      );
    });
    next();
  };
  /** Whether a language's copy serves now (tests). */
  const hasCopy = (locale: Locale) => current(copies.get(locale)) !== undefined;
  return Object.assign(handler, { hasCopy });
}

const unescapeHtml = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|#x27);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'" })[e]!);

function answer(req: IncomingMessage, res: ServerResponse, copy: SearchCopy, values: Values): void {
  if (res.headersSent || res.destroyed) return;
  const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  const body = fillCopy(copy, values, gzip);
  // Set one by one, as Next does: the page cache reads them back to keep the answer.
  for (const [name, value] of Object.entries(copy.headers)) if (value !== undefined) res.setHeader(name, value);
  if (gzip) res.setHeader('content-encoding', 'gzip');
  res.setHeader('content-length', body.length);
  // Says the copy answered (tests, operators): Next may write its own payload in one script too (on
  // Postgres it often does), so the document alone does not tell. Not replayed by the page cache.
  res.setHeader(COPY_HEADER, '1');
  res.writeHead(200);
  res.end(body);
}

/**
 * Passes Next's answer through untouched and gives `keep` the page once it is whole, when it is a
 * 200 HTML page without a cookie (decompressed when Next gzipped it).
 */
function keepNextAnswer(res: ServerResponse, keep: (rendered: { html: string; headers: OutgoingHttpHeaders }) => void): void {
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  const chunks: Buffer[] = [];
  const hold = (chunk: unknown, encoding?: unknown) => {
    const buffer = chunkBuffer(chunk, encoding);
    if (buffer) chunks.push(buffer);
  };
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    hold(chunk, rest[0]);
    return write(chunk, ...rest);
  }) as ServerResponse['write'];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    hold(chunk, rest[0]);
    const result = end(chunk, ...rest);
    if (
      res.statusCode === 200 &&
      String(res.getHeader('content-type') ?? '').startsWith('text/html') &&
      res.getHeader('set-cookie') === undefined
    ) {
      const body = Buffer.concat(chunks);
      const headers = res.getHeaders();
      setImmediate(() => {
        try {
          const html = (headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(body) : body).toString('utf8');
          keep({ html, headers });
        } catch {
          // Another encoding, or a cut body: no copy from this one.
        }
      });
    }
    return result;
  }) as ServerResponse['end'];
}
