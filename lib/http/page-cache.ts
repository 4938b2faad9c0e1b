/**
 * An in-process front cache for public pages, in front of Next's request handler.
 *
 * Next serves a prerendered page from its cache in about 3 ms of CPU on the 2-core machines we
 * target (routing, proxy, cache lookup, tag checks): ~350 requests/s. This keeps the exact bytes
 * of responses Next itself served from its cache (`x-nextjs-cache: HIT`) and replays them for a
 * few seconds, the way an nginx micro-cache would, without a second program to install.
 *
 * Correctness rules: only plain document GETs of public paths are stored (no RSC, prefetch,
 * server action, range, authorization); only 200 HTML responses Next marked as cache hits, with
 * no cookie set; every content write makes every stored page stale (`clearPageCache`), and entries
 * are fresh for `ttlMs` only (other app instances' writes, time-based revalidation).
 *
 * A write made here (`beginPageWrite`, lib/ops/invalidate.ts) renders the pages readers are reading
 * before its answer, while they keep getting the previous copies, then drops every other copy: a
 * request that starts after the save's answer gets the new content, and readers during the save
 * never wait for a render. A page not among them — or after another instance's write
 * (`clearPageCache`) — is rendered by its first reader, and the readers arriving during that render
 * wait for it and get its bytes (`x-page-cache: SHARED`) instead of each going through Next.
 *
 * Stale pages are kept (within `maxBytes`) for one purpose: a database outage. Next's answer for a
 * page with a copy is held until it is whole; when it is a server error, or is not whole within
 * `STALE_AFTER_MS` while the database probe fails, the last copy of that page is served instead
 * (`x-page-cache: STALE`), so every page served once stays readable — in under a second — while
 * the database is unreachable. A page with no copy gets a French 503 after `UNAVAILABLE_AFTER_MS`
 * of silence with the probe failing. The probe's « down » is kept for `PROBE_TTL_MS`, so the first
 * request after the database is back renders fresh again.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import http from 'node:http';
import { AsyncLocalStorage } from 'node:async_hooks';
import { gunzipSync } from 'node:zlib';
import { sameSecret } from './internal';
import { chunkBuffer, isNextRequest, PER_ANSWER_HEADERS } from './replay';

type Entry = {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  storedAt: number;
  etag?: string;
  refreshingSince?: number;
  /** Set by a write: never served again, except during a database outage. */
  stale?: boolean;
  /** The count of writes when its render began: a write in progress drops the copies older than it. */
  generation: number;
  /** Served from memory since stored, and when last: the hot pages a write renders before it answers. */
  reads: number;
  readAt: number;
  /** Rendered on every request (`urlOnlyPaths`): not rendered again by a write, only dropped. */
  urlOnly: boolean;
};

type Probe = { ok: boolean; at: number; pending?: Promise<boolean> };

/** A render under way through Next, and the readers of the same page waiting for its bytes. */
type Flight = { generation: number; startedAt: number; waiters: ((entry: Entry | null) => void)[] };

/**
 * How long readers wait for a render under way before going to Next themselves, and after which it
 * is not joined any more: a request Next never finishes (seen once on a loaded machine: the render's
 * answer never ended) must not hold every later reader of its page.
 */
export const FLIGHT_WAIT_MS = 10_000;

/** How this process asks itself for a page (`enablePageRefresh`): its own address and secret. */
type Refresher = { host: string; port: number; secret: string };

type Store = {
  entries: Map<string, Entry>;
  bytes: number;
  generation: number;
  probe?: Probe;
  flights: Map<string, Flight>;
  refresher?: Refresher;
  /** Content writes between their commit and their answer (`duringWrite`). */
  writesUnderWay?: number;
  /** The end of the write whose invalidation runs in the current async context (`duringWrite`). */
  writeContext?: AsyncLocalStorage<Promise<void>>;
};

