/**
 * Unknown addresses, under the production server (scripts/production-server.ts).
 *
 * 1. The path is written into the 404 page (« Page not found: {path} ») on the server, so readers
 *    without JavaScript see it too. Only 404 HTML responses are touched: they are small, so
 *    buffering, and un- and re-compressing when Next gzipped them, costs little.
 * 2. An address nothing answers (the decision proxy.ts makes, `isUnknownPublicPath`) is answered
 *    here, before Next: from one copy of Next's own 404 per language, taken from the last one Next
 *    rendered, with the path filled in. A scanner's stream of random addresses then costs no render
 *    (30–45 ms of CPU each). The copy is dropped at every write, like the page cache's pages (the
 *    frame shows the institute's name and areas), and after the page cache's time. Gzip is built
 *    around the path from the copy compressed once: a few microseconds, not a compression per answer.
 *
 * Under `next start` and on serverless hosts, proxy.ts sends the same addresses to Next's 404 page.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import { chunkBuffer, isNextRequest, PER_ANSWER_HEADERS } from './replay';
import { stored } from './template';

const MARKER = '<span data-current-path="">';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The 404 body with the path written into the marker (or unchanged when there is none). */
export function withPath(html: string, path: string): string {
  return html.replace(`${MARKER}</span>`, `${MARKER}${escapeHtml(path)}</span>`);
}

/** The path as the 404 page shows it: decoded when it can be. */
function shownPath(url: string): string {
  const pathname = new URL(url, 'http://x').pathname;
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/** Next's 404 page as rendered, before the path is written into it, with its headers. */
type Rendered = { html: string; headers: OutgoingHttpHeaders };

/**
 * Wraps the response so a 404 HTML page gets the request's path; `keep` receives the page as Next
 * rendered it (the copy answered from afterwards).
 */
export function fillNotFoundPath(req: IncomingMessage, res: ServerResponse, keep?: (rendered: Rendered) => void): void {
  const path = shownPath(req.url ?? '/');
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  let holding = false;
  let heldHead: unknown[] = [];
  const chunks: Buffer[] = [];

  const is404Html = (status: number) => status === 404 && String(res.getHeader('content-type') ?? '').startsWith('text/html');

  res.writeHead = ((status: number, ...rest: unknown[]) => {
    const headers = rest.find((r) => typeof r === 'object' && r !== null) as OutgoingHttpHeaders | undefined;
    for (const [k, v] of Object.entries(headers ?? {})) if (v !== undefined) res.setHeader(k, v);
    if (is404Html(status)) {
      holding = true;
      heldHead = [status];
      res.statusCode = status;
      return res;
    }
    return writeHead(status, ...rest.filter((r) => typeof r === 'string'));
  }) as ServerResponse['writeHead'];

  const hold = (chunk: unknown, encoding?: unknown) => {
    const buffer = chunkBuffer(chunk, encoding);
    if (buffer) chunks.push(buffer);
  };

  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (!holding && !res.headersSent && is404Html(res.statusCode)) {
      holding = true;
      heldHead = [res.statusCode];
    }
    if (!holding) return write(chunk, ...rest);
    hold(chunk, rest[0]);
    const callback = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
    callback?.();
    return true;
  }) as ServerResponse['write'];

  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (!holding && !res.headersSent && is404Html(res.statusCode)) {
      holding = true;
      heldHead = [res.statusCode];
    }
    if (!holding) return end(chunk, ...rest);
    if (typeof chunk !== 'function') hold(chunk, rest[0]);
    const callback = [chunk, ...rest].find((r) => typeof r === 'function') as (() => void) | undefined;
    let body = Buffer.concat(chunks);
    const gzipped = String(res.getHeader('content-encoding') ?? '') === 'gzip';
    try {
      const html = (gzipped ? zlib.gunzipSync(body) : body).toString('utf8');
      if (keep && res.getHeader('set-cookie') === undefined) keep({ html, headers: res.getHeaders() });
      const filled = Buffer.from(withPath(html, path), 'utf8');
      body = gzipped ? zlib.gzipSync(filled) : filled;
    } catch {
      // Not what we expected (another encoding): send it as it was.
    }
    res.setHeader('content-length', body.length);
    res.removeHeader('transfer-encoding');
    writeHead(heldHead[0] as number);
    return end(body, callback);
  }) as ServerResponse['end'];
}

/** Per-answer headers, and those rebuilt for each answer from the copy. */
const DROPPED = new Set<string>([...PER_ANSWER_HEADERS, 'content-length', 'content-encoding', 'x-middleware-rewrite']);

type Copy = {
  before: Buffer;
  after: Buffer;
  headers: OutgoingHttpHeaders;
  generation: number;
  at: number;
  /** Gzip: header and `before` compressed (ending on a full flush), `after` compressed to the end, and `before`'s CRC. */
  gzip: { head: Buffer; tail: Buffer; crc: number };
};

