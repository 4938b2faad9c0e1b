import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  beginPageWrite,
  clearPageCache,
  enablePageRefresh,
  duringWrite,
  handleWithPageCache,
  REFRESH_HEADER,
  resetPageCache,
  thisWriteSettled,
  writeUnderWay,
} from './page-cache';

/** A stand-in for Next's handler: counts calls, answers what the test says. */
let calls = 0;
let reply: {
  status: number;
  cache: string;
  type: string;
  body: string;
  cookie: boolean;
  delayMs: number;
  streamFirst: boolean;
  hold?: Promise<void>;
  /** Next's cache header of the next answers, one per call (then `cache`): a render, then its cache hits. */
  sequence?: string[];
} = {
  status: 200,
  cache: 'HIT',
  type: 'text/html; charset=utf-8',
  body: 'page',
  cookie: false,
  delayMs: 0,
  streamFirst: false,
};
let base = '';
let ttlMs = 60_000;
/** The database probe's answer (a stand-in for `select 1`). */
let databaseUp = true;
/** How long the probe takes to answer « up » (a database busy under load). */
let probeDelayMs = 0;
const server = http.createServer((req, res) =>
  handleWithPageCache(
    req,
    res,
    () => {
      calls++;
      const r = { ...reply, body: `${reply.body} #${calls}`, cache: reply.sequence?.shift() ?? reply.cache };
      const head = () => {
        res.statusCode = r.status;
        res.setHeader('content-type', r.type);
        if (r.cache) res.setHeader('x-nextjs-cache', r.cache);
        res.setHeader('etag', `"e${calls}"`);
        if (r.cookie) res.setHeader('set-cookie', 'a=b');
      };
      // Like Next streaming a page: the head and the first bytes at once, the rest once its data came.
      if (r.streamFirst) {
        head();
        res.flushHeaders();
        res.write(r.body.slice(0, 3));
        setTimeout(() => res.end(r.body.slice(3)), r.delayMs);
        return;
      }
      // A render held until the test releases it, or one that takes `delayMs`.
      const answer = () => {
        head();
        res.write(r.body.slice(0, 3));
        res.end(r.body.slice(3));
      };
      if (r.hold) void r.hold.then(answer);
      else setTimeout(answer, r.delayMs);
    },
    {
      ttlMs,
      flightWaitMs: 2_000,
      refreshSecret: 'secret-de-test',
      maxBytes: 1024 * 1024,
      urlOnlyPaths: ['/recherche'],
      uncachedPrefixes: ['/fichiers/'],
      probe: () => (databaseUp ? new Promise((resolve) => setTimeout(resolve, probeDelayMs)) : Promise.reject(new Error('ECONNREFUSED'))),
    },
  ),
);

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  enablePageRefresh({ host: '127.0.0.1', port, secret: 'secret-de-test' });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(async () => {
  resetPageCache();
  databaseUp = true;
  probeDelayMs = 0;
  // The probe's last answer is trusted for a second.
  await new Promise((r) => setTimeout(r, 0));
  calls = 0;
  ttlMs = 60_000;
  reply = { status: 200, cache: 'HIT', type: 'text/html; charset=utf-8', body: 'page', cookie: false, delayMs: 0, streamFirst: false };
});

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => fetch(`${base}${path}`, { headers, method });