const g = globalThis as typeof globalThis & { __insstatPageCache?: Store };
/** Shared through `globalThis`: the custom server and Next's bundled modules are separate module graphs. */
function store(): Store {
  g.__insstatPageCache ??= { entries: new Map(), bytes: 0, generation: 0, flights: new Map() };
  return g.__insstatPageCache;
}

/**
 * Makes every stored page stale; called after each content write (see lib/ops/invalidate.ts).
 * Stale pages are only ever served while the database is unreachable.
 */
export function clearPageCache(): void {
  const s = store();
  for (const entry of s.entries.values()) entry.stale = true;
  s.generation++;
}

/** A write in progress in this process (`beginPageWrite`). */
export type PageWrite = {
  /**
   * Renders again, through Next, the pages read lately (at most `HOT_PATHS`), each in the
   * encodings asked for, and keeps the new copies; resolves when they are kept or after
   * `REFRESH_BUDGET_MS`. Until `finish`, the other readers still get the previous copies.
   */
  refresh(): Promise<void>;
  /** Drops every copy stored before the write (those `refresh` made are kept). Call before answering. */
  finish(): void;
};

/** How many pages (paths) a write renders before it answers: the most read in the last `HOT_WINDOW_MS`. */
export const HOT_PATHS = 4;
const HOT_WINDOW_MS = 10_000;
/** How long a write may wait for those renders; past it, the pages not done are dropped, as without. */
export const REFRESH_BUDGET_MS = 3_000;
/** Renders of one page a refresh may ask for before Next serves it from its cache. */
const REFRESH_ATTEMPTS = 3;
/** The header of this process's requests to itself that render a page for a write (carries the secret). */
export const REFRESH_HEADER = 'x-insstat-page-refresh';

/**
 * Lets writes render hot pages before they answer (the production server, once listening):
 * `host:port` is where this process answers, `secret` the one its requests to itself carry.
 * Without it (`next start`, serverless, tests) a write drops every copy at once, as `clearPageCache`.
 */
export function enablePageRefresh(refresher: Refresher): void {
  store().refresher = refresher;
}

/**
 * Starts a content write (lib/ops/invalidate.ts): renders begun before it are not stored as fresh
 * and no reader waits for one of them, but the copies stored so far are still served — to readers
 * whose request began before the write's answer — until `finish`.
 */
export function beginPageWrite(): PageWrite {
  const s = store();
  const generation = ++s.generation;
  let finished = false;
  return {
    async refresh() {
      const refresher = s.refresher;
      if (!refresher || finished) return;
      const keys = hotKeys(s);
      if (keys.length === 0) return;
      // The tag store dates the change by this millisecond: a render begun in it would count as older.
      await new Promise((resolve) => setTimeout(resolve, 2));
      let timer: NodeJS.Timeout | undefined;
      const budget = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, REFRESH_BUDGET_MS);
        timer.unref();
      });
      // Paths side by side, the encodings of one path in turn: the first renders, the others are Next's cache hits.
      const byPath = new Map<string, string[]>();
      for (const key of keys) byPath.set(pathOf(key), [...(byPath.get(pathOf(key)) ?? []), key]);
      const renders = [...byPath.values()].map(async (variants) => {
        for (const key of variants) await refreshKey(refresher, key);
      });
      await Promise.race([Promise.allSettled(renders), budget]);
      clearTimeout(timer);
    },
    finish() {
      if (finished) return;
      finished = true;
      for (const entry of s.entries.values()) if (entry.generation < generation) entry.stale = true;
    },
  };
}

/**
 * Runs the invalidation of a content write of this process (lib/ops/invalidate.ts, and the
 * scheduler's, lib/ops/expire.ts), from its commit to its answer. Meanwhile:
 * - answers may still show the previous content (the copies kept here, Next's own until the tag
 *   store is told), so the caches in front are told to keep them one second only
 *   (`writeUnderWay`, lib/http/cache-headers.ts): given the full short life, a copy fetched then
 *   kept a withdrawn page on through nginx after the site itself had dropped it;
 * - the purge this write's tag bump starts (lib/ops/start-tag-store.ts) waits for the end of this
 *   write only (`thisWriteSettled`): for all the writes under way, it waited for other editors'
 *   renders, and a withdrawal stayed 3.4 s through Varnish after the site's answer at 0.9 s.
 */
