// Next's handler of whole pages and route responses (next.config.ts `cacheHandler`): Next's own
// file-system cache, plus one check — an entry is a miss when one of its tags changed, on any app
// instance, at or after the time its render started (lib/cache/tag-store.ts). Needed because a
// page served whole from this cache never reaches `refreshTags`: the check is in memory, no query
// per request. Plain JavaScript: Next imports this file by path at run time, without compiling it.
//
// Why the render's start and not the time it was stored: a render that read the database before a
// save and finished after it holds the old content; dated by its end, it would pass the tag check
// and be served until the next write (seen in CI: an edited news item showed its old title to
// every reader after the save, the crawl having asked for the page while it was being saved). The
// render starts at the miss that precedes it, so each miss is dated, and the entry stored next for
// that key takes the earliest pending miss's date. One render has no miss before it: Next's
// background upgrade of a fallback shell into the page of one address (`partialPrefetching`)
// stores a render no lookup announced; its start is unknown, so it is trusted only if none of its
// tags changed in the `UNKNOWN_START_MS` before it was stored (seen in CI too: the upgrade began
// before the editor's save and was stored after it).
//
// A miss must also not be answered by a render that began before a save. Next shares a render
// under way with the requests for the same page that arrive meanwhile; the background upgrade
// above is such a render, started by a reader's visit and still running when the editor saves, and
// the next reader after the save joined it and got the old title (seen in CI). An upgrade is known
// by its trace: a miss of a page, then at once a hit of its route's fallback shell (a key with
// `[param]`, same route). A later miss of that page, after a tag change, waits for the upgrade to
// be stored (at most `SETTLE_WAIT_MS`), then renders anew. Other misses never wait: pages rendered
// for each request (the back-office) miss and are never stored.
import fileSystemCache from 'next/dist/server/lib/incremental-cache/file-system-cache.js';

/** @typedef {{ isStale(tags: Iterable<string>, writtenAt: number): boolean; lastChangeAt(): number; pending(): Promise<void> | undefined }} TagStore */
/** @typedef {{ lastModified?: number; value: null | { kind: string; headers?: Record<string, unknown> } }} Entry */

const FileSystemCache = fileSystemCache.default ?? fileSystemCache;
const STORE_KEY = Symbol.for('insstat.cacheTagStore');
/** @returns {TagStore | undefined} the process's store; none during the build and on hosts without one. */
const store = () => /** @type {Record<symbol, TagStore | undefined>} */ (/** @type {unknown} */ (globalThis))[STORE_KEY];

/**
 * The tags of a stored page or response (the header Next writes into it), or of a fetch.
 * @param {Entry} entry
 * @param {{ tags?: string[]; softTags?: string[] }} ctx
 */
function tagsOf(entry, ctx) {
  const value = entry.value;
  if (!value) return [];
  if (value.kind === 'FETCH') return [...(ctx.tags ?? []), ...(ctx.softTags ?? [])];
  const header = value.headers?.['x-next-cache-tags'];
  return typeof header === 'string' ? header.split(',') : [];
}

// Process-wide, like Next's own memory cache: Next may build a handler per request, and the render
// stored by one request is read by the next ones.
/** @type {Map<string, number[]>} the misses not yet followed by a store, per key, oldest first (one per render under way) */
const missedAt = new Map();
/** A render lasts seconds at worst: an older miss was never followed by a store (an error, a 404). */
const MISS_TTL_MS = 5 * 60_000;
/** How long before it was stored a render of unknown start may have begun (a render under load takes seconds). */
const UNKNOWN_START_MS = 30_000;
/** Keys of misses kept at most (unknown addresses miss too); the oldest go first. */
const MAX_MISSED_KEYS = 10_000;
/** @type {Map<string, { startedAt: number; storedAt: number }>} when the render of the entry last stored for a key began (at the latest) */
const rendered = new Map();
/**
 * A render that began before a save is waited for this long at most: an upgrade takes 0.4 s here
 * unloaded, a few seconds under load. A page wrongly taken for one (a navigation's lookup of the
 * shell also reads a `[param]` key) waits this long once after a save: kept well under a reader's patience.
 */
const SETTLE_WAIT_MS = 4_000;
/** @type {Map<string, (() => void)[]>} misses waiting for the upgrade under way for a key to be stored */
const settling = new Map();
/** @type {Map<string, number>} pages whose fallback shell was served, with the time of the miss that started their upgrade */
const upgrading = new Map();
/** @type {[key: string, at: number][]} the latest misses, to find the one a fallback shell answers */
const recentMisses = [];
/** A fallback shell is looked up right after the miss it answers (milliseconds; a loaded machine takes longer). */
const FALLBACK_AFTER_MISS_MS = 2_000;
const PATH_MARK = '/$/';
/** The route a key belongs to (Next's keys: `/route-cache/APP_PAGE/<route>/$/<path>`). */
const routeOf = (/** @type {string} */ key) => key.slice(0, Math.max(0, key.indexOf(PATH_MARK)));
/** Whether a key is a route's fallback shell (its path keeps a `[param]`). */
const isFallbackShell = (/** @type {string} */ key) => key.includes(PATH_MARK) && key.slice(key.indexOf(PATH_MARK)).includes('[');

