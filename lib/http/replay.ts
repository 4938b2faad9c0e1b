/**
 * What the production server's replays of Next's answers (lib/http/page-cache.ts, the 404 copies
 * of lib/http/not-found.ts) agree on: which requests are Next's own, which headers are per answer.
 */
import type { IncomingMessage } from 'node:http';

/** Request headers of a navigation, prefetch or server action: Next answers those (RSC, not a document). */
export const NEXT_REQUEST_HEADERS = [
  'rsc',
  'next-router-prefetch',
  'next-router-state-tree',
  'next-router-segment-prefetch',
  'next-action',
  'next-url',
] as const;

/** Whether a request is one of Next's own (a navigation, prefetch or server action). */
export const isNextRequest = (req: Pick<IncomingMessage, 'headers'>) => NEXT_REQUEST_HEADERS.some((h) => req.headers[h] !== undefined);

/** Response headers of one answer on one connection, never replayed. */
export const PER_ANSWER_HEADERS = ['date', 'connection', 'keep-alive', 'transfer-encoding', 'x-search-copy'] as const;

/**
 * A chunk as Next writes it to a response (`res.write`/`res.end`: a Buffer, a string in `encoding`,
 * bytes), as a Buffer; null for no chunk (a callback in its place, or nothing).
 */
export function chunkBuffer(chunk: unknown, encoding?: unknown): Buffer | null {
  if (chunk === undefined || chunk === null || typeof chunk === 'function') return null;
  if (Buffer.isBuffer(chunk)) return chunk;
  if (typeof chunk === 'string') return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  return Buffer.from(chunk as Uint8Array);
}
