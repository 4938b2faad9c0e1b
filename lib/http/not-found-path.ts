/**
 * Writes the requested path into the prerendered 404 page (« Page not found: {path} ») on the
 * server, so readers without JavaScript see it too. Only 404 HTML responses are touched: they
 * are small, so buffering, and un- and re-compressing when Next gzipped them, costs little.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import zlib from 'node:zlib';

const MARKER = '<span data-current-path="">';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The 404 body with the path written into the marker (or unchanged when there is none). */
export function withPath(html: string, path: string): string {
  return html.replace(`${MARKER}</span>`, `${MARKER}${escapeHtml(path)}</span>`);
}

/** Wraps the response so a 404 HTML page gets the request's path. */
export function fillNotFoundPath(req: IncomingMessage, res: ServerResponse): void {
  let path: string;
  try {
    path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
  } catch {
    path = new URL(req.url ?? '/', 'http://x').pathname;
  }
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

  const keep = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    chunks.push(Buffer.isBuffer(chunk) ? chunk : typeof chunk === 'string' ? Buffer.from(chunk, (encoding as BufferEncoding) ?? 'utf8') : Buffer.from(chunk as Uint8Array));
  };

  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (!holding && !res.headersSent && is404Html(res.statusCode)) {
      holding = true;
      heldHead = [res.statusCode];
    }
    if (!holding) return write(chunk, ...rest);
    keep(chunk, rest[0]);
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
    if (typeof chunk !== 'function') keep(chunk, rest[0]);
    const callback = [chunk, ...rest].find((r) => typeof r === 'function') as (() => void) | undefined;
    let body = Buffer.concat(chunks);
    const gzipped = String(res.getHeader('content-encoding') ?? '') === 'gzip';
    try {
      const html = (gzipped ? zlib.gunzipSync(body) : body).toString('utf8');
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
