/**
 * Serving a stored file: content type from the checked type, RFC 6266 filename, validators,
 * and HTTP Range (a reader on a slow link can resume a large yearbook).
 */
import { Readable } from 'node:stream';
import type { StorageDriver } from '@/lib/storage/types';

export type DownloadableFile = {
  id: string;
  name: string;
  mime: string;
  ext: string;
  size: number;
  sha256: string;
  storageKey: string;
  createdAt: Date;
};

const inline = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);

/** `Content-Disposition` with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
function contentDisposition(name: string, type: 'inline' | 'attachment'): string {
  const ascii = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Parses a single `bytes=` range against a size; null when absent, 'invalid' when unsatisfiable. */
function parseRange(header: string | null, size: number): { start: number; end: number } | null | 'invalid' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return 'invalid';
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'invalid';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (!Number.isSafeInteger(start) || start > end || start >= size) return 'invalid';
  return { start, end };
}

/** The HTTP response for a file download (GET or HEAD). */
export async function fileResponse(
  request: Request,
  file: DownloadableFile,
  storage: StorageDriver,
  cacheControl: string,
): Promise<Response> {
  const etag = `"${file.sha256}"`;
  const headers = new Headers({
    'Content-Type': file.mime,
    'Content-Disposition': contentDisposition(file.name, inline.has(file.mime) ? 'inline' : 'attachment'),
    ETag: etag,
    'Last-Modified': file.createdAt.toUTCString(),
    'Cache-Control': cacheControl,
    'Accept-Ranges': 'bytes',
    'X-Content-Type-Options': 'nosniff',
  });
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });

  const ifRange = request.headers.get('if-range');
  const range = ifRange && ifRange !== etag ? null : parseRange(request.headers.get('range'), file.size);
  if (range === 'invalid') {
    headers.set('Content-Range', `bytes */${file.size}`);
    return new Response(null, { status: 416, headers });
  }
  const status = range ? 206 : 200;
  const length = range ? range.end - range.start + 1 : file.size;
  headers.set('Content-Length', String(length));
  if (range) headers.set('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`);
  if (request.method === 'HEAD') return new Response(null, { status, headers });
  const stream = await storage.get(file.storageKey, range ?? undefined);
  return new Response(Readable.toWeb(stream) as ReadableStream, { status, headers });
}
