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
 * no cookie set; every content write clears the whole cache (`clearPageCache`), and entries
 * expire after `ttlMs` anyway (other app instances' writes, time-based revalidation).
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';

type Entry = { status: number; headers: OutgoingHttpHeaders; body: Buffer; storedAt: number; etag?: string; refreshingSince?: number };

type Store = { entries: Map<string, Entry>; bytes: number; generation: number };

const g = globalThis as typeof globalThis & { __insstatPageCache?: Store };
/** Shared through `globalThis`: the custom server and Next's bundled modules are separate module graphs. */
function store(): Store {
  g.__insstatPageCache ??= { entries: new Map(), bytes: 0, generation: 0 };
  return g.__insstatPageCache;
}

/** Drops every stored page; called after each content write (see lib/cache/invalidate.ts). */
export function clearPageCache(): void {
  const s = store();
  s.entries.clear();
  s.bytes = 0;
  s.generation++;
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

/** Whether a finished response may be stored. */
function isStorable(res: Pick<ServerResponse, 'statusCode' | 'getHeader'>, urlOnly: boolean): boolean {
  return (
    res.statusCode === 200 &&
    (urlOnly || res.getHeader('x-nextjs-cache') === 'HIT') &&
    String(res.getHeader('content-type') ?? '').startsWith('text/html') &&
    res.getHeader('set-cookie') === undefined
  );
}

export type PageCacheOptions = {
  ttlMs: number;
  maxBytes: number;
  /**
   * Public pages Next renders on every request whose answer depends on nothing but their address
   * (no session, no cookie): kept like cache hits. `/recherche?q=…` is one — a popular or shared
   * search is then answered from memory instead of a whole render (~30 renders/s on 2 cores).
   */
  urlOnlyPaths?: readonly string[];
};

const pathOf = (key: string) => key.slice(key.indexOf(' ') + 1).split('?')[0]!;

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
  if (hit && (now - hit.storedAt < options.ttlMs || refreshing)) {
    const notModified = hit.etag !== undefined && req.headers['if-none-match'] === hit.etag;
    const headers: OutgoingHttpHeaders = { ...hit.headers, 'x-page-cache': 'HIT' };
    if (notModified) delete headers['content-length'];
    res.writeHead(notModified ? 304 : hit.status, headers);
    res.end(notModified || req.method === 'HEAD' ? undefined : hit.body);
    return;
  }
  if (req.method !== 'GET') {
    void next();
    return;
  }
  if (hit) hit.refreshingSince = now;
  record(res, key, s.generation, options, options.urlOnlyPaths?.includes(pathOf(key)) ?? false);
  void next();
}

/** How long a refresh may take before another request tries again. */
const REFRESH_TIMEOUT_MS = 10_000;

/** Wraps `res.write`/`res.end` to keep a copy of the body, and stores it when the response qualifies. */
function record(res: ServerResponse, key: string, generation: number, options: PageCacheOptions, urlOnly: boolean): void {
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
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    keep(chunk, typeof rest[0] === 'string' ? (rest[0] as BufferEncoding) : undefined);
    return write(chunk, ...rest);
  }) as ServerResponse['write'];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    keep(chunk, typeof rest[0] === 'string' ? (rest[0] as BufferEncoding) : undefined);
    const s = store();
    const previous = s.entries.get(key);
    if (previous) {
      s.entries.delete(key);
      s.bytes -= previous.body.length;
    }
    // A write that happened while this page rendered makes it unsafe to keep.
    if (!tooBig && s.generation === generation && isStorable(res, urlOnly)) {
      const headers: OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(res.getHeaders())) {
        if (!DROPPED_RESPONSE_HEADERS.has(name) && value !== undefined) headers[name] = value;
      }
      const body = Buffer.concat(chunks);
      headers['content-length'] = body.length;
      s.entries.set(key, { status: 200, headers, body, storedAt: Date.now(), etag: typeof headers.etag === 'string' ? headers.etag : undefined });
      s.bytes += body.length;
      // Oldest first: Map keeps insertion order.
      for (const [oldKey, old] of s.entries) {
        if (s.bytes <= options.maxBytes) break;
        s.entries.delete(oldKey);
        s.bytes -= old.body.length;
      }
    }
    return end(chunk, ...rest);
  }) as ServerResponse['end'];
}
