/**
 * Calls the production server makes to itself (the scheduler expiring cache tags needs Next's
 * request scope). Authenticated by a random secret created at start-up and shared in-process.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';

export const INTERNAL_HEADER = 'x-insstat-internal';

const globalForSecret = globalThis as typeof globalThis & { __insstatInternalSecret?: string };

/** The process's secret (created on first use; never leaves the process). */
export function internalSecret(): string {
  globalForSecret.__insstatInternalSecret ??= randomBytes(32).toString('hex');
  return globalForSecret.__insstatInternalSecret;
}

/** Whether `given` is the non-empty secret `expected`, compared in constant time. */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return b.length > 0 && a.length === b.length && timingSafeEqual(a, b);
}

/** Whether a request carries this process's secret. */
export function isInternalRequest(request: Request): boolean {
  return sameSecret(request.headers.get(INTERNAL_HEADER) ?? '', globalForSecret.__insstatInternalSecret ?? '');
}
