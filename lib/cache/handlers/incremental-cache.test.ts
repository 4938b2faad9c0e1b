import { afterEach, describe, expect, it, vi } from 'vitest';
import Handler from './incremental-cache.mjs';

const STORE_KEY = Symbol.for('insstat.cacheTagStore');
const g = globalThis as Record<symbol, unknown>;

type Entry = { lastModified: number; value: { kind: string; headers: Record<string, string> } };

/** The handler over an in-memory store standing for Next's file-system cache, and a tag store whose changes the test dates. */
function setup() {
  const stored = new Map<string, Entry>();
  const changes = new Map<string, number>();
  g[STORE_KEY] = {
    pending: () => undefined,
    isStale: (tags: Iterable<string>, writtenAt: number) => [...tags].some((t) => (changes.get(t) ?? -1) >= writtenAt),
    lastChangeAt: () => Math.max(0, ...changes.values()),
  };
  const handler = new Handler({}) as unknown as {
    inner: unknown;
    get(key: string, ctx: object): Promise<Entry | null>;
    set(key: string, value: Entry['value'], ctx: object): Promise<void>;
  };
  handler.inner = {
    get: async (key: string) => stored.get(key) ?? null,
    // Like Next's: the entry is dated when it is stored.
    set: async (key: string, value: Entry['value']) => void stored.set(key, { lastModified: Date.now(), value }),
  };
  const page = (title: string) => ({ kind: 'APP_PAGE', headers: { 'x-next-cache-tags': 'news,news:13' }, title });
  return { handler, changes, page };
}

describe('the handler of whole pages', () => {
  afterEach(() => {
    delete g[STORE_KEY];
    vi.useRealTimers();
  });

  it('a render that began before a save and ended after it is not served as fresh', async () => {
    vi.useFakeTimers({ now: 1_000 });
    const { handler, changes, page } = setup();
    // A reader asks for the page: a miss, its render begins (and reads the old title)…
    expect(await handler.get('/actualites/13', {})).toBeNull();
    // …the editor saves meanwhile…
    vi.setSystemTime(1_050);
    changes.set('news:13', Date.now());
    // …and the render, finished, is stored after the save.
    vi.setSystemTime(1_100);
    await handler.set('/actualites/13', page('ancien titre'), {});
    // The next reader does not get it: a miss, the page is rendered again.
    vi.setSystemTime(1_200);
    expect(await handler.get('/actualites/13', {})).toBeNull();
    await handler.set('/actualites/13', page('nouveau titre'), {});
    vi.setSystemTime(1_300);
    expect((await handler.get('/actualites/13', {}))?.value).toMatchObject({ title: 'nouveau titre' });
  });

  it('a render stored with no lookup before it (Next’s background upgrade of a fallback shell) is not trusted if its tags changed shortly before', async () => {
    vi.useFakeTimers({ now: 100_000 });
    const { handler, changes, page } = setup();
    // The upgrade begins (nothing tells the handler), the editor saves, the upgrade is stored.
    changes.set('news:13', 101_000);
    vi.setSystemTime(102_000);
    await handler.set('/actualites/13', page('ancien titre'), {});
    vi.setSystemTime(102_100);
    expect(await handler.get('/actualites/13', {})).toBeNull();
    // The render that miss started is dated by it: fresh.
    vi.setSystemTime(102_500);
    await handler.set('/actualites/13', page('nouveau titre'), {});
    expect((await handler.get('/actualites/13', {}))?.value).toMatchObject({ title: 'nouveau titre' });
    // Stored long after the last change, an upgrade is trusted.
    vi.setSystemTime(200_000);
    await handler.set('/actualites/14', page('autre'), {});
    expect(await handler.get('/actualites/14', {})).not.toBeNull();
  });

  it('a render that began after the save is fresh; a later save makes it stale', async () => {
    vi.useFakeTimers({ now: 5_000 });
    const { handler, changes, page } = setup();
    changes.set('news', 4_000);
    expect(await handler.get('/actualites', {})).toBeNull();
    vi.setSystemTime(5_100);
    await handler.set('/actualites', page('liste'), {});
    vi.setSystemTime(5_200);
    expect(await handler.get('/actualites', {})).not.toBeNull();
    changes.set('news', 5_300);
    vi.setSystemTime(5_400);
    expect(await handler.get('/actualites', {})).toBeNull();
  });

  it('a miss after a save waits for the upgrade of a fallback shell begun before it, instead of being handed its old content', async () => {
    const { handler, changes, page } = setup();
    const key = '/route-cache/APP_PAGE/news/$/actualites/21';
    await handler.set('/route-cache/APP_PAGE/news/$/actualites/[id]', page('coquille'), {});
    // A reader's visit: the page misses, its route's fallback shell answers, and Next upgrades the
    // page in the background (a render that reads the old title)…
    expect(await handler.get(key, {})).toBeNull();
    expect(await handler.get('/route-cache/APP_PAGE/news/$/actualites/[id]', {})).not.toBeNull();
    // …the editor saves while it runs…
    await new Promise((resolve) => setTimeout(resolve, 5));
    changes.set('news:21', Date.now());
    // …and the next reader's miss is not answered until that render is stored: Next would have
    // given this reader the render under way, with the old title.
    let answered = false;
    const next = handler.get(key, {}).then((entry) => ((answered = true), entry));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    await handler.set(key, page('ancien titre'), {});
    // Then it is a miss: the page is rendered anew, and that render, begun after the save, is fresh.
    expect(await next).toBeNull();
    await handler.set(key, page('nouveau titre'), {});
    expect((await handler.get(key, {}))?.value).toMatchObject({ title: 'nouveau titre' });
  });

  it('a page rendered for each request (never stored, no fallback shell) never waits, even after a save', async () => {
    const { handler, changes } = setup();
    const key = '/route-cache/APP_PAGE/admin/$/admin/news/22';
    expect(await handler.get(key, {})).toBeNull();
    changes.set('news:22', Date.now() + 1);
    // Answered before any render is stored (a wait would outlast the test's time limit).
    expect(await handler.get(key, {})).toBeNull();
    expect(await handler.get(key, {})).toBeNull();
  });
});
