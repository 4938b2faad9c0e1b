/**
 * The purge requests of each cache in front, by tag (the same strings as `Surrogate-Key` and
 * `Cache-Tag`, lib/http/cache-headers.ts). One function per cache, the requests as plain data:
 * tested without the cache, sent by ./index.ts.
 */

export type PurgeRequest = { url: string; method: string; headers: Record<string, string>; body?: string };

export type PurgeTarget =
  | { kind: 'varnish'; url: string }
  | { kind: 'http'; url: string; token?: string }
  | { kind: 'cloudflare'; apiUrl: string; zoneId: string; token: string };

/** Varnish (deploy/varnish.vcl): `PURGE` with the keys in `xkey-purge`, kept under its header limit (8 KB). */
const VARNISH_HEADER_CHARS = 4_000;
/** Cloudflare's purge by tag takes at most 30 tags per call (the lowest figure its plans document). */
const CLOUDFLARE_TAGS_PER_CALL = 30;

/** Splits `tags` into batches of at most `max` tags and `chars` characters once joined. */
function batches(tags: readonly string[], max: number, chars: number): string[][] {
  const out: string[][] = [];
  let current: string[] = [];
  let length = 0;
  for (const tag of tags) {
    if (current.length > 0 && (current.length >= max || length + 1 + tag.length > chars)) {
      out.push(current);
      current = [];
      length = 0;
    }
    current.push(tag);
    length += (length === 0 ? 0 : 1) + tag.length;
  }
  if (current.length > 0) out.push(current);
  return out;
}

/** The requests that purge `tags` from `target`. */
export function purgeRequests(target: PurgeTarget, tags: readonly string[]): PurgeRequest[] {
  if (tags.length === 0) return [];
  switch (target.kind) {
    case 'varnish':
      return batches(tags, Number.MAX_SAFE_INTEGER, VARNISH_HEADER_CHARS).map((batch) => ({
        url: target.url,
        method: 'PURGE',
        headers: { 'xkey-purge': batch.join(' ') },
      }));
    case 'http':
      return [
        {
          url: target.url,
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(target.token ? { authorization: `Bearer ${target.token}` } : {}) },
          body: JSON.stringify({ tags }),
        },
      ];
    case 'cloudflare':
      return batches(tags, CLOUDFLARE_TAGS_PER_CALL, Number.MAX_SAFE_INTEGER).map((batch) => ({
        url: `${target.apiUrl.replace(/\/+$/, '')}/zones/${encodeURIComponent(target.zoneId)}/purge_cache`,
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${target.token}` },
        body: JSON.stringify({ tags: batch }),
      }));
  }
}

/** Whether the cache accepted a purge: a 2xx, and for Cloudflare `success: true` in its JSON. */
export async function purgeAccepted(target: PurgeTarget, response: Response): Promise<boolean> {
  if (!response.ok) return false;
  if (target.kind !== 'cloudflare') return true;
  const body = (await response.json().catch(() => null)) as { success?: unknown } | null;
  return body?.success === true;
}
