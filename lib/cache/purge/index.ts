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

/** The purge target configured (`CACHE_PURGE`), or null. */
export function purgeTarget(): PurgeTarget | null {
  switch (env.CACHE_PURGE) {
    case 'varnish':
      return env.CACHE_PURGE_URL ? { kind: 'varnish', url: env.CACHE_PURGE_URL } : null;
    case 'http':
      return env.CACHE_PURGE_URL ? { kind: 'http', url: env.CACHE_PURGE_URL, token: env.CACHE_PURGE_TOKEN } : null;
    case 'cloudflare':
      return env.CLOUDFLARE_ZONE_ID && env.CACHE_PURGE_TOKEN
        ? { kind: 'cloudflare', apiUrl: env.CLOUDFLARE_API_URL, zoneId: env.CLOUDFLARE_ZONE_ID, token: env.CACHE_PURGE_TOKEN }
        : null;
    default:
      return null;
  }
}

/** The cache headers' settings (lib/http/cache-headers.ts) from the configuration. */
export function cachePolicy(): CachePolicy {
  return {
    sharedSeconds: env.CACHE_SHARED_SECONDS,
    purgedSeconds: env.CACHE_PURGED_SECONDS,
    staleIfErrorSeconds: env.CACHE_STALE_IF_ERROR_SECONDS,
    purging: purgeTarget() !== null,
  };
}

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
        if (!accepted) console.warn(`Purge du cache (${target.kind}) refusée : ${response.status} (nouvel essai).`);
      } catch (error) {
        console.warn(`Purge du cache (${target.kind}) impossible (nouvel essai) :`, error instanceof Error ? error.message : error);
      }
    }
    if (!accepted) all = false;
  }
  if (!all)
    console.error(
      `Purge du cache (${target.kind}) abandonnée pour ${tags.length} étiquette(s) : les copies tombent à leur échéance (CACHE_PURGED_SECONDS).`,
    );
  return all;
}

/**
 * After a write of this process: purges `tags` once `settled` resolves (the write's page renders,
 * at most `SETTLE_LIMIT_MS`), then once more `REPURGE_AFTER_MS` later. Returns at once; nothing to
 * do without a configured target.
 */
export function schedulePurge(tags: readonly string[], settled: () => Promise<void> = () => Promise.resolve()): void {
  const target = purgeTarget();
  if (!target || tags.length === 0) return;
  void (async () => {
    await Promise.race([settled().catch(() => undefined), sleep(SETTLE_LIMIT_MS)]);
    await sendPurge(target, tags);
    await sleep(REPURGE_AFTER_MS);
    await sendPurge(target, tags);
  })();
}