export default class SharedTagsCacheHandler {
  /** @param {unknown} ctx */
  constructor(ctx) {
    this.inner = new FileSystemCache(ctx);
  }

  /**
   * The time a stored entry stands for: its render's start when this process rendered it, else
   * the time it was written (a copy from the build or the disk).
   * @param {string} key
   * @param {Entry} entry
   */
  writtenAt(key, entry) {
    const mine = rendered.get(key);
    // The entry in the store is the one this process stored last (or a newer one from the disk).
    return mine && entry.lastModified !== undefined && entry.lastModified >= mine.storedAt ? mine.startedAt : /** @type {number} */ (entry.lastModified);
  }

  /** @param {string} key */
  missed(key) {
    const now = Date.now();
    const pending = (missedAt.get(key) ?? []).filter((at) => now - at < MISS_TTL_MS);
    pending.push(now);
    missedAt.delete(key);
    missedAt.set(key, pending);
    if (missedAt.size > MAX_MISSED_KEYS) missedAt.delete(/** @type {string} */ (missedAt.keys().next().value));
    recentMisses.push([key, now]);
    if (recentMisses.length > 64) recentMisses.shift();
  }

  /**
   * A route's fallback shell was found: the pages of that route that just missed are answered with
   * it, and Next upgrades each in the background (a render that stores the page).
   * @param {string} shellKey
   */
  fallbackServed(shellKey) {
    const route = routeOf(shellKey);
    const now = Date.now();
    for (const [key, at] of recentMisses) {
      if (now - at <= FALLBACK_AFTER_MISS_MS && routeOf(key) === route && !isFallbackShell(key) && !upgrading.has(key)) upgrading.set(key, at);
    }
    if (upgrading.size > MAX_MISSED_KEYS) upgrading.delete(/** @type {string} */ (upgrading.keys().next().value));
  }

  /**
   * When the render being stored for `key` began: the oldest pending miss (renders end roughly in
   * the order they began; an earlier date only costs one more render), else — a render no lookup
   * announced — as early as it may have begun.
   * @param {string} key
   */
  startOf(key) {
    const now = Date.now();
    const pending = (missedAt.get(key) ?? []).filter((at) => now - at < MISS_TTL_MS);
    const started = pending.shift() ?? now - UNKNOWN_START_MS;
    if (pending.length > 0) missedAt.set(key, pending);
    else missedAt.delete(key);
    return started;
  }

  /**
   * Before a miss is answered: when the upgrade of `key` is under way and began before the latest
   * tag change, waits until it is stored — Next would otherwise hand this request that render's
   * old content — and one more turn of the event loop, so Next has released it before the request
   * asks for its own.
   * @param {string} key
   */
  async settle(key) {
    const tags = store();
    const now = Date.now();
    const since = upgrading.get(key);
    if (!tags || since === undefined || now - since >= SETTLE_WAIT_MS || tags.lastChangeAt() < since) return;
    await new Promise((resolve) => {
      const timer = setTimeout(resolve, SETTLE_WAIT_MS - (now - since));
      settling.set(key, [...(settling.get(key) ?? []), () => (clearTimeout(timer), resolve(undefined))]);
    });
    await new Promise((resolve) => setImmediate(resolve));
  }

  /**
   * @param {string} key
   * @param {{ tags?: string[]; softTags?: string[]; isFallback?: boolean }} ctx
   */
  async get(key, ctx) {
    /** @type {Entry | null} */
    const entry = await this.inner.get(key, ctx);
    const tags = store();
    if (entry && isFallbackShell(key)) this.fallbackServed(key);
    if (!entry) {
      await this.settle(key);
      this.missed(key);
    }
    if (!entry || !tags || typeof entry.lastModified !== 'number' || entry.lastModified < 0) return entry;
    await tags.pending();
    if (!tags.isStale(tagsOf(entry, ctx), this.writtenAt(key, entry))) return entry;
    // A miss, not a stale entry: the request renders the page anew instead of serving this copy once more.
    await this.settle(key);
    this.missed(key);
    return null;
  }

  /**
   * @param {string} key
   * @param {unknown[]} rest
   */
  async set(key, ...rest) {
    const startedAt = this.startOf(key);
    const storedAt = Date.now();
    await this.inner.set(key, ...rest);
    rendered.set(key, { startedAt, storedAt });
    upgrading.delete(key);
    const waiting = settling.get(key);
    settling.delete(key);
    for (const done of waiting ?? []) done();
  }

  /** @param {unknown[]} args */
  revalidateTag(...args) {
    return this.inner.revalidateTag(...args);
  }

  resetRequestCache() {
    this.inner.resetRequestCache();
  }
}