describe('front page cache', () => {
  it('replays a page Next served from its cache, byte for byte', async () => {
    const first = await get('/indice/ipc');
    expect(await first.text()).toBe('page #1');
    const second = await get('/indice/ipc');
    expect(second.headers.get('x-page-cache')).toBe('HIT');
    expect(await second.text()).toBe('page #1');
    expect(calls).toBe(1);
    expect((await get('/indice/ipc', {}, 'HEAD')).headers.get('content-length')).toBe('7');
    expect((await get('/indice/ipc', { 'if-none-match': '"e1"' })).status).toBe(304);
    expect(calls).toBe(1);
  });

  it('keeps nothing Next did not serve as a cacheable public page', async () => {
    for (const [change, path, headers] of [
      [{ cache: 'MISS' }, '/a', {}],
      [{ status: 404 }, '/b', {}],
      [{ cookie: true }, '/c', {}],
      [{ type: 'application/json' }, '/d', {}],
      [{}, '/admin/news', {}],
      [{}, '/api/user/isConnected/me', {}],
      [{}, '/fichiers/abc/note.pdf', {}],
      [{}, '/e', { rsc: '1' }],
      [{}, '/f', { 'next-router-prefetch': '1' }],
      [{}, '/g?_rsc=abc', {}],
      [{}, '/h', { authorization: 'Bearer x' }],
    ] as const) {
      reply = { ...reply, ...change };
      calls = 0;
      await (await get(path, headers)).text();
      const again = await get(path, headers);
      await again.text();
      expect(again.headers.get('x-page-cache'), path).toBeNull();
      expect(calls, path).toBe(2);
      reply = { status: 200, cache: 'HIT', type: 'text/html; charset=utf-8', body: 'page', cookie: false, delayMs: 0, streamFirst: false };
    }
  });

  it('keeps a page rendered on every request only where its address alone decides it', async () => {
    reply = { ...reply, cache: '' };
    for (const path of ['/recherche?q=prix+du+riz', '/recherche?q=prix+du+riz&page=2']) {
      await (await get(path)).text();
      const again = await get(path);
      expect(await again.text(), path).toMatch(/^page #\d$/);
      expect(again.headers.get('x-page-cache'), path).toBe('HIT');
    }
    expect(calls).toBe(2);
    // Another query is another page; another path is not kept without Next's cache hit.
    await (await get('/recherche?q=riz')).text();
    expect(calls).toBe(3);
    await (await get('/autre?q=riz')).text();
    expect((await get('/autre?q=riz')).headers.get('x-page-cache')).toBeNull();
    // The paths below one are kept too; a path that merely starts with the same letters is not.
    await (await get('/recherche/avancee')).text();
    expect((await get('/recherche/avancee')).headers.get('x-page-cache')).toBe('HIT');
    await (await get('/recherches')).text();
    expect((await get('/recherches')).headers.get('x-page-cache')).toBeNull();
    // Nor with a cookie set, nor once content changed.
    clearPageCache();
    expect((await get('/recherche?q=riz')).headers.get('x-page-cache')).toBeNull();
    reply = { ...reply, cookie: true };
    await (await get('/recherche?q=ble')).text();
    expect((await get('/recherche?q=ble')).headers.get('x-page-cache')).toBeNull();
  });

  it('keeps one variant per encoding class', async () => {
    await (await get('/x', { 'accept-encoding': 'gzip' })).text();
    await (await get('/x', { 'accept-encoding': 'identity' })).text();
    expect(calls).toBe(2);
  });

  it('forgets everything when content changes', async () => {
    await (await get('/indice/ipc')).text();
    clearPageCache();
    expect(await (await get('/indice/ipc')).text()).toBe('page #2');
  });

  it('does not keep a page rendered while a write happened', async () => {
    reply = { ...reply, delayMs: 100 };
    const pending = get('/slow');
    await new Promise((r) => setTimeout(r, 30));
    clearPageCache();
    await (await pending).text();
    await (await get('/slow')).text();
    expect(calls).toBe(2);
  });

  it('past its time, one request refreshes while the others get the previous copy', async () => {
    ttlMs = 0;
    await (await get('/p')).text();
    reply = { ...reply, delayMs: 150 };
    const refresh = get('/p');
    await new Promise((r) => setTimeout(r, 30));
    const others = await Promise.all([get('/p'), get('/p')]);
    expect(await Promise.all(others.map((r) => r.text()))).toEqual(['page #1', 'page #1']);
    expect(await (await refresh).text()).toBe('page #2');
    expect(calls).toBe(2);
  });

  describe('readers arriving during a render', () => {
    it('after a write, concurrent readers of a page share the one render under way', async () => {
      await (await get('/indice/ipc')).text();
      clearPageCache();
      reply = { ...reply, cache: 'MISS', delayMs: 150 };
      const responses = await Promise.all(Array.from({ length: 5 }, () => get('/indice/ipc')));
      expect(await Promise.all(responses.map((r) => r.text()))).toEqual(Array(5).fill('page #2'));
      expect(responses.map((r) => r.headers.get('x-page-cache')).sort()).toEqual([null, 'SHARED', 'SHARED', 'SHARED', 'SHARED'].sort());
      expect(calls).toBe(2);
    });

    it('a write during the render: those who waited render again, after it', async () => {
      // The render lasts until the write is made, however slow the machine.
      let finish!: () => void;
      reply = { ...reply, hold: new Promise<void>((resolve) => (finish = resolve)) };
      const first = get('/indice/ipc');
      await expect.poll(() => calls).toBe(1);
      const second = get('/indice/ipc');
      await new Promise((r) => setTimeout(r, 30));
      clearPageCache();
      finish();
      expect(await (await first).text()).toBe('page #1');
      expect(await (await second).text()).toBe('page #2');
    });

    it('a render Next never finishes holds its readers a while only, then they go to Next themselves', async () => {
      reply = { ...reply, cache: 'MISS', hold: new Promise<void>(() => {}) };
      const client = new AbortController();
      const hung = fetch(`${base}/indice/ipc`, { signal: client.signal }).catch(() => null);
      await expect.poll(() => calls).toBe(1);
      reply = { ...reply, hold: undefined };
      const waiting = await get('/indice/ipc');
      expect(await waiting.text()).toBe('page #2');
      // Later readers do not join the hung render either.
      expect(await (await get('/indice/ipc')).text()).toMatch(/^page #[23]$/);
      client.abort();
      await hung;
    });

    it('a page Next rendered for one reader (not one it caches) is not handed to others', async () => {
      reply = { ...reply, cache: '', delayMs: 100 };
      const responses = await Promise.all([get('/indice/ipc'), get('/indice/ipc')]);
      expect((await Promise.all(responses.map((r) => r.text()))).sort()).toEqual(['page #1', 'page #2']);
      expect(calls).toBe(2);
    });
  });

  describe('a write made here', () => {
    /** Read twice: once through Next, once from memory (a page being read). */
    const read = async (path: string) => {
      await (await get(path)).text();
      await (await get(path)).text();
    };

    it('renders the pages being read before it answers; readers meanwhile get the previous copy, never waiting', async () => {
      await read('/');
      await read('/indice/ipc');
      const before = calls;
      // Next renders each page (MISS) slowly, then serves it from its cache.
      let finish!: () => void;
      reply = { ...reply, hold: new Promise<void>((resolve) => (finish = resolve)), sequence: ['MISS', 'HIT', 'MISS', 'HIT'] };
      const write = beginPageWrite();
      const refreshing = write.refresh();
      await expect.poll(() => calls).toBe(before + 2);
      // The renders are under way: readers get the copies from before the write, at once.
      for (const path of ['/', '/indice/ipc']) {
        const during = await get(path);
        expect(await during.text()).toMatch(/^page #[12]$/);
        expect(during.headers.get('x-page-cache')).toBe('HIT');
      }
      finish();
      await refreshing;
      write.finish();
      // After the answer: the new pages, from memory, with no render more.
      const rendered = calls;
      for (const path of ['/', '/indice/ipc']) {
        const after = await get(path);
        expect(Number((await after.text()).split('#')[1])).toBeGreaterThan(before);
        expect(after.headers.get('x-page-cache')).toBe('HIT');
      }
      expect(calls).toBe(rendered);
    });

    it('drops the pages nobody read lately instead of rendering them', async () => {
      await (await get('/actualites')).text();
      const write = beginPageWrite();
      await write.refresh();
      expect(calls).toBe(1);
      write.finish();
      expect(await (await get('/actualites')).text()).toBe('page #2');
    });

    it('a render begun before the write does not replace the copy its readers get, nor survives it', async () => {
      await read('/indice/ipc');
      let finish!: () => void;
      reply = { ...reply, cache: 'MISS', hold: new Promise<void>((resolve) => (finish = resolve)) };
      // Past its time: one reader refreshes through Next, slowly.
      ttlMs = 0;
      const old = get('/indice/ipc');
      await expect.poll(() => calls).toBe(2);
      const write = beginPageWrite();
      finish();
      await (await old).text();
      expect(await (await get('/indice/ipc')).text()).toBe('page #1');
      write.finish();
      reply = { ...reply, cache: 'HIT', hold: undefined };
      expect(await (await get('/indice/ipc')).text()).not.toBe('page #1');
    });

    it('a request to render a page for a write needs the secret: without it, a reader like any other', async () => {
      await read('/');
      const forged = await get('/', { [REFRESH_HEADER]: 'devine' });
      expect(forged.headers.get('x-page-cache')).toBe('HIT');
      expect(calls).toBe(1);
      const real = await get('/', { [REFRESH_HEADER]: 'secret-de-test' });
      expect(real.headers.get('x-page-cache')).toBeNull();
      expect(calls).toBe(2);
    });
  });

  describe('database outage', () => {
    const timed = async (path: string) => {
      const started = Date.now();
      const response = await get(path);
      return { response, body: await response.text(), ms: Date.now() - started };
    };

    it('a server error on a page served before is replaced by its last copy, even after a write', async () => {
      await (await get('/indice/ipc')).text();
      clearPageCache();
      reply = { ...reply, status: 500, cache: 'MISS', body: 'erreur' };
      const { response, body } = await timed('/indice/ipc');
      expect(response.status).toBe(200);
      expect(response.headers.get('x-page-cache')).toBe('STALE');
      expect(body).toBe('page #1');
    });

    it('a render that hangs with the database down: the last copy within a second, then at once; fresh again once it is back', async () => {
      await (await get('/indice/ipc')).text();
      clearPageCache();
      databaseUp = false;
      reply = { ...reply, delayMs: 5_000 };
      const first = await timed('/indice/ipc');
      expect(first.response.status).toBe(200);
      expect(first.response.headers.get('x-page-cache')).toBe('STALE');
      expect(first.body).toBe('page #1');
      expect(first.ms).toBeLessThan(1_000);
      const callsBefore = calls;
      const second = await timed('/indice/ipc');
      expect(second.body).toBe('page #1');
      expect(calls).toBe(callsBefore);

      databaseUp = true;
      reply = { ...reply, delayMs: 0 };
      await new Promise((r) => setTimeout(r, 1_100));
      const back = await timed('/indice/ipc');
      expect(back.response.headers.get('x-page-cache')).toBeNull();
      expect(back.body).toBe(`page #${calls}`);
    });

    it('the database lost just after a good answer of the probe: the copy still comes within 0.8 s', async () => {
      await (await get('/indice/ipc')).text();
      clearPageCache();
      // A slow render: the probe is asked, and answers that the database is up.
      reply = { ...reply, delayMs: 300 };
      await (await get('/indice/ipc')).text();
      clearPageCache();
      databaseUp = false;
      reply = { ...reply, delayMs: 5_000 };
      const { response, ms } = await timed('/indice/ipc');
      expect(response.headers.get('x-page-cache')).toBe('STALE');
      expect(ms).toBeLessThan(800);
    });

    it('a database slow to answer the probe under load is not taken for down: no copy older than the last write', async () => {
      await (await get('/indice/ipc')).text();
      clearPageCache();
      probeDelayMs = 700;
      reply = { ...reply, delayMs: 1_200 };
      const { body, response } = await timed('/indice/ipc');
      expect(response.headers.get('x-page-cache')).toBeNull();
      expect(body).toBe('page #2');
    });

    it('a slow render with the database up is waited for, never replaced by an old copy', async () => {
      await (await get('/indice/ipc')).text();
      clearPageCache();
      reply = { ...reply, delayMs: 700 };
      const { body, response } = await timed('/indice/ipc');
      expect(response.headers.get('x-page-cache')).toBeNull();
      expect(body).toBe('page #2');
    });

    it('a page that streams its first bytes, then waits on the unreachable database: the last copy within a second', async () => {
      await (await get('/calendrier')).text();
      clearPageCache();
      databaseUp = false;
      reply = { ...reply, streamFirst: true, delayMs: 5_000 };
      const { response, body, ms } = await timed('/calendrier');
      expect(response.headers.get('x-page-cache')).toBe('STALE');
      expect(body).toBe('page #1');
      expect(ms).toBeLessThan(1_000);
    });

    it('a streamed page the database is up for is sent whole, as Next wrote it', async () => {
      await (await get('/calendrier')).text();
      clearPageCache();
      reply = { ...reply, streamFirst: true, delayMs: 600 };
      const { response, body } = await timed('/calendrier');
      expect(response.headers.get('x-page-cache')).toBeNull();
      expect(body).toBe('page #2');
    });

    it('a whole page with a part that failed on the server: the last copy while the database is down, never kept as a copy', async () => {
      await (await get('/indice/ipc')).text();
      clearPageCache();
      databaseUp = false;
      reply = { ...reply, cache: 'MISS', body: 'page <template data-dgst="123"></template>' };
      const down = await timed('/indice/ipc');
      expect(down.response.headers.get('x-page-cache')).toBe('STALE');
      expect(down.body).toBe('page #1');

      // The database answers: the failed part is shown as Next wrote it, and the old copy stays the fallback.
      databaseUp = true;
      await new Promise((r) => setTimeout(r, 1_100));
      const up = await timed('/indice/ipc');
      expect(up.body).toContain('data-dgst');
      reply = { ...reply, status: 500, body: 'erreur' };
      const error = await timed('/indice/ipc');
      expect(error.response.headers.get('x-page-cache')).toBe('STALE');
      expect(error.body).toBe('page #1');
    });

    it('a page never served, Next silent while the database is down: a French 503 after a few seconds', async () => {
      databaseUp = false;
      reply = { ...reply, delayMs: 10_000 };
      const { response, body, ms } = await timed('/ica/ipi');
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('30');
      expect(body).toContain('Service momentanément indisponible');
      expect(ms).toBeLessThan(5_000);
    }, 10_000);

    it('a page never served, Next failing at once while the database is known down: the French 503, not Next’s error page', async () => {
      await (await get('/indice/ipc')).text();
      clearPageCache();
      databaseUp = false;
      reply = { ...reply, delayMs: 5_000 };
      expect((await timed('/indice/ipc')).response.headers.get('x-page-cache')).toBe('STALE');
      // The probe has just answered « down »: Next's 500 for a page with no copy becomes the 503.
      reply = { ...reply, delayMs: 0, status: 500, cache: 'MISS', body: 'erreur' };
      const { response, body } = await timed('/ica/ipi');
      expect(response.status).toBe(503);
      expect(response.headers.get('x-page-cache')).toBe('UNAVAILABLE');
      expect(body).toContain('Service momentanément indisponible');
    });

    it('a page never served, Next failing at once while the probe’s « down » has aged: the French 503 all the same', async () => {
      databaseUp = false;
      // No answer of the probe on record (or one too old to trust): Next's 500 comes first.
      reply = { ...reply, delayMs: 0, status: 500, cache: 'MISS', body: 'erreur' };
      const { response, body } = await timed('/ica/ipi');
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('30');
      expect(response.headers.get('x-page-cache')).toBe('UNAVAILABLE');
      expect(body).toContain('Service momentanément indisponible');
      expect(body).not.toContain('erreur');
    });

    it('a page never served before still gets Next’s answer; a page now missing loses its copy', async () => {
      reply = { ...reply, status: 500, cache: 'MISS', body: 'erreur' };
      expect((await get('/jamais-vue')).status).toBe(500);
      reply = { ...reply, status: 200, cache: 'HIT', body: 'page' };
      await (await get('/supprimee')).text();
      clearPageCache();
      reply = { ...reply, status: 404, cache: 'MISS', body: 'introuvable' };
      expect((await get('/supprimee')).status).toBe(404);
      reply = { ...reply, status: 500, body: 'erreur' };
      expect((await get('/supprimee')).status).toBe(500);
    });
  });
});

describe('duringWrite', () => {
  const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

  it('says a write is under way until every write under way has ended, thrown ones too', async () => {
    expect(writeUnderWay()).toBe(false);
    let endFirst!: () => void;
    const first = duringWrite(() => new Promise<void>((resolve) => (endFirst = resolve)));
    const second = duringWrite(async () => {
      await tick();
      throw new Error('échec');
    });
    expect(writeUnderWay()).toBe(true);
    await expect(second).rejects.toThrow('échec');
    expect(writeUnderWay()).toBe(true);
    endFirst();
    await first;
    expect(writeUnderWay()).toBe(false);
  });

  it('gives the purge its own write’s end, not other writes’ (other editors saving meanwhile)', async () => {
    expect(thisWriteSettled()).toBeUndefined();
    let endSlow!: () => void;
    const slow = duringWrite(() => new Promise<void>((resolve) => (endSlow = resolve)));
    let mineSettled: Promise<void> | undefined;
    let endMine!: () => void;
    const mine = duringWrite(
      () =>
        new Promise<void>((resolve) => {
          // As the tag store calls back after its bump: a moment later, in the write's context.
          setImmediate(() => (mineSettled = thisWriteSettled()));
          endMine = resolve;
        }),
    );
    await tick();
    expect(mineSettled).toBeDefined();
    let settled = false;
    void mineSettled!.then(() => (settled = true));
    await tick();
    expect(settled).toBe(false);
    endMine();
    await mine;
    await tick();
    // Settled while the other write is still under way.
    expect(settled).toBe(true);
    expect(writeUnderWay()).toBe(true);
    endSlow();
    await slow;
  });
});