export async function duringWrite<T>(work: () => Promise<T>): Promise<T> {
  const s = store();
  s.writesUnderWay = (s.writesUnderWay ?? 0) + 1;
  let settle!: () => void;
  const settled = new Promise<void>((resolve) => (settle = resolve));
  try {
    return await (s.writeContext ??= new AsyncLocalStorage()).run(settled, work);
  } finally {
    s.writesUnderWay--;
    settle();
  }
}

/** Whether a content write of this process is under way (`duringWrite`). */
export function writeUnderWay(): boolean {
  return (store().writesUnderWay ?? 0) > 0;
}

/** The end of the write whose invalidation is running in this async context (`duringWrite`), if any. */
export function thisWriteSettled(): Promise<void> | undefined {
  return store().writeContext?.getStore();
}

/** The keys of the pages read lately, most read first, at most `HOT_PATHS` paths (every encoding of each). */
function hotKeys(s: Store): string[] {
  const now = Date.now();
  const reads = new Map<string, number>();
  for (const [key, entry] of s.entries) {
    if (entry.stale || entry.urlOnly || entry.reads === 0 || key.includes('?') || now - entry.readAt > HOT_WINDOW_MS) continue;
    reads.set(pathOf(key), (reads.get(pathOf(key)) ?? 0) + entry.reads);
  }
  const paths = new Set(
    [...reads]
      .sort((a, b) => b[1] - a[1])
      .slice(0, HOT_PATHS)
      .map(([path]) => path),
  );
  return [...s.entries.keys()].filter((key) => paths.has(pathOf(key)) && !key.includes('?'));
}

/** Asks this process for `key`'s page until Next serves it from its cache (the copy kept as fresh). */
async function refreshKey(refresher: Refresher, key: string): Promise<void> {
  const gzip = key.startsWith('gz ');
  for (let attempt = 0; attempt < REFRESH_ATTEMPTS; attempt++) {
    const cache = await new Promise<string | undefined>((resolve) => {
      const req = http.get(
        {
          host: refresher.host,
          port: refresher.port,
          path: key.slice(key.indexOf(' ') + 1),
          headers: { [REFRESH_HEADER]: refresher.secret, 'accept-encoding': gzip ? 'gzip' : 'identity' },
          agent: false,
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode === 200 ? String(res.headers['x-nextjs-cache'] ?? '') : 'failed'));
          res.on('error', () => resolve('failed'));
        },
      );
      req.on('error', () => resolve('failed'));
    });
    if (cache === 'HIT' || cache === 'failed' || cache === '') return;
  }
}

/** The count of writes seen by this process (the 404 copies of lib/http/not-found.ts follow it too). */
export function pageCacheGeneration(): number {
  return store().generation;
}

/** Forgets every stored page, stale ones included (tests). */
export function resetPageCache(): void {
  const s = store();
  s.entries.clear();
  s.flights.clear();
  s.bytes = 0;
  s.generation++;
  s.probe = undefined;
}

/** Never kept: the back-office, route handlers, Next's assets (plus `uncachedPrefixes` of the options). */
const EXCLUDED_PREFIXES = ['/admin', '/api/', '/_next/'];
/** Next's own requests, ranges and authorized requests are never answered from a copy. */
const EXCLUDED_HEADERS = ['range', 'authorization'];
const DROPPED_RESPONSE_HEADERS = new Set<string>(PER_ANSWER_HEADERS);

