/**
 * Distinct searches without a whole render, under the production server (scripts/production-server.ts).
 *
 * A search page is the site's frame (header, menus, footer, and the same again in the inline RSC
 * payload: ~125 KB, ~40 ms of CPU to render) around two things that depend on the address: the
 * title (head and payload) and the block below the page's heading — the form with the query, then
 * the results or the prompt (`searchBlock`, ./page-html.ts, which the route renders as one HTML
 * string). So the server keeps, per language, one copy of a page Next rendered, cut where those
 * two appear (in the HTML, and in the payload once its scripts are joined into one), and answers
 * `GET /recherche?q=…` from it with the title and the block of the address filled in: the same
 * bytes Next would send (the payload describes the same page, so hydration changes nothing), for
 * the cost of the search itself.
 *
 * A copy is only taken when it is certain: the query Next rendered appears nowhere else in the
 * page, in any of its encodings (so no part of the page that depends on it was missed), and the
 * copy filled with that query gives Next's page back exactly. It follows the page cache's
 * generation (every write, the frame shows the institute's name and areas) and time, like the 404
 * copies (lib/http/not-found.ts). The block is rendered for every answer, from the visitors'
 * search cache (./cache.ts), which follows the search index: a save is visible to the next search.
 *
 * Only plain document GETs of the page's canonical addresses (as its own links write them), with no
 * session: anything else, and every answer under `next start` or on serverless hosts, is Next's.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import { isNextRequest, PER_ANSWER_HEADERS } from '@/lib/http/replay';
import { compileTemplate, fillTemplate, type Template } from '@/lib/http/template';
import { shortTitle } from '@/lib/i18n/format';
import type { Locale } from '@/lib/i18n/locales';
import { localePath } from '@/lib/i18n/paths';
import { escapeHtml, searchPageTitle } from './page-html';
import { readSearchParams, searchHref, type SearchPageParams } from './params';

/** What fills a copy's holes. */
type Values = { title: string; block: string };
type HoleKind = 'htmlTitle' | 'htmlBlock' | 'flightTitle' | 'flightBlockText';

/** A copy of the search page in one language, cut at its holes. */
export type SearchCopy = {
  template: Template;
  holes: HoleKind[];
  /** What follows the page's own name in its title (` | INSSTAT`, lib/seo.ts). */
  titleSuffix: string;
  headers: OutgoingHttpHeaders;
  generation: number;
  at: number;
};

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

/** Each hole's text for `values`: in the HTML escaped as React writes text, in the payload as its row or string. */
function holeText(kind: HoleKind, v: Values): string {
  switch (kind) {
    case 'htmlTitle':
      return escapeHtml(v.title);
    case 'htmlBlock':
      return v.block;
    case 'flightTitle':
      return inScript(inJson(v.title));
    case 'flightBlockText':
      return inScript(textRow(v.block));
  }
}

