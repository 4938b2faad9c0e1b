// Next's handler of whole pages and route responses (next.config.ts `cacheHandler`): Next's own
// file-system cache, plus one check — an entry is a miss when one of its tags changed, on any app
// instance, at or after the time its render started (lib/cache/tag-store.ts). Needed because a
// page served whole from this cache never reaches `refreshTags`: the check is in memory, no query
// per request. Plain JavaScript: Next imports this file by path at run time, without compiling it.
//
// Why the render's start and not the time it was stored: a render that read the database before a
// save and finished after it holds the old content; dated by its end, it would pass the tag check
// and be served until the next write (seen in CI: an edited news item showed its old title to
// every reader after the save). Next's response cache is made to tell each render's start
// (./render-clock.mjs, installed below), and not to hand a request arriving after a save a render
// begun before it. A store with no known start (a Next whose runtime could not be patched) is
// trusted only if none of its tags changed in the `UNKNOWN_START_MS` before it was stored.
import fileSystemCache from 'next/dist/server/lib/incremental-cache/file-system-cache.js';
import path from 'node:path';
import { buildMatchesData, overlayFs, pruneEarlierBuilds, runtimeCacheDir } from './data-home.mjs';
import { installRenderClock, renderStartedAt } from './render-clock.mjs';

/**
 * @typedef {{
 *   isStale(tags: Iterable<string>, writtenAt: number): boolean;
 *   lastChangeAt(): number;
 *   pending(): Promise<void> | undefined;
 * }} TagStore
 */
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
/** How long before it was stored a render of unknown start may have begun (a render under load takes seconds). */
const UNKNOWN_START_MS = 30_000;
/** @type {Map<string, { startedAt: number; storedAt: number }>} when the render of the entry last stored for a key began */
const rendered = new Map();

// In the server process only: the build's workers have no tag store and nothing to date.
if (process.env.NEXT_PHASE !== 'phase-production-build') installRenderClock(() => store()?.lastChangeAt() ?? 0);
let undatedWarned = false;

// The tags of the page an answer shows, for its `Surrogate-Key`/`Cache-Tag` headers: the production
// server gathers them per request (lib/http/cache-headers.ts, shared through globalThis).
const ANSWER_TAGS_KEY = Symbol.for('insstat.answerTags');
/** @param {string[]} tags */
function noteAnswerTags(tags) {
  const als = /** @type {Record<symbol, { getStore(): Set<string> | undefined } | undefined>} */ (/** @type {unknown} */ (globalThis))[
    ANSWER_TAGS_KEY
  ];
  const collected = als?.getStore();
  if (collected) for (const tag of tags) collected.add(tag);
}

/** The earlier builds' page caches are removed once per process (./data-home.mjs). */
let pruned = false;

export default class SharedTagsCacheHandler {
  /** @param {{ fs?: import('./data-home.mjs').CacheFs; serverDistDir?: string }} ctx */
  constructor(ctx) {
    // At run time, pages are written with the instance's data, not into the build (./data-home.mjs);
    // the build's workers write the prerendered pages into `.next` as usual.
    const atRunTime = process.env.NEXT_PHASE !== 'phase-production-build' && ctx.fs && ctx.serverDistDir;
    if (atRunTime && ctx.fs && ctx.serverDistDir) {
      const distDir = path.dirname(ctx.serverDistDir);
      if (!pruned) {
        pruned = true;
        try {
          pruneEarlierBuilds(distDir);
        } catch (error) {
          console.error('Cache des pages : les copies des compilations précédentes n’ont pas pu être effacées.', error);
        }
      }
      ctx = { ...ctx, fs: overlayFs(ctx.fs, { distDir, runtimeDir: runtimeCacheDir(distDir), useBuild: buildMatchesData(distDir) }) };
    }
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
    return mine && entry.lastModified !== undefined && entry.lastModified >= mine.storedAt
      ? mine.startedAt
      : /** @type {number} */ (entry.lastModified);
  }

  /**
   * @param {string} key
   * @param {{ tags?: string[]; softTags?: string[]; isFallback?: boolean }} ctx
   */
  async get(key, ctx) {
    /** @type {Entry | null} */
    const entry = await this.inner.get(key, ctx);
    const tags = store();
    if (!entry || !tags || typeof entry.lastModified !== 'number' || entry.lastModified < 0) return entry;
    await tags.pending();
    const entryTags = tagsOf(entry, ctx);
    if (!tags.isStale(entryTags, this.writtenAt(key, entry))) {
      if (entry.value?.kind !== 'FETCH') noteAnswerTags(entryTags);
      return entry;
    }
    // A miss, not a stale entry: the request renders the page anew instead of serving this copy once more.
    return null;
  }

  /**
   * @param {string} key
   * @param {unknown[]} rest
   */
  async set(key, ...rest) {
    const storedAt = Date.now();
    const started = renderStartedAt();
    const startedAt = started ?? storedAt - UNKNOWN_START_MS;
    const kind = /** @type {{ kind?: string } | null | undefined} */ (rest[0])?.kind;
    const backOffice = /(^|\/)admin(\/|$)/.test(key);
    if (started === undefined && store() && (kind === 'APP_PAGE' || kind === 'APP_ROUTE') && !backOffice && !undatedWarned) {
      undatedWarned = true;
      console.warn(
        '[cache] une page est enregistrée sans la date de début de son rendu (le cache de réponses de ' +
          'Next n’a pu être daté) : un lecteur juste après un enregistrement peut recevoir l’ancienne page',
      );
    }
    const header = /** @type {{ headers?: Record<string, unknown> } | null | undefined} */ (rest[0])?.headers?.['x-next-cache-tags'];
    if ((kind === 'APP_PAGE' || kind === 'APP_ROUTE') && typeof header === 'string') noteAnswerTags(header.split(','));
    // Before the entry itself: Next puts it in its memory cache at once and writes it to disk after
    // (seconds under load), and a read in between must date it by its render's start too. Recorded
    // after, a render begun before a save and stored after it was served as fresh meanwhile (seen in
    // CI: a reader got an edited news item's old title, `x-nextjs-cache: HIT`, after the save).
    // One per stored page: bounded by the pages the site has, like the store itself.
    rendered.set(key, { startedAt, storedAt });
    await this.inner.set(key, ...rest);
  }

  /** @param {unknown[]} args */
  revalidateTag(...args) {
    return this.inner.revalidateTag(...args);
  }

  resetRequestCache() {
    this.inner.resetRequestCache();
  }
}
