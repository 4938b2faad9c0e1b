import { createRequire } from 'node:module';
import { afterEach, describe, expect, it, vi } from 'vitest';

// What Next's server sets up before its modules load (its runtimes, which the handler patches as it loads, need it).
vi.hoisted(async () => {
  const { AsyncLocalStorage } = await import('node:async_hooks');
  (globalThis as Record<string, unknown>).AsyncLocalStorage ??= AsyncLocalStorage;
});
import Handler from './incremental-cache.mjs';
import { dateRenders, installRenderClock, isBackOffice } from './render-clock.mjs';

const STORE_KEY = Symbol.for('insstat.cacheTagStore');
const g = globalThis as Record<symbol, unknown>;
const require = createRequire(import.meta.url);

type Value = { kind: string; headers: Record<string, string>; title: string };
type Entry = { lastModified: number; value: Value };

/** The handler over an in-memory store standing for Next's file-system cache, and a tag store whose changes the test dates. */
function setup({ disk }: { disk?: Promise<void> } = {}) {
  const stored = new Map<string, Entry>();
  const changes = new Map<string, number>();
  const lastChangeAt = () => Math.max(0, ...changes.values());
  g[STORE_KEY] = {
    pending: () => undefined,
    isStale: (tags: Iterable<string>, writtenAt: number) => [...tags].some((t) => (changes.get(t) ?? -1) >= writtenAt),
    lastChangeAt,
  };
  const handler = new Handler({}) as unknown as {
    inner: unknown;
    get(key: string, ctx: object): Promise<Entry | null>;
    set(key: string, value: Value, ctx: object): Promise<void>;
  };
  handler.inner = {
    get: async (key: string) => stored.get(key) ?? null,
    // Like Next's: the entry is dated when it is stored, in memory at once, then written to disk.
    set: async (key: string, value: Value) => {
      stored.set(key, { lastModified: Date.now(), value });
      await disk;
    },
  };
  const page = (title: string): Value => ({ kind: 'APP_ROUTE', headers: { 'x-next-cache-tags': 'news,news:13' }, title });
  return { handler, changes, page, lastChangeAt };
}

/**
 * Next's own response cache (the class its runtime bundles, from its sources), made to date its
 * renders as the server's are, over the handler: what a request for `key` gets, and the renders
 * it started, each held until the test lets it end.
 */