/** The cache key of a request, or null when it must go to Next. */
function pageCacheKey(req: Pick<IncomingMessage, 'method' | 'url' | 'headers'>, uncached: readonly string[]): string | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  const url = req.url ?? '/';
  if (url.includes('_rsc=') || [...EXCLUDED_PREFIXES, ...uncached].some((p) => url === p || url.startsWith(p))) return null;
  if (isNextRequest(req) || EXCLUDED_HEADERS.some((h) => req.headers[h] !== undefined)) return null;
  const encoding = String(req.headers['accept-encoding'] ?? '');
  // Next compresses with gzip when asked: keep one variant per encoding class.
  return `${/\bgzip\b/.test(encoding) ? 'gz' : 'id'} ${url}`;
}

/** Whether a finished response may be served again as fresh. */
function isStorable(res: Pick<ServerResponse, 'statusCode' | 'getHeader'>, urlOnly: boolean): boolean {
  return isFallback(res) && (urlOnly || res.getHeader('x-nextjs-cache') === 'HIT');
}

/** Whether a finished response may stand in for its page while the database is unreachable. */
function isFallback(res: Pick<ServerResponse, 'statusCode' | 'getHeader'>): boolean {
  return (
    res.statusCode === 200 &&
    String(res.getHeader('content-type') ?? '').startsWith('text/html') &&
    res.getHeader('set-cookie') === undefined
  );
}

export type PageCacheOptions = {
  ttlMs: number;
  /** `FLIGHT_WAIT_MS` unless said (tests). */
  flightWaitMs?: number;
  /** The secret of this process's requests to itself that render a page for a write (`enablePageRefresh`). */
  refreshSecret?: string;
  maxBytes: number;
  /**
   * Public pages Next renders on every request whose answer depends on nothing but their address
   * (no session, no cookie): kept like cache hits, with the paths below them. `/recherche?q=…` is
   * one — a popular or shared search is then answered from memory instead of a whole render (~30
   * renders/s on 2 cores).
   */
  urlOnlyPaths?: readonly string[];
  /**
   * Public paths never kept, with the paths below them: the stored files (`/fichiers/…`), which
   * storage streams with headers of their own. Given by the server: their address is the content's
   * (lib/content/addresses.ts), a floor above this one.
   */
  uncachedPrefixes: readonly string[];
  /**
   * Rejects (or never settles) when the database cannot serve: consulted when a page Next is
   * rendering takes long and a stale copy exists. Without it, stale copies replace server errors only.
   */
  probe?: () => Promise<unknown>;
};

/** How long a render may run before the probe is asked whether the database is down. */
export const STALE_AFTER_MS = 250;
/**
 * How long the probe may take; no answer by then counts as down. A database that refuses
 * connections (stopped, restarting) fails the probe at once; one that is only slow under load must
 * not pass for down, or readers would get copies older than the last write (CI saw it with 400 ms).
 */
export const PROBE_TIMEOUT_MS = 2_000;
/** How long the probe's answer « down » is trusted. */
const PROBE_TTL_MS = 1_000;
/**
 * How long « up » is trusted: a render still running is asked about again this soon, so a database
 * lost just after a good answer costs at most this much more before the copy is served.
 */
const PROBE_UP_TTL_MS = STALE_AFTER_MS;

const pathOf = (key: string) => key.slice(key.indexOf(' ') + 1).split('?')[0]!;

/** Whether `path` is one of `paths` or below one of them (`/calendrier` covers `/calendrier/x`). */
export const isUnder = (path: string, paths: readonly string[] | undefined) =>
  paths?.some((p) => path === p || path.startsWith(`${p}/`)) ?? false;

/**
 * Handles a request from the cache, or passes it to `next` while recording the response when it
 * qualifies. Returns once the response is handed off.
 */
