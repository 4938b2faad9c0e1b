// Next's handler of `'use cache'` entries (next.config.ts `cacheHandlers.default` and `.remote`):
// Next's own in-memory handler, plus one check — an entry is a miss when one of its tags changed,
// on any app instance, at or after the time it was computed (lib/cache/tag-store.ts). Plain
// JavaScript: Next imports this file by path at run time, without compiling it.
import nextDefault from 'next/dist/server/lib/cache-handlers/default.external.js';

/** @typedef {import('next/dist/server/lib/cache-handlers/types').CacheHandler} CacheHandler */
/**
 * @typedef {{
 *   isStale(tags: Iterable<string>, writtenAt: number): boolean;
 *   refresh(): Promise<void>;
 *   pending(): Promise<void> | undefined;
 * }} TagStore
 */

/** @type {CacheHandler} */
const inner = nextDefault.default ?? nextDefault;
const STORE_KEY = Symbol.for('insstat.cacheTagStore');
/** @returns {TagStore | undefined} the process's store; none during the build and on hosts without one. */
const store = () => /** @type {Record<symbol, TagStore | undefined>} */ (/** @type {unknown} */ (globalThis))[STORE_KEY];

let lastReport = 0;
/** One line at most every 10 s while the database cannot be read (every request would say it). */
function reportOnce(/** @type {unknown} */ error) {
  if (Date.now() - lastReport < 10_000) return;
  lastReport = Date.now();
  console.error('Étiquettes de cache : rattrapage impossible, la page est servie avec ce que cette instance sait.', error);
}

/** @type {CacheHandler} */
const handler = {
  async get(cacheKey, softTags) {
    const entry = await inner.get(cacheKey, softTags);
    const tags = store();
    if (!entry || !tags) return entry;
    await tags.pending();
    // Entries are dated with `performance` (start of their computation); the store with `Date.now()`.
    const writtenAt = entry.timestamp + Date.now() - (performance.timeOrigin + performance.now());
    if (tags.isStale(entry.tags, writtenAt)) {
      void entry.value.cancel();
      return undefined;
    }
    return entry;
  },
  set: (cacheKey, pendingEntry) => inner.set(cacheKey, pendingEntry),
  async refreshTags() {
    await inner.refreshTags();
    // Once per request that reads `'use cache'` entries: the changes a notification has not brought
    // yet. Never rejects: Next never finishes a render whose `refreshTags` rejected — the page hung
    // for good, and every later request for it joined the hung render, after the database was
    // back too (e2e/outage.spec.ts). With the database unreachable, entries are judged on what this
    // process already knows; the next request catches up.
    await store()
      ?.refresh()
      .catch((error) => reportOnce(error));
  },
  getExpiration: (tags) => inner.getExpiration(tags),
  updateTags: (tags, durations) => inner.updateTags(tags, durations),
};

export default handler;
