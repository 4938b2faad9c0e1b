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
 * Stale pages are kept (within `maxBytes`) for one purpose: a database outage. When Next answers a
 * page with a server error, or has not answered within `STALE_AFTER_MS` while the database probe
 * fails, the last copy of that page is served instead (`x-page-cache: STALE`), so every page served
 * once stays readable — in under a second — while the database is unreachable; the probe's answer
 * is kept for `PROBE_TTL_MS`, so the first request after the database is back renders fresh again.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';

type Entry = {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  storedAt: number;
  etag?: string;
  refreshingSince?: number;
  /** Set by a write: never served again, except during a database outage. */
  stale?: boolean;
};

type Probe = { ok: boolean; at: number; pending?: Promise<boolean> };

type Store = { entries: Map<string, Entry>; bytes: number; generation: number; probe?: Probe };

const g = globalThis as typeof globalThis & { __insstatPageCache?: Store };
/** Shared through `globalThis`: the custom server and Next's bundled modules are separate module graphs. */
function store(): Store {
  g.__insstatPageCache ??= { entries: new Map(), bytes: 0, generation: 0 };
  return g.__insstatPageCache;
}

/**
 * Makes every stored page stale; called after each content write (see lib/cache/invalidate.ts).
 * Stale pages are only ever served while the database is unreachable.
 */
export function clearPageCache(): void {
  const s = store();
  for (const entry of s.entries.values()) entry.stale = true;
  s.generation++;
}

/** Forgets every stored page, stale ones included (tests). */
export function resetPageCache(): void {
  const s = store();
  s.entries.clear();
  s.bytes = 0;
  s.generation++;
  s.probe = undefined;
}

const EXCLUDED_PREFIXES = ['/admin', '/api/', '/fichiers/', '/_next/'];
const EXCLUDED_HEADERS = ['rsc', 'next-router-prefetch', 'next-router-state-tree', 'next-router-segment-prefetch', 'next-action', 'range', 'authorization', 'next-url'];
const DROPPED_RESPONSE_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** The cache key of a request, or null when it must go to Next. */
function pageCacheKey(req: Pick<IncomingMessage, 'method' | 'url' | 'headers'>): string | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  const url = req.url ?? '/';
  if (url.includes('_rsc=') || EXCLUDED_PREFIXES.some((p) => url === p || url.startsWith(p))) return null;
  if (EXCLUDED_HEADERS.some((h) => req.headers[h] !== undefined)) return null;
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
  return res.statusCode === 200 && String(res.getHeader('content-type') ?? '').startsWith('text/html') && res.getHeader('set-cookie') === undefined;
}

export type PageCacheOptions = {
  ttlMs: number;
  maxBytes: number;
  /**
   * Public pages Next renders on every request whose answer depends on nothing but their address
   * (no session, no cookie): kept like cache hits, with the paths below them. `/recherche?q=…` is
   * one — a popular or shared search is then answered from memory instead of a whole render (~30
   * renders/s on 2 cores).
   */
  urlOnlyPaths?: readonly string[];
  /**
   * Rejects (or never settles) when the database cannot serve: consulted when a page Next is
   * rendering takes long and a stale copy exists. Without it, stale copies replace server errors only.
   */
  probe?: () => Promise<unknown>;
};

/** How long a render may run before the probe is asked whether the database is down. */
export const STALE_AFTER_MS = 400;
/** How long the probe may take; no answer counts as down. */
const PROBE_TIMEOUT_MS = 400;
/** How long the probe's answer is trusted. */
const PROBE_TTL_MS = 1_000;

const pathOf = (key: string) => key.slice(key.indexOf(' ') + 1).split('?')[0]!;

/** Whether `path` is one of `paths` or below one of them (`/calendrier` covers `/calendrier/x`). */
const isUrlOnly = (path: string, paths: readonly string[] | undefined) => paths?.some((p) => path === p || path.startsWith(`${p}/`)) ?? false;

/**
 * Handles a request from the cache, or passes it to `next` while recording the response when it
 * qualifies. Returns once the response is handed off.
 */
export function handleWithPageCache(
  req: IncomingMessage,
  res: ServerResponse,
  next: () => unknown,
  options: PageCacheOptions,
): void {
  const key = pageCacheKey(req);
  if (!key) {
    void next();
    return;
  }
  const s = store();
  const hit = s.entries.get(key);
  const now = Date.now();
  // Past its time, one request refreshes the entry through Next while the others still get it:
  // no stampede of identical renders.
  const refreshing = hit?.refreshingSince !== undefined && now - hit.refreshingSince < REFRESH_TIMEOUT_MS;
  if (hit && !hit.stale && (now - hit.storedAt < options.ttlMs || refreshing)) {
    replay(req, res, hit, 'HIT');
    return;
  }
  // The database is known to be down: the last copy at once, without waiting for a render.
  if (hit && s.probe && !s.probe.ok && now - s.probe.at < PROBE_TTL_MS) {
    replay(req, res, hit, 'STALE');
    return;
  }
  if (req.method !== 'GET') {
    void next();
    return;
  }
  if (hit && !hit.stale) hit.refreshingSince = now;
  record(req, res, key, s.generation, options, isUrlOnly(pathOf(key), options.urlOnlyPaths), hit);
  void next();
}

