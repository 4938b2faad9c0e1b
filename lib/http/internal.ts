/**
 * Calls the production server makes to itself (a write rendering the pages being read, see
 * lib/http/page-cache.ts). Authenticated by a random secret created at start-up and shared in-process.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';

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