export function handleWithPageCache(req: IncomingMessage, res: ServerResponse, next: () => unknown, options: PageCacheOptions): void {
  const key = pageCacheKey(req, options.uncachedPrefixes);
  if (!key) {
    void next();
    return;
  }
  const s = store();
  const hit = s.entries.get(key);
  const now = Date.now();
  // A write renders this page before it answers: through Next, kept as the fresh copy.
  const refresh = req.headers[REFRESH_HEADER];
  if (typeof refresh === 'string' && options.refreshSecret && sameSecret(refresh, options.refreshSecret)) {
    record(req, res, key, s.generation, options, isUnder(pathOf(key), options.urlOnlyPaths), undefined, {
      generation: -1,
      startedAt: now,
      waiters: [],
    });
    void next();
    return;
  }
  // Past its time, one request refreshes the entry through Next while the others still get it:
  // no stampede of identical renders.
  const refreshing = hit?.refreshingSince !== undefined && now - hit.refreshingSince < REFRESH_TIMEOUT_MS;
  if (hit && !hit.stale && (now - hit.storedAt < options.ttlMs || refreshing)) {
    hit.reads++;
    hit.readAt = now;
    replay(req, res, hit, 'HIT');
    return;
  }
  // The database is known to be down: the last copy at once, without waiting for a render.
  if (hit && databaseKnownDown()) {
    replay(req, res, hit, 'STALE');
    return;
  }
  if (req.method !== 'GET') {
    void next();
    return;
  }
  // After a write (or before a page's first copy), readers of the same page wait for the one render
  // under way instead of each going through Next: they get its bytes, rendered after the write as
  // theirs would have been (no write since, or they go to Next themselves).
  const flight = s.flights.get(key);
  const flightWaitMs = options.flightWaitMs ?? FLIGHT_WAIT_MS;
  if (flight && flight.generation === s.generation && now - flight.startedAt < flightWaitMs) {
    let waiting = true;
    const waiter = (entry: Entry | null) => {
      if (!waiting) return;
      waiting = false;
      clearTimeout(timer);
      if (entry) replay(req, res, entry, 'SHARED');
      else handleWithPageCache(req, res, next, options);
    };
    const timer = setTimeout(
      () => {
        const index = flight.waiters.indexOf(waiter);
        if (index >= 0) flight.waiters.splice(index, 1);
        waiter(null);
      },
      flightWaitMs - (now - flight.startedAt),
    );
    flight.waiters.push(waiter);
    return;
  }
  if (hit && !hit.stale) hit.refreshingSince = now;
  const mine: Flight = { generation: s.generation, startedAt: now, waiters: [] };
  s.flights.set(key, mine);
  record(req, res, key, s.generation, options, isUnder(pathOf(key), options.urlOnlyPaths), hit, mine);
  void next();
}

function replay(req: IncomingMessage, res: ServerResponse, entry: Entry, marker: 'HIT' | 'STALE' | 'SHARED'): void {
  if (res.headersSent || res.writableEnded || res.destroyed) return;
  const notModified = marker !== 'STALE' && entry.etag !== undefined && req.headers['if-none-match'] === entry.etag;
  const headers: OutgoingHttpHeaders = { ...entry.headers, 'x-page-cache': marker };
  if (notModified) delete headers['content-length'];
  res.writeHead(notModified ? 304 : entry.status, headers);
  res.end(notModified || req.method === 'HEAD' ? undefined : entry.body);
}

/** Whether the database answers, asking the probe at most once per `PROBE_UP_TTL_MS` / `PROBE_TTL_MS`. */
function databaseAnswers(options: PageCacheOptions): Promise<boolean> {
  const s = store();
  const probe = options.probe;
  if (!probe) return Promise.resolve(true);
  const now = Date.now();
  if (s.probe && (s.probe.pending || now - s.probe.at < (s.probe.ok ? PROBE_UP_TTL_MS : PROBE_TTL_MS)))
    return s.probe.pending ?? Promise.resolve(s.probe.ok);
  const state: Probe = s.probe ?? { ok: true, at: 0 };
  s.probe = state;
  let timer: NodeJS.Timeout | undefined;
  state.pending = Promise.race([
    Promise.resolve()
      .then(probe)
      .then(() => true),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
    }),
  ])
    .catch(() => false)
    .then((ok) => {
      clearTimeout(timer);
      state.ok = ok;
      state.at = Date.now();
      state.pending = undefined;
      return ok;
    });
  return state.pending;
}