function responseCache(handler: ReturnType<typeof setup>['handler'], lastChangeAt: () => number) {
  const { default: ResponseCache } = require('next/dist/server/response-cache/index.js');
  const rc = dateRenders(new ResponseCache({ minimalMode: false, route: '/actualites/[id]' }), lastChangeAt);
  const incrementalCache = {
    get: async (key: string, ctx: object) => {
      const entry = await handler.get(key, ctx);
      return entry && { value: entry.value, isStale: false, cacheControl: { revalidate: false } };
    },
    set: (key: string, value: Value, ctx: object) => handler.set(key, value, ctx),
  };
  const renders: { title: string; finish: () => void }[] = [];
  /** A request: the page from the cache, or a render that reads the title at its start and ends when the test says. */
  const request = (key: string, readTitle: () => string) =>
    rc.get(
      key,
      async () => {
        const title = readTitle();
        await new Promise<void>((finish) => renders.push({ title, finish }));
        return {
          value: { kind: 'APP_ROUTE', headers: { 'x-next-cache-tags': 'news,news:13' }, title },
          cacheControl: { revalidate: false },
        };
      },
      { incrementalCache, routeKind: 'APP_ROUTE' },
    ) as Promise<{ value: Value } | null>;
  return { request, renders };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('the handler of whole pages', () => {
  afterEach(() => {
    delete g[STORE_KEY];
    vi.useRealTimers();
  });

  it('a request after a save does not get the render begun before it; that render, stored after, is stale', async () => {
    const { handler, changes, lastChangeAt } = setup();
    const { request, renders } = responseCache(handler, lastChangeAt);
    let title = 'ancien titre';
    // A reader's visit starts a render (Next's background upgrade is one too), which reads the old title…
    const first = request('/actualites/13', () => title);
    await tick();
    expect(renders).toHaveLength(1);
    // …the editor saves while it runs…
    await tick();
    title = 'nouveau titre';
    changes.set('news:13', Date.now());
    await tick();
    // …and the next reader starts a render of their own instead of joining it.
    const second = request('/actualites/13', () => title);
    await tick();
    expect(renders.map((r) => r.title)).toEqual(['ancien titre', 'nouveau titre']);
    renders[1]!.finish();
    expect((await second)?.value.title).toBe('nouveau titre');
    // The old render ends last and is stored last: dated by its start, before the save, it is never served.
    renders[0]!.finish();
    expect((await first)?.value.title).toBe('ancien titre');
    await tick();
    expect(await handler.get('/actualites/13', {})).toBeNull();
    const third = request('/actualites/13', () => title);
    await tick();
    renders[2]!.finish();
    expect((await third)?.value.title).toBe('nouveau titre');
    expect((await handler.get('/actualites/13', {}))?.value.title).toBe('nouveau titre');
  });

  it('a render begun before a save and stored after it is stale while Next is still writing it to disk', async () => {
    let written!: () => void;
    const { handler, changes, lastChangeAt } = setup({ disk: new Promise<void>((resolve) => (written = resolve)) });
    const { request, renders } = responseCache(handler, lastChangeAt);
    // Next's background upgrade of a fallback shell reads the old title…
    // (An address of its own: the handler remembers the renders of the other tests' addresses.)
    const upgrade = request('/actualites/15', () => 'ancien titre');
    await tick();
    // …the editor saves…
    changes.set('news:13', Date.now());
    await tick();
    // …the render ends and is stored: in Next's memory cache at once, on disk seconds later under load
    // (seen in CI: a reader got the old title, `x-nextjs-cache: HIT`, in that time).
    renders[0]!.finish();
    await tick();
    expect(await handler.get('/actualites/15', {})).toBeNull();
    written();
    await upgrade;
    expect(await handler.get('/actualites/15', {})).toBeNull();
  });

  it('requests with no save between them share one render, as Next does', async () => {
    const { handler, lastChangeAt } = setup();
    const { request, renders } = responseCache(handler, lastChangeAt);
    const a = request('/actualites/13', () => 'titre');
    await tick();
    const b = request('/actualites/13', () => 'titre');
    await tick();
    expect(renders).toHaveLength(1);
    renders[0]!.finish();
    expect((await a)?.value.title).toBe('titre');
    expect((await b)?.value.title).toBe('titre');
    // Stored by a render begun after every change: served from the cache.
    expect((await request('/actualites/13', () => 'autre'))?.value.title).toBe('titre');
    expect(renders).toHaveLength(1);
  });

  it('a render that began after the save is fresh; a later save makes it stale', async () => {
    const { handler, changes, lastChangeAt } = setup();
    const { request, renders } = responseCache(handler, lastChangeAt);
    changes.set('news', Date.now() - 1_000);
    const a = request('/actualites', () => 'liste');
    await tick();
    renders[0]!.finish();
    await a;
    expect(await handler.get('/actualites', {})).not.toBeNull();
    await tick();
    changes.set('news', Date.now());
    await tick();
    expect(await handler.get('/actualites', {})).toBeNull();
  });

  it('an entry stored with no known start (outside a dated render) is not trusted if its tags changed shortly before', async () => {
    vi.useFakeTimers({ now: 100_000 });
    const { handler, changes, page } = setup();
    changes.set('news:13', 101_000);
    vi.setSystemTime(102_000);
    await handler.set('/actualites/13', page('ancien titre'), {});
    vi.setSystemTime(102_100);
    expect(await handler.get('/actualites/13', {})).toBeNull();
    // Stored long after the last change, it is trusted.
    vi.setSystemTime(200_000);
    await handler.set('/actualites/14', page('autre'), {});
    expect(await handler.get('/actualites/14', {})).not.toBeNull();
  });

  it('the production runtimes of this Next are patched: pages and route handlers', () => {
    expect(installRenderClock(() => 0)).toEqual(['AppPageRouteModule', 'AppRouteRouteModule']);
  });

  it('leaves the back-office routes as Next made them, and dates every public one', () => {
    expect(isBackOffice({ pathname: '/admin/[...path]', page: '/admin/(shell)/[...path]/page' })).toBe(true);
    expect(isBackOffice({ pathname: '/admin' })).toBe(true);
    expect(isBackOffice({ pathname: '/actualites/[id]' })).toBe(false);
    expect(isBackOffice({ pathname: '/administration-publique' })).toBe(false);
    expect(isBackOffice({ pathname: '/en/calendrier/[slug]' })).toBe(false);
  });
});
