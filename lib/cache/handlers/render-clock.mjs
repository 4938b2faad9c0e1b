// When each render of a page or route response began, and no request handed a render that began
// before a save. Two changes to Next's response cache (one instance per route, created by the
// route module), made from here because this file is loaded by Next itself, in the server process,
// under `npm start` and `next start` alike (next.config.ts `cacheHandler` imports it):
//
// 1. Every render that may store an entry (`handleRevalidate`) runs with its start time in an
//    AsyncLocalStorage: the cache handler dates what it stores by it. A render that read the
//    database before a save and finished after it is then stale at once (seen in CI: an edited
//    news item kept its old title for every reader after the save).
// 2. Next shares a render under way with the requests for the same key that arrive meanwhile (its
//    `Batcher`). A request that arrives after a save must not join a render that began before it:
//    the reader right after an editor's save got the old title from the background render Next had
//    started for an earlier reader (its « upgrade » of a fallback shell, seconds long under load).
//    The batchers' maps of renders under way forget a render once a tag changed at or after its
//    start; the request starts its own. The old render still ends and is stored, dated by its
//    start, so it is stale and never served.
//
// Plain JavaScript: loaded by path at run time, without compiling it.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createRequire } from 'node:module';

// One clock per process: Next also bundles this file (into the proxy's code), and the copy that
// patched a runtime first must date the renders the other copy stores.
const CLOCK_KEY = Symbol.for('insstat.renderClock.storage');
const shared = /** @type {Record<symbol, AsyncLocalStorage<number> | undefined>} */ (/** @type {unknown} */ (globalThis));
/** @type {AsyncLocalStorage<number>} */
const clock = (shared[CLOCK_KEY] ??= new AsyncLocalStorage());

/** When the render under way in this async context began (ms), if one is. */
export const renderStartedAt = () => clock.getStore();

const PATCHED = Symbol.for('insstat.renderClock');

/**
 * A batcher's map of renders under way, that hands out only those begun after the latest change.
 * @param {() => number} lastChangeAt
 */
function datedPending(lastChangeAt) {
  /** @type {WeakMap<object, number>} */
  const begun = new WeakMap();
  return new (class extends Map {
    /** @param {unknown} key @param {object} promise */
    set(key, promise) {
      begun.set(promise, Date.now());
      return super.set(key, promise);
    }
    /** @param {unknown} key */
    get(key) {
      const promise = super.get(key);
      // Begun at the same millisecond as the change counts as before it.
      if (promise !== undefined && (begun.get(promise) ?? 0) <= lastChangeAt()) return undefined;
      return promise;
    }
  })();
}

/**
 * Makes one of Next's response caches date its renders and not share a render begun before a save.
 * @param {{
 *   handleRevalidate: (...args: unknown[]) => Promise<unknown>;
 *   getBatcher?: { pending: Map<unknown, object> };
 *   revalidateBatcher?: { pending: Map<unknown, object> };
 * }} responseCache
 * @param {() => number} lastChangeAt the time of the latest tag change known to this process (0: none)
 */
export function dateRenders(responseCache, lastChangeAt) {
  const rc = /** @type {Record<symbol, boolean> & typeof responseCache} */ (responseCache);
  if (rc[PATCHED]) return responseCache;
  rc[PATCHED] = true;
  const handleRevalidate = rc.handleRevalidate;
  rc.handleRevalidate = (...args) => clock.run(Date.now(), () => handleRevalidate.apply(rc, args));
  for (const batcher of [rc.getBatcher, rc.revalidateBatcher]) {
    if (batcher?.pending instanceof Map && batcher.pending.size === 0) batcher.pending = datedPending(lastChangeAt);
  }
  return responseCache;
}

/**
 * Back-office routes are left as Next made them: their pages are rendered for each request (their
 * stored shells hold no content), and while they were patched an action's answer there twice
 * never ended in CI (cause not found; not seen on public routes). Their entries are dated as of
 * unknown start by the handler, as before.
 * @param {{ pathname?: string; page?: string } | undefined} definition
 */
export const isBackOffice = (definition) => /^\/admin(\/|$)/.test(String(definition?.pathname ?? definition?.page ?? ''));

/** Next's production runtimes that hold the route modules (pages, route handlers), as the build requires them. */
const RUNTIMES = [
  ['next/dist/compiled/next-server/app-page-turbo.runtime.prod.js', 'AppPageRouteModule'],
  ['next/dist/compiled/next-server/app-route-turbo.runtime.prod.js', 'AppRouteRouteModule'],
];

/**
 * Patches the route modules of Next's production runtimes so each response cache they create is
 * dated (above). Returns the classes patched; on a Next whose runtime no longer looks like this,
 * none, and the cache handler falls back to distrusting renders stored shortly after a change.
 * @param {() => number} lastChangeAt
 * @returns {string[]}
 */
export function installRenderClock(lastChangeAt) {
  const require = createRequire(import.meta.url);
  /** @type {string[]} */
  const patched = [];
  for (const [runtime, name] of RUNTIMES) {
    try {
      const RouteModule = require(runtime)[name];
      const proto = RouteModule?.prototype;
      const getResponseCache = proto?.getResponseCache;
      if (typeof getResponseCache !== 'function') continue;
      if (!proto[PATCHED]) {
        proto[PATCHED] = true;
        /** @param {unknown[]} args */
        proto.getResponseCache = function (...args) {
          const responseCache = getResponseCache.apply(this, args);
          return isBackOffice(this.definition) ? responseCache : dateRenders(responseCache, lastChangeAt);
        };
      }
      patched.push(name);
    } catch {
      // A runtime this Next does not ship, or that cannot load outside its server: nothing to patch.
    }
  }
  return patched;
}