/** Whether the probe's last answer, recent enough to trust, was that the database is down. */
function databaseKnownDown(): boolean {
  const probe = store().probe;
  return !!probe && !probe.ok && Date.now() - probe.at < PROBE_TTL_MS;
}

/** Records a server error seen by a render: the next requests ask the probe before waiting on Next. */
function suspectDatabase(): void {
  const s = store();
  if (s.probe && !s.probe.pending) s.probe.at = 0;
}

/** How long a refresh may take before another request tries again. */
const REFRESH_TIMEOUT_MS = 10_000;

/** How long a page with no copy may stay silent while the probe fails before a 503 answers. */
export const UNAVAILABLE_AFTER_MS = 3_000;

/** React marks a part of the page that failed on the server (`<template data-dgst=…>`): not a page to keep. */
const RENDER_ERROR = /data-dgst=/;

/** The HTML of a recorded body, whether Next compressed it or not. */
function htmlOf(body: Buffer, encoding: unknown): string {
  try {
    return encoding === 'gzip' ? gunzipSync(body).toString('utf8') : body.toString('utf8');
  } catch {
    return '';
  }
}

const UNAVAILABLE_HTML =
  '<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, ' +
  'initial-scale=1"><title>Service momentanément indisponible</title></head><body><main><h1>Service momentanément ' +
  'indisponible</h1><p>Le site ne peut pas joindre sa base de données. Réessayez dans quelques instants.</p></main></body></html>';

/** Next's later calls on a response already answered instead of it go nowhere. */
function mute(res: ServerResponse): void {
  Object.assign(res, {
    writeHead: () => res,
    write: () => true,
    end: (...args: unknown[]) => {
      const callback = args.find((a) => typeof a === 'function') as (() => void) | undefined;
      callback?.();
      return res;
    },
    setHeader: () => res,
    removeHeader: () => undefined,
    appendHeader: () => res,
    flushHeaders: () => undefined,
  });
}

/**
 * Keeps Next's whole answer `body` as the copy of `key` when it qualifies (`usable`: not too big, no
 * part failed on the server), or drops the copy it makes obsolete; evicts the oldest copies past the
 * memory budget. Returns the copy the readers who waited for this render may share, or null.
 */
function keepCopy(
  res: ServerResponse,
  { key, generation, urlOnly, maxBytes }: { key: string; generation: number; urlOnly: boolean; maxBytes: number },
  body: Buffer,
  usable: boolean,
): Entry | null {
  const s = store();
  const previous = s.entries.get(key);
  const status = res.statusCode;
  const fresh = s.generation === generation && isStorable(res, urlOnly);
  // Any whole public page without a cookie may stand in during an outage; only a cache hit (or
  // an address-only page) rendered with no write in between is served as fresh. A page with a
  // part that failed on the server is neither.
  // A copy still served stays, rather than an answer that may not be served as fresh: during a
  // write in progress (its readers get the copies from before it until it ends), or when this
  // answer's render began before the write that rendered the copy.
  const serving =
    !fresh && previous !== undefined && !previous.stale && (previous.generation < s.generation || generation < previous.generation);
  const keepable = usable && isFallback(res) && !serving;
  if (previous && !serving && (keepable || (status < 500 && status !== 304 && usable))) {
    s.entries.delete(key);
    s.bytes -= previous.body.length;
  }
  if (!keepable) return null;
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (!DROPPED_RESPONSE_HEADERS.has(name) && value !== undefined) headers[name] = value;
  }
  headers['content-length'] = body.length;
  const etag = typeof headers.etag === 'string' ? headers.etag : undefined;
  const storedAt = Date.now();
  // Still read: a page a write rendered again stays among the hot ones.
  const reads = previous && !previous.stale ? previous.reads : 0;
  const readAt = previous && !previous.stale ? previous.readAt : storedAt;
  const entry: Entry = { status: 200, headers, body, storedAt, etag, stale: !fresh, generation, reads, readAt, urlOnly };
  s.entries.set(key, entry);
  s.bytes += body.length;
  // Shared with the readers who waited when no write came in between and the page is one Next
  // caches (it says HIT, MISS or STALE: not rendered for one reader) or answered by its address.
  const shared = s.generation === generation && (fresh || res.getHeader('x-nextjs-cache') !== undefined) ? entry : null;
  // Oldest first: Map keeps insertion order.
  for (const [oldKey, old] of s.entries) {
    if (s.bytes <= maxBytes) break;
    s.entries.delete(oldKey);
    s.bytes -= old.body.length;
  }
  return shared;
}

