/**
 * The process's cache tag store (lib/cache/tag-store.ts), reached through `globalThis`: the custom
 * server, Next's bundles and the cache handlers are separate module graphs in one process. Kept
 * apart from the store (which is `server-only`) so the production server's own code — the
 * scheduler's in-process expiry (lib/ops/expire.ts) — reaches the same store Next's code does.
 */
import type { TagStore } from './tag-store';

const STORE_KEY = Symbol.for('insstat.cacheTagStore');
const g = globalThis as typeof globalThis & { [STORE_KEY]?: TagStore };

/**
 * The process's store, once started (`startProcessTagStore`); undefined during the build, in
 * tests, and in scripts.
 */
export function processTagStore(): TagStore | undefined {
  return g[STORE_KEY];
}

/** Registers `store` as the process's store (instrumentation.ts, at server start). */
export function setProcessTagStore(store: TagStore | undefined): void {
  g[STORE_KEY] = store;
}
