/**
 * Purges the caches in front (Varnish, a CDN, any hook) by tag after every write made by this
 * process — the scheduler's publications included, which go through the same invalidation — so a
 * purged cache may keep pages long and still never show a withdrawn one. Sent by the writing
 * instance only (the tag store's bump: other instances learn by notification and purge nothing),
 * once the write's pages are rendered here (a cache that refetches at once must get the new page,
 * not the copy readers got during the save), in the background: an editor's save never waits for
 * it. Retried, and sent once more a little later for a fetch the cache began before the write.
 */
import { env } from '@/lib/env';
import type { CachePolicy } from '@/lib/http/cache-headers';
import { purgeAccepted, purgeRequests, type PurgeTarget } from './adapters';

/** Each attempt's limit, and the waits before the next attempts. */
const ATTEMPT_TIMEOUT_MS = 2_000;
const RETRY_DELAYS_MS = [500, 2_000, 5_000];
/**
 * The second purge: a cache's fetch that began before the write and ends after the first purge
 * would store the old page. A render under load takes well under this.
 */
export const REPURGE_AFTER_MS = 2_000;
/** Longest wait for the write's page renders (lib/http/page-cache.ts gives them 3 s) before purging anyway. */
const SETTLE_LIMIT_MS = 4_000;

/** The purge targets configured (`CACHE_PURGE`, one per URL of `CACHE_PURGE_URL`); empty without purging. */
export function purgeTargets(): PurgeTarget[] {
  switch (env.CACHE_PURGE) {
    case 'varnish':
      return env.CACHE_PURGE_URL.map((url) => ({ kind: 'varnish', url }));
    case 'http':
      return env.CACHE_PURGE_URL.map((url) => ({ kind: 'http', url, token: env.CACHE_PURGE_TOKEN }));
    case 'cloudflare':
      return env.CLOUDFLARE_ZONE_ID && env.CACHE_PURGE_TOKEN
        ? [{ kind: 'cloudflare', apiUrl: env.CLOUDFLARE_API_URL, zoneId: env.CLOUDFLARE_ZONE_ID, token: env.CACHE_PURGE_TOKEN }]
        : [];
    default:
      return [];
  }
}

/** The cache headers' settings (lib/http/cache-headers.ts) from the configuration. */
export function cachePolicy(): CachePolicy {
  return {
    sharedSeconds: env.CACHE_SHARED_SECONDS,
    purgedSeconds: env.CACHE_PURGED_SECONDS,
    staleIfErrorSeconds: env.CACHE_STALE_IF_ERROR_SECONDS,
    purging: purgeTargets().length > 0,
  };
}

let lastFailureLog = 0;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * Sends the purge of `tags` to `target`, retrying each request; resolves true when every request
 * was accepted. Never rejects.
 */
export async function sendPurge(
  target: PurgeTarget,
  tags: readonly string[],
  options: { delaysMs?: readonly number[]; timeoutMs?: number } = {},
): Promise<boolean> {
  const delays = options.delaysMs ?? RETRY_DELAYS_MS;
  let all = true;
  let reason = '';
  for (const request of purgeRequests(target, tags)) {
    let accepted = false;
    for (let attempt = 0; attempt <= delays.length && !accepted; attempt++) {
      if (attempt > 0) await sleep(delays[attempt - 1]!);
      try {
        const response = await fetch(request.url, {
          method: request.method,
          headers: request.headers,
          body: request.body,
          signal: AbortSignal.timeout(options.timeoutMs ?? ATTEMPT_TIMEOUT_MS),
        });
        accepted = await purgeAccepted(target, response);
        if (!accepted) reason = `réponse ${response.status}`;
      } catch (error) {
        reason = error instanceof Error ? error.message : String(error);
      }
    }
    if (!accepted) all = false;
  }
  // Once a minute at most: a cache down for a while must not fill the log with one line per write.
  if (!all && Date.now() - lastFailureLog >= 60_000) {
    lastFailureLog = Date.now();
    console.error(
      `Purge du cache (${target.kind}, ${'url' in target ? target.url : 'API'}) abandonnée après ${delays.length + 1} essais (${reason}) : ` +
        `les copies tombent à leur échéance (CACHE_PURGED_SECONDS, ou la prochaine échéance programmée).`,
    );
  }
  return all;
}

/**
 * After a write of this process: purges `tags` once `settled` resolves (the write's page renders,
 * at most `SETTLE_LIMIT_MS`), then once more `REPURGE_AFTER_MS` later. Returns at once; nothing to
 * do without a configured target.
 */
export function schedulePurge(tags: readonly string[], settled: () => Promise<void> = () => Promise.resolve()): void {
  const targets = purgeTargets();
  if (targets.length === 0 || tags.length === 0) return;
  const ready = Promise.race([settled().catch(() => undefined), sleep(SETTLE_LIMIT_MS)]);
  // One chain per target: a cache that is down (its retries) never delays the others' purges.
  for (const target of targets)
    void (async () => {
      await ready;
      await sendPurge(target, tags);
      await sleep(REPURGE_AFTER_MS);
      await sendPurge(target, tags);
    })();
}