/**
 * Wraps the response's methods to keep a copy of the body, and stores it when the response
 * qualifies.
 *
 * With a `fallback` (the previous copy of this page), Next's answer is held until it is whole:
 * a server error, no whole answer while the database probe fails (asked every `STALE_AFTER_MS`),
 * or a whole answer in which a part failed on the server while the probe fails, is replaced by
 * that copy, and whatever Next writes afterwards is dropped. A page that streams its first bytes
 * and then waits on an unreachable database is thus replaced too.
 *
 * Without one, Next's answer streams as it comes; if nothing has come after
 * `UNAVAILABLE_AFTER_MS` while the probe fails, a short French 503 answers instead.
 */
function record(
  req: IncomingMessage,
  res: ServerResponse,
  key: string,
  generation: number,
  options: PageCacheOptions,
  urlOnly: boolean,
  fallback: Entry | undefined,
  flight: Flight,
): void {
  /** Hands this render's page to the readers that waited for it (null: they go to Next themselves). */
  const land = (entry: Entry | null) => {
    const s = store();
    if (s.flights.get(key) === flight) s.flights.delete(key);
    const waiters = flight.waiters.splice(0);
    if (waiters.length > 0) setImmediate(() => waiters.forEach((w) => w(entry)));
  };

  const original = {
    writeHead: res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse,
    write: res.write.bind(res) as (...args: unknown[]) => boolean,
    end: res.end.bind(res) as (...args: unknown[]) => ServerResponse,
  };
  /** Next's answer is held until whole: with a copy to stand in, or once it turned out a server error. */
  let holding = fallback !== undefined;
  /** A server error on a page with no copy, held while the probe says whether the database is down. */
  let heldError = false;
  let started = false;
  let replaced = false;
  let timer: NodeJS.Timeout | undefined;
  /** Answers instead of Next (its copy, or the 503); Next's later calls go nowhere. */
  const answerInstead = (status: number, headers: OutgoingHttpHeaders, body: Buffer | string) => {
    if (replaced || started || res.headersSent || res.writableEnded) return;
    replaced = true;
    land(null);
    clearTimeout(timer);
    for (const name of res.getHeaderNames()) res.removeHeader(name);
    // Node's own writeHead and end call the response's methods: they run before Next's are muted.
    original.writeHead(status, headers);
    original.end(req.method === 'HEAD' ? undefined : body);
    mute(res);
  };
  const replace = () => fallback && answerInstead(fallback.status, { ...fallback.headers, 'x-page-cache': 'STALE' }, fallback.body);
  const unavailable = () =>
    answerInstead(
      503,
      { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'retry-after': '30', 'x-page-cache': 'UNAVAILABLE' },
      UNAVAILABLE_HTML,
    );
  /**
   * Called before Next's bytes go out: a server error is replaced when a copy exists; without one,
   * while the probe has just found the database down, by the French 503 (« come back in a moment »,
   * `Retry-After`) rather than Next's error page: its reads fail at once then (lib/db/open.ts).
   */
  const starting = (status: number) => {
    if (started || replaced) return;
    if (status >= 500 && fallback) {
      suspectDatabase();
      replace();
      return;
    }
    if (status >= 500 && databaseKnownDown()) {
      unavailable();
      return;
    }
    // Not known down, but perhaps only because the probe's « down » has aged: Next's error is held
    // until the probe has answered (at `end`), so an unreachable database still gets the 503.
    if (status >= 500 && options.probe) {
      holding = true;
      heldError = true;
      return;
    }
    if (holding) return;
    started = true;
    clearTimeout(timer);
  };
  // While Next has not answered (with a copy: not answered whole), the probe is asked now and then.
  const watch = (after: number) => {
    timer = setTimeout(() => {
      if (started || replaced) return;
      void databaseAnswers(options).then((ok) => {
        if (started || replaced) return;
        if (!ok) return void (fallback ? replace() : unavailable());
        watch(STALE_AFTER_MS);
      });
    }, after);
  };
  if (options.probe) watch(holding ? STALE_AFTER_MS : UNAVAILABLE_AFTER_MS);
  // One listener for both (Next adds its own; Node warns past ten).
  res.once('close', () => {
    clearTimeout(timer);
    land(null);
  });

  /** Next's calls while its answer is held: replayed in order once it is whole. */
  const held: { write: unknown[] }[] = [];
  let heldHead: unknown[] | null = null;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    starting(status);
    if (replaced) return res;
    // Node calls writeHead itself for a write without one (the implicit head): once released, through.
    if (!holding || started) return original.writeHead(status, ...rest);
    // Held: the status and headers go on the response, to be sent with the body.
    heldHead = [status, ...rest];
    res.statusCode = status;
    return res;
  }) as ServerResponse['writeHead'];
  // Streaming starts with flushHeaders: while held, nothing leaves before the whole answer.
  const flushHeaders = res.flushHeaders.bind(res);
  res.flushHeaders = () => {
    starting(res.statusCode);
    if (!replaced && (started || !holding)) flushHeaders();
  };

  const chunks: Buffer[] = [];
  let size = 0;
  let tooBig = false;
  const keep = (chunk: unknown, encoding?: unknown) => {
    const buffer = tooBig ? null : chunkBuffer(chunk, encoding);
    if (!buffer) return;
    size += buffer.length;
    if (size > options.maxBytes / 16) tooBig = true;
    else chunks.push(buffer);
  };
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    starting(res.statusCode);
    if (replaced) return true;
    keep(chunk, typeof rest[0] === 'string' ? (rest[0] as BufferEncoding) : undefined);
    if (!holding || started) return original.write(chunk, ...rest);
    held.push({ write: [chunk, ...rest] });
    return true;
  }) as ServerResponse['write'];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    starting(res.statusCode);
    if (replaced) return res;
    keep(chunk, typeof rest[0] === 'string' ? (rest[0] as BufferEncoding) : undefined);
    const body = Buffer.concat(chunks);
    // A whole page in which a part failed on the server: while the database is down, the copy.
    const failedPart = holding && !tooBig && isFallback(res) && RENDER_ERROR.test(htmlOf(body, res.getHeader('content-encoding')));
    if (heldError && options.probe) {
      clearTimeout(timer);
      suspectDatabase();
      void databaseAnswers(options).then((ok) => (ok ? finish() : unavailable()));
      return res;
    }
    if (failedPart && options.probe) {
      clearTimeout(timer);
      void databaseAnswers(options).then((ok) => (ok ? finish() : replace()));
      return res;
    }
    return finish();

    function finish(): ServerResponse {
      if (holding) {
        started = true;
        clearTimeout(timer);
        if (heldHead) original.writeHead(...heldHead);
        for (const call of held) original.write(...call.write);
      }
      const shared = keepCopy(res, { key, generation, urlOnly, maxBytes: options.maxBytes }, body, !tooBig && !failedPart);
      if (shared) land(shared);
      land(null);
      return original.end(chunk, ...rest);
    }
  }) as ServerResponse['end'];
}
