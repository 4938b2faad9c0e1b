// Next's handler of whole pages and route responses (next.config.ts `cacheHandler`): Next's own
// file-system cache, plus one check — an entry is a miss when one of its tags changed, on any app
// instance, at or after the time it was written (lib/cache/tag-store.ts). Needed because a page
// served whole from this cache never reaches `refreshTags`: the check is in memory, no query per
// request. Plain JavaScript: Next imports this file by path at run time, without compiling it.
import fileSystemCache from 'next/dist/server/lib/incremental-cache/file-system-cache.js';

/** @typedef {{ isStale(tags: Iterable<string>, writtenAt: number): boolean; pending(): Promise<void> | undefined }} TagStore */
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

export default class SharedTagsCacheHandler {
  /** @param {unknown} ctx */
  constructor(ctx) {
    this.inner = new FileSystemCache(ctx);
  }

  /**
   * @param {string} key
   * @param {{ tags?: string[]; softTags?: string[] }} ctx
   */
  async get(key, ctx) {
    /** @type {Entry | null} */
    const entry = await this.inner.get(key, ctx);
    const tags = store();
    if (!entry || !tags || typeof entry.lastModified !== 'number' || entry.lastModified < 0) return entry;
    await tags.pending();
    // A miss, not a stale entry: the request renders the page anew instead of serving this copy once more.
    return tags.isStale(tagsOf(entry, ctx), entry.lastModified) ? null : entry;
  }

  /** @param {unknown[]} args */
  set(...args) {
    return this.inner.set(...args);
  }

  /** @param {unknown[]} args */
  revalidateTag(...args) {
    return this.inner.revalidateTag(...args);
  }

  resetRequestCache() {
    this.inner.resetRequestCache();
  }
}
