/**
 * A per-address, per-minute request counter (per app instance): the open series API and the
 * search suggestions use one each. `check` returns the RateLimit-* headers to send, and
 * `retryAfter` (seconds) once the limit is passed.
 */
import { CLIENT_IP_HEADER } from './client-ip';

type Window = { start: number; count: number };

export type RateLimiter = {
  check(request: Request, now?: number): { headers: Record<string, string>; retryAfter: number | null };
  /** Forgets every count (tests). */
  reset(): void;
};

export function createRateLimiter(perMinute: number): RateLimiter {
  const windows = new Map<string, Window>();
  return {
    check(request, now = Date.now()) {
      const address = request.headers.get(CLIENT_IP_HEADER) ?? 'inconnue';
      const minute = Math.floor(now / 60_000) * 60_000;
      let w = windows.get(address);
      if (!w || w.start !== minute) {
        w = { start: minute, count: 0 };
        windows.set(address, w);
        if (windows.size > 50_000) for (const [k, v] of windows) if (v.start !== minute) windows.delete(k);
      }
      w.count++;
      const reset = Math.ceil((minute + 60_000 - now) / 1000);
      const headers = {
        'RateLimit-Limit': String(perMinute),
        'RateLimit-Remaining': String(Math.max(0, perMinute - w.count)),
        'RateLimit-Reset': String(reset),
      };
      return { headers, retryAfter: w.count > perMinute ? reset : null };
    },
    reset: () => windows.clear(),
  };
}
