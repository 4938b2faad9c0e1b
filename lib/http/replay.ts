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