/** `text` cut at every occurrence of the needles (the earliest first, the longest at one place). */
function cut(text: string, needles: { kind: HoleKind; text: string }[]): { parts: string[]; holes: HoleKind[] } {
  const parts: string[] = [];
  const holes: HoleKind[] = [];
  let from = 0;
  for (;;) {
    let best: { at: number; kind: HoleKind; length: number } | null = null;
    for (const n of needles) {
      const at = text.indexOf(n.text, from);
      if (at >= 0 && (!best || at < best.at || (at === best.at && n.text.length > best.length)))
        best = { at, kind: n.kind, length: n.text.length };
    }
    if (!best) break;
    parts.push(text.slice(from, best.at));
    holes.push(best.kind);
    from = best.at + best.length;
  }
  parts.push(text.slice(from));
  return { parts, holes };
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
export function fillCopy(copy: Pick<SearchCopy, 'template' | 'holes'>, values: Values, gzip = false): Buffer {
  return fillTemplate(
    copy.template,
    copy.holes.map((kind) => holeText(kind, values)),
    gzip,
  );
}

/** Why a rendered page cannot be kept as a copy (logged once per reason), or the copy. */
export type Taken = { copy: SearchCopy } | { refused: string };

/** Response headers rebuilt for each answer, or meaningless for another body. */
const DROPPED = new Set<string>([...PER_ANSWER_HEADERS, 'content-length', 'content-encoding', 'etag', 'set-cookie']);

/**
 * A copy of the search page from Next's page for the query `q` (its title `title`, its block
 * `block`, as ./page-html.ts renders them for that address), or why not.
 */
export function takeCopy(
  rendered: { html: string; headers: OutgoingHttpHeaders },
  q: string,
  values: Values,
  titleSuffix: string,
  generation: number,
): Taken {
  const { html } = rendered;
  const joined = joinPayload(html);
  if (!joined) return { refused: 'données RSC illisibles' };
  // Long strings are rows of their own in the payload (React's text rows): the block always is one
  // in a copy, so an answer is Next's page whatever its length (a short block is then a short row).
  if (!joined.flight.includes(`:${textRow(values.block)}`)) return { refused: 'bloc absent du RSC (trop court ?)' };
  const page = cut(joined.before, [
    { kind: 'htmlTitle', text: escapeHtml(values.title) },
    { kind: 'htmlBlock', text: values.block },
  ]);
  const flight = cut(inScript(joined.flight), [
    { kind: 'flightTitle', text: inScript(inJson(values.title)) },
    { kind: 'flightBlockText', text: inScript(textRow(values.block)) },
  ]);
  const count = (holes: HoleKind[], kind: HoleKind) => holes.filter((h) => h === kind).length;
  if (count(page.holes, 'htmlBlock') !== 1 || count(flight.holes, 'flightBlockText') !== 1) return { refused: 'bloc introuvable' };
  if (count(page.holes, 'htmlTitle') < 1 || count(flight.holes, 'flightTitle') < 1) return { refused: 'titre introuvable' };
  // One text: the page up to the payload, the payload, the rest.
  const parts = [...page.parts];
  parts[parts.length - 1] += joined.open + flight.parts[0];
  parts.push(...flight.parts.slice(1));
  parts[parts.length - 1] += `"])</script>${joined.after}`;
  const holes = [...page.holes, ...flight.holes];
  // Nothing else may depend on the query: it appears in no constant part, however it is written.
  const encodings = new Set([q, escapeHtml(q), inJson(q), inScript(inJson(q)), inScript(inJson(inJson(q))), encodeURIComponent(q)]);
  encodings.add(new URLSearchParams({ q }).toString().slice(2));
  if (parts.some((p) => [...encodings].some((e) => p.includes(e)))) return { refused: 'la requête paraît ailleurs dans la page' };
  const template = compileTemplate(parts);
  const copy: SearchCopy = {
    template,
    holes,
    titleSuffix,
    headers: keptHeaders(rendered.headers),
    generation,
    at: Date.now(),
  };
  // The copy filled with what Next rendered gives Next's page back (its payload joined).
  const normal = joined.before + joined.open + inScript(joined.flight) + `"])</script>` + joined.after;
  if (fillCopy(copy, values).toString('utf8') !== normal) return { refused: 'la copie ne redonne pas la page' };
  return { copy };
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

/** The parameters of a canonical search address, or null (another address, or one Next must see as it is). */
export function canonicalSearch(url: string, path: string, locale: Locale): SearchPageParams | null {
  const [pathname, query = ''] = url.split(/\?(.*)/s, 2) as [string, string?];
  if (pathname !== localePath(locale, path)) return null;
  const raw: Record<string, string | string[]> = {};
  const search = new URLSearchParams(query);
  for (const key of new Set(search.keys())) {
    const all = search.getAll(key);
    raw[key] = all.length > 1 ? all : all[0]!;
  }
  const params = readSearchParams(raw);
  return localePath(locale, searchHref(params, path)) === url ? params : null;
}

/**
 * The production server's step for the search pages: an answer from the language's copy, or
 * Next's (kept as the copy when it can be). `next` is Next's request handler.
 */
export function createFastSearch(options: FastSearchOptions) {
  const pages = new Map(options.locales.map((locale) => [localePath(locale, options.path), locale]));
  const copies = new Map<Locale, SearchCopy>();
  const told = new Set<string>();
  const log = (message: string) => {
    if (told.has(message)) return;
    told.add(message);
    options.log?.(message);
  };
  const handler = (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const url = req.url ?? '/';
    const locale = pages.get(url.split('?')[0]!);
    const params =
      locale && req.method === 'GET' && !isNextRequest(req) && !options.hasSession(req) ? canonicalSearch(url, options.path, locale) : null;
    if (!locale || !params) return void next();
    const generation = options.generation();
    const copy = copies.get(locale);
    if (copy && copy.generation === generation && Date.now() - copy.at < options.ttlMs) {
      options.block(params, locale).then(
        (block) => answer(req, res, copy, { title: shortTitle(searchPageTitle(params.q, locale), copy.titleSuffix), block }),
        () => next(),
      );
      return;
    }
    // Only a page with a query can be checked for the parts that depend on it.
    if (params.q.trim().length < 3) return void next();
    keepNextAnswer(res, (rendered) => {
      if (options.generation() !== generation) return;
      const current = copies.get(locale);
      if (current && current.generation === generation && Date.now() - current.at < options.ttlMs) return;
      void options.block(params, locale).then(
        (block) => {
          // The block read again for the same address: the same search, unless the index changed meanwhile.
          if (!rendered.html.includes(block)) return;
          // The site's suffix (` | INSSTAT`, lib/seo.ts), from a title that was not shortened.
          const titled = rendered.html.match(/<title>([^<]*)<\/title>/)?.[1] ?? '';
          const suffix = unescapeHtml(titled.slice(titled.lastIndexOf(' | ')));
          const title = shortTitle(searchPageTitle(params.q, locale), suffix);
          if (!titled.includes(' | ') || escapeHtml(title) !== titled) return;
          const taken = takeCopy(rendered, params.q, { title, block }, suffix, generation);
          if ('copy' in taken) {
            if (options.generation() === generation) copies.set(locale, taken.copy);
          } else log(`Recherche : page de Next non gardée comme copie (${taken.refused}).`);
        },
        () => undefined,
      );
    });
    next();
  };
  /** Whether a language's copy serves now (tests). */
  const hasCopy = (locale: Locale) => {
    const copy = copies.get(locale);
    return copy !== undefined && copy.generation === options.generation() && Date.now() - copy.at < options.ttlMs;
  };
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
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    chunks.push(
      Buffer.isBuffer(chunk)
        ? chunk
        : typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
          : Buffer.from(chunk as Uint8Array),
    );
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