function replay(req: IncomingMessage, res: ServerResponse, entry: Entry, marker: 'HIT' | 'STALE'): void {
  const notModified = marker === 'HIT' && entry.etag !== undefined && req.headers['if-none-match'] === entry.etag;
  const headers: OutgoingHttpHeaders = { ...entry.headers, 'x-page-cache': marker };
  if (notModified) delete headers['content-length'];
  res.writeHead(notModified ? 304 : entry.status, headers);
  res.end(notModified || req.method === 'HEAD' ? undefined : entry.body);
}

/** Whether the database answers, asking the probe at most once per `PROBE_TTL_MS`. */
function databaseAnswers(options: PageCacheOptions): Promise<boolean> {
  const s = store();
  const probe = options.probe;
  if (!probe) return Promise.resolve(true);
  const now = Date.now();
  if (s.probe && (s.probe.pending || now - s.probe.at < PROBE_TTL_MS)) return s.probe.pending ?? Promise.resolve(s.probe.ok);
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

/** Records a server error seen by a render: the next requests ask the probe before waiting on Next. */
function suspectDatabase(): void {
  const s = store();
  if (s.probe && !s.probe.pending) s.probe.at = 0;
}

/** How long a refresh may take before another request tries again. */
const REFRESH_TIMEOUT_MS = 10_000;

/**
 * Wraps the response's methods to keep a copy of the body, and stores it when the response
 * qualifies. With a `fallback` (the previous copy of this page), a server error from Next — or no
 * answer within `STALE_AFTER_MS` while the database probe fails — is replaced by that copy, and
 * whatever Next writes afterwards is dropped.
 */
function record(
  req: IncomingMessage,
  res: ServerResponse,
  key: string,
  generation: number,
  options: PageCacheOptions,
  urlOnly: boolean,
  fallback: Entry | undefined,
): void {
  const original = {
    writeHead: res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse,
    write: res.write.bind(res) as (...args: unknown[]) => boolean,
    end: res.end.bind(res) as (...args: unknown[]) => ServerResponse,
  };
  let started = false;
  let replaced = false;
  let timer: NodeJS.Timeout | undefined;
  /** Serves the fallback instead of Next's answer; Next's later calls go nowhere. */
  const replace = () => {
    if (replaced || started || !fallback || res.headersSent || res.writableEnded) return;
    replaced = true;
    clearTimeout(timer);
    for (const name of res.getHeaderNames()) res.removeHeader(name);
    // Node's own writeHead and end call the response's methods: they run before Next's are muted.
    original.writeHead(fallback.status, { ...fallback.headers, 'x-page-cache': 'STALE' });
    original.end(req.method === 'HEAD' ? undefined : fallback.body);
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
  };
  /** Called before Next's first byte: a server error is replaced when a copy exists. */
  const starting = (status: number) => {
    if (started || replaced) return;
    if (status >= 500 && fallback) {
      suspectDatabase();
      replace();
      return;
    }
    started = true;
    clearTimeout(timer);
  };
  if (fallback) {
    timer = setTimeout(() => {
      if (started || replaced) return;
      void databaseAnswers(options).then((ok) => {
        if (!ok) replace();
      });
    }, STALE_AFTER_MS);
    res.once('close', () => clearTimeout(timer));
  }
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    starting(status);
    return replaced ? res : original.writeHead(status, ...rest);
  }) as ServerResponse['writeHead'];

  const chunks: Buffer[] = [];
  let size = 0;
  let tooBig = false;
  const keep = (chunk: unknown, encoding?: BufferEncoding) => {
    if (tooBig || chunk === undefined || chunk === null || typeof chunk === 'function') return;
    const buffer = Buffer.isBuffer(chunk) ? chunk : typeof chunk === 'string' ? Buffer.from(chunk, encoding) : Buffer.from(chunk as Uint8Array);
    size += buffer.length;
    if (size > options.maxBytes / 16) tooBig = true;
    else chunks.push(buffer);
  };
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    starting(res.statusCode);
    if (replaced) return true;
    keep(chunk, typeof rest[0] === 'string' ? (rest[0] as BufferEncoding) : undefined);
    return original.write(chunk, ...rest);
  }) as ServerResponse['write'];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    starting(res.statusCode);
    if (replaced) return res;
    keep(chunk, typeof rest[0] === 'string' ? (rest[0] as BufferEncoding) : undefined);
    const s = store();
    const previous = s.entries.get(key);
    const status = res.statusCode;
    const fresh = s.generation === generation && isStorable(res, urlOnly);
    // Any whole public page without a cookie may stand in during an outage; only a cache hit (or
    // an address-only page) rendered with no write in between is served as fresh.
    const keepable = !tooBig && isFallback(res);
    if (previous && (keepable || (status < 500 && status !== 304))) {
      s.entries.delete(key);
      s.bytes -= previous.body.length;
    }
    if (keepable) {
      const headers: OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(res.getHeaders())) {
        if (!DROPPED_RESPONSE_HEADERS.has(name) && value !== undefined) headers[name] = value;
      }
      const body = Buffer.concat(chunks);
      headers['content-length'] = body.length;
      const etag = typeof headers.etag === 'string' ? headers.etag : undefined;
      s.entries.set(key, { status: 200, headers, body, storedAt: Date.now(), etag, stale: !fresh });
      s.bytes += body.length;
      // Oldest first: Map keeps insertion order.
      for (const [oldKey, old] of s.entries) {
        if (s.bytes <= options.maxBytes) break;
        s.entries.delete(oldKey);
        s.bytes -= old.body.length;
      }
    }
    return original.end(chunk, ...rest);
  }) as ServerResponse['end'];
}