export type NotFoundOptions = {
  /** Whether nothing answers at a path (lib/routing/path-index.ts). */
  isUnknown: (pathname: string) => Promise<boolean>;
  /** The language of a path's 404 page. */
  localeOf: (pathname: string) => string;
  /** Bumped by every write, here or on another instance (the page cache's). */
  generation: () => number;
  /** How long a copy serves at most. */
  ttlMs: number;
  /** Where proxy.ts rewrites an unknown path (Next's answer names it in `x-middleware-rewrite`). */
  rewrittenTo: string;
  /** Paths proxy.ts sees (its matcher). */
  proxied: RegExp;
};

// Gzip member header: deflate, no name, no time, unknown OS.
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

function copyOf({ html, headers }: Rendered, generation: number): Copy | null {
  const at = html.indexOf(`${MARKER}</span>`);
  if (at < 0 || html.indexOf(MARKER, at + 1) >= 0) return null;
  const before = Buffer.from(html.slice(0, at + MARKER.length));
  const after = Buffer.from(html.slice(at + MARKER.length));
  const kept: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !DROPPED.has(name)) kept[name] = value;
  const head = Buffer.concat([GZIP_HEADER, zlib.deflateRawSync(before, { finishFlush: zlib.constants.Z_FULL_FLUSH })]);
  return {
    before,
    after,
    headers: kept,
    generation,
    at: Date.now(),
    gzip: { head, tail: zlib.deflateRawSync(after), crc: zlib.crc32(before) },
  };
}

/**
 * A gzip stream of `before`, `middle`, `after`: the copy's compressed parts with `middle` between
 * them in stored (uncompressed) deflate blocks, and the whole's CRC and length at the end.
 */
export function gzipAround(copy: Pick<Copy, 'before' | 'after' | 'gzip'>, middle: Buffer): Buffer {
  const parts: Buffer[] = [copy.gzip.head, ...stored(middle), copy.gzip.tail];
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(zlib.crc32(copy.after, zlib.crc32(middle, copy.gzip.crc)) >>> 0, 0);
  trailer.writeUInt32LE((copy.before.length + middle.length + copy.after.length) % 2 ** 32, 4);
  parts.push(trailer);
  return Buffer.concat(parts);
}

/**
 * The production server's first step for documents: unknown addresses answered from the copy or,
 * when there is none yet, by Next (whose answer becomes the copy); every other request goes to
 * `next` with its 404s, if any, given their path.
 */
export function createNotFoundAnswer(options: NotFoundOptions) {
  const copies = new Map<string, Copy>();
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const url = req.url ?? '/';
    const pathname = url.split('?')[0]!;
    const candidate =
      req.method === 'GET' &&
      !isNextRequest(req) &&
      options.proxied.test(pathname) &&
      pathname !== '/admin' &&
      !pathname.startsWith('/admin/') &&
      // Addresses Next would redirect or normalize first (a trailing slash, `//`, dot segments) go to it.
      !pathname.endsWith('/') &&
      !pathname.includes('//') &&
      isNormal(url);
    if (!candidate) {
      fillNotFoundPath(req, res);
      return void next();
    }
    options.isUnknown(pathname).then(
      (unknown) => {
        if (!unknown) {
          fillNotFoundPath(req, res);
          return void next();
        }
        const locale = options.localeOf(pathname);
        const copy = copies.get(locale);
        const generation = options.generation();
        if (copy && copy.generation === generation && Date.now() - copy.at < options.ttlMs)
          return void answer(req, res, copy, url, options);
        fillNotFoundPath(req, res, (rendered) => {
          const taken = options.generation() === generation ? copyOf(rendered, generation) : null;
          if (taken) copies.set(locale, taken);
        });
        next();
      },
      () => {
        fillNotFoundPath(req, res);
        next();
      },
    );
  };
}

/** Whether a URL is written as the URL parser would write it (so its rewrite header is Next's). */
function isNormal(url: string): boolean {
  try {
    const parsed = new URL(url, 'http://x');
    return parsed.pathname + parsed.search === url;
  } catch {
    return false;
  }
}

function answer(req: IncomingMessage, res: ServerResponse, copy: Copy, url: string, options: NotFoundOptions): void {
  const middle = Buffer.from(escapeHtml(shownPath(url)));
  const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  const body = gzip ? gzipAround(copy, middle) : Buffer.concat([copy.before, middle, copy.after]);
  const headers: OutgoingHttpHeaders = { ...copy.headers, 'x-middleware-rewrite': `${options.rewrittenTo}${url}` };
  if (gzip) headers['content-encoding'] = 'gzip';
  headers['content-length'] = body.length;
  res.writeHead(404, headers);
  res.end(body);
}
