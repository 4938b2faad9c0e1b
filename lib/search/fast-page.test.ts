/**
 * Distinct searches answered from a copy of the page (./fast-page.ts): the copy is taken from a
 * page laid out as Next lays it out (payload cut into scripts anywhere, the block a text row), the
 * answer for another query is the page Next would send for it, escaped, gzipped or not, behind
 * the page cache with its headers; nothing is kept when the query shows elsewhere; a published
 * item is found by the next search. The e2e spec (e2e/search-fast.spec.ts) compares with Next itself.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { htmlEscapeJsonString } from 'next/dist/shared/lib/htmlescape';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clearPageCache, handleWithPageCache, pageCacheGeneration, resetPageCache } from '@/lib/http/page-cache';
import { compileTemplate, fillTemplate } from '@/lib/http/template';
import { shortTitle } from '@/lib/i18n/format';
import type { Locale } from '@/lib/i18n/locales';
import { publications } from '@/lib/db/schema';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import { clearSearchCache } from './cache';
import { addressValues, searchAddress, createFastSearch, fillCopy, joinPayload, takeCopy, TEXT_ROW_MIN } from './fast-page';
import { escapeHtml, searchBlock, searchBlockHtml, searchPageTitle } from './page-html';
import { readSearchParams, searchHref, type SearchPageParams } from './params';
import { localePath } from '@/lib/i18n/paths';
import { parseQuery } from './parse';
import type { SearchResult } from './query';

const SUFFIX = ' | INSSTAT';

/** A result for `q`: one hit named after it (so the block shows the query in titles, links and counts). */
function resultFor(q: string): SearchResult {
  return {
    query: parseQuery(q),
    correctedText: null,
    total: 12,
    page: 1,
    pages: 2,
    hits: [
      {
        source: 'publications',
        sourceId: '1',
        title: [
          { text: 'Bulletin sur ', hit: false },
          { text: q, hit: true },
        ],
        excerpt: [{ text: `extrait « ${q} »`, hit: false }],
        lang: { title: 'fr', excerpt: 'fr' },
        inDocument: false,
        kindLabel: 'Publication',
        area: 'ipc',
        areaLabel: 'Indice des prix',
        date: new Date('2026-03-04T10:00:00Z'),
        url: '/indice/ipc/1',
        adminUrl: '/admin/ipc/1',
        status: 'published',
        publishedAt: null,
        deleted: false,
      },
    ],
    facets: {
      areas: [{ value: 'ipc', label: 'Indice des prix', count: 12 }],
      kinds: [],
      years: [{ value: '2026', label: '2026', count: 12 }],
    },
    partial: false,
    suggestions: [],
  };
}

const valuesFor = (params: SearchPageParams, locale: Locale) => ({
  title: shortTitle(searchPageTitle(params.q, locale), SUFFIX),
  block: searchBlockHtml(params, params.q.trim() ? resultFor(params.q) : null, locale),
  ...addressValues(localePath(locale, searchHref(params))),
});

/**
 * A search page written the way Next writes one: the frame, the title in the head, the block in
 * `<main>`, and the payload (the title as a string, the block as a text row) in scripts cut every
 * `chunk` characters — in the middle of anything.
 */
function nextPage(
  params: SearchPageParams,
  locale: Locale,
  { chunk = 701, block = valuesFor(params, locale).block, pageKey = '__PAGE__' } = {},
): string {
  const { title, path, search } = valuesFor(params, locale);
  const flight =
    `0:{"b":"build","c":["",${JSON.stringify(path)}],"q":${JSON.stringify(search)},` +
    `"f":[[["",{"children":["recherche",{"children":[${JSON.stringify(pageKey)},{}]}]}]]]}\n` +
    `1:["$","title","0",{"children":${JSON.stringify(title)}}]\n` +
    `2:["$","meta","1",{"property":"og:title","content":${JSON.stringify(title)}}]\n` +
    `3:T${Buffer.byteLength(block).toString(16)},${block}` +
    `4:["$","main",null,{"children":[["$","h1",null,{"children":"Rechercher"}],` +
    `["$","div",null,{"className":"contents","dangerouslySetInnerHTML":{"__html":"$3"}}]]}]\n` +
    `5:["$","footer",null,{"children":"Indice des prix à la consommation — l’institut"}]\n`;
  const pushes: string[] = [];
  for (let i = 0; i < flight.length; i += chunk)
    pushes.push(`<script>self.__next_f.push(${htmlEscapeJsonString(JSON.stringify([1, flight.slice(i, i + chunk)]))})</script>`);
  return (
    `<!DOCTYPE html><html lang="${locale}"><head><meta charSet="utf-8"/><title>${escapeHtml(title)}</title>` +
    `<meta property="og:title" content="${escapeHtml(title)}"/><script>(self.__next_f=self.__next_f||[]).push([0])</script></head>` +
    `<body><header><a href="/indice/ipc">Indice des prix</a></header><main><h1>Rechercher</h1>` +
    `<div class="contents">${block}</div></main>${pushes[0]}<footer>Indice des prix à la consommation</footer>` +
    `${pushes.slice(1).join('')}</body></html>`
  );
}

/** A page with its payload joined into one script, as the copies write it. */
function joined(html: string): string {
  const j = joinPayload(html)!;
  return `${j.before}${j.open}${JSON.stringify(j.flight)
    .slice(1, -1)
    .replace(/[&<>]/g, (c) => `\\u00${c.charCodeAt(0).toString(16)}`)}"])</script>${j.after}`;
}

/** A query as the page's form and links write it. */
const enc = (q: string) => new URLSearchParams({ q }).toString().slice(2);
const params = (q: string, more: Partial<SearchPageParams> = {}): SearchPageParams => ({ q, page: 1, ...more });
const HOSTILE = `<script>alert("x")</script> & 'prix' "quoted"`;

describe('the template', () => {
  it('fills holes, plain and gzipped (parts compressed once, long holes compressed, short ones stored)', () => {
    const template = compileTemplate(['<html>'.repeat(500), '', '<p>milieu</p>'.repeat(300), '</html>']);
    const holes = ['é'.repeat(2_000), 'court', 'x'.repeat(70_000)];
    const plain = fillTemplate(template, holes, false);
    expect(plain.toString()).toBe('<html>'.repeat(500) + holes[0] + holes[1] + '<p>milieu</p>'.repeat(300) + holes[2] + '</html>');
    expect(zlib.gunzipSync(fillTemplate(template, holes, true)).equals(plain)).toBe(true);
  });
});

describe('a copy of the search page', () => {
  it('answers another query with the page Next would send for it, in both languages, escaped', () => {
    for (const locale of ['fr', 'en'] as const) {
      const taken = takeCopy(
        { html: nextPage(params('loyers 2025'), locale), headers: {} },
        'loyers 2025',
        valuesFor(params('loyers 2025'), locale),
        SUFFIX,
        1,
      );
      expect('copy' in taken, JSON.stringify(taken)).toBe(true);
      if (!('copy' in taken)) return;
      for (const p of [params(HOSTILE), params('prix', { page: 2, kind: 'publications', year: 2026 }), params('')]) {
        const answer = fillCopy(taken.copy, valuesFor(p, locale)).toString();
        expect(answer).toBe(joined(nextPage(p, locale, { chunk: 333 })));
        expect(zlib.gunzipSync(fillCopy(taken.copy, valuesFor(p, locale), true)).toString()).toBe(answer);
      }
      const hostile = fillCopy(taken.copy, valuesFor(params(HOSTILE), locale)).toString();
      expect(hostile).not.toContain('<script>alert');
      expect(hostile).toContain(`value="${escapeHtml(HOSTILE)}"`);
    }
  });

  it('is not taken when the query shows anywhere else, or the block is not a text row of its own', () => {
    const q = 'loyers 2025';
    const values = valuesFor(params(q), 'fr');
    const elsewhere = nextPage(params(q), 'fr', { pageKey: `__PAGE__?${JSON.stringify({ q })}` });
    expect(takeCopy({ html: elsewhere, headers: {} }, q, values, SUFFIX, 1)).toEqual({
      refused: 'la requête paraît ailleurs dans la page',
    });
    const inline = nextPage(params(q), 'fr').replace(/3:T[0-9a-f]+,/, '3:T0,');
    expect(takeCopy({ html: inline, headers: {} }, q, values, SUFFIX, 1)).toMatchObject({ refused: expect.any(String) });
  });

  it('serves its addresses as the URL parser writes them, each parameter once', () => {
    expect(searchAddress('/recherche?q=prix+riz', '/recherche', 'fr')).toEqual(readSearchParams({ q: 'prix riz' }));
    expect(searchAddress('/recherche?q=prix%20riz&utm=1', '/recherche', 'fr')).toEqual(readSearchParams({ q: 'prix riz' }));
    expect(searchAddress('/en/recherche?type=series&q=prix&page=2', '/recherche', 'en')).toMatchObject({
      q: 'prix',
      kind: 'series',
      page: 2,
    });
    for (const url of ['/recherche?q=a&q=b', '/en/recherche?q=prix', '/recherche?q="x"', '/recherche/?q=x', '/recherche?'])
      expect(searchAddress(url, '/recherche', 'fr'), url).toBeNull();
  });
});

describe('what the copy assumes of React', () => {
  it('writes a string of TEXT_ROW_MIN characters or more as a text row of its own (the server renderers Next ships)', () => {
    // Another threshold would make Next write some blocks inline where a copy writes a text row.
    const dir = path.join(process.cwd(), 'node_modules/next/dist/compiled');
    const servers = fs
      .readdirSync(dir)
      .filter((d) => d.startsWith('react-server-dom-'))
      .flatMap((d) =>
        fs
          .readdirSync(path.join(dir, d, 'cjs'))
          .filter((f) => /-server\.(node|edge)\.production\.js$/.test(f))
          .map((f) => path.join(dir, d, 'cjs', f)),
      );
    expect(servers.length).toBeGreaterThan(0);
    for (const file of servers) expect(fs.readFileSync(file, 'utf8'), file).toMatch(new RegExp(`\\b${TEXT_ROW_MIN} <= value\\.length\\b`));
  });
});

describe('behind the page cache', () => {
  let database: TestDatabase;
  let base = '';
  let renders = 0;
  /** Next's part: the synthetic page of the address, from the same search as the copies'. */
  const nextRender = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    renders++;
    const url = new URL(req.url!, 'http://x');
    const locale: Locale = url.pathname.startsWith('/en/') ? 'en' : 'fr';
    const p = readSearchParams(Object.fromEntries(url.searchParams));
    const block = await searchBlock(database.db, p, locale);
    const page = nextPage(p, locale, { block });
    const gzip = /gzip/.test(String(req.headers['accept-encoding']));
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.setHeader('cache-control', 'private, no-cache, no-store, max-age=0, must-revalidate');
    res.setHeader('vary', 'rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch, Accept-Encoding');
    if (gzip) res.setHeader('content-encoding', 'gzip');
    const body = gzip ? zlib.gzipSync(page) : Buffer.from(page);
    res.write(body.subarray(0, 100));
    res.end(body.subarray(100));
  };
  const fast = createFastSearch({
    path: '/recherche',
    locales: ['fr', 'en'],
    block: (p, locale) => searchBlock(database.db, p, locale),
    generation: pageCacheGeneration,
    ttlMs: 60_000,
    hasSession: (req) => /insstat_session=/.test(req.headers.cookie ?? ''),
  });
  const server = http.createServer((req, res) =>
    handleWithPageCache(req, res, () => fast(req, res, () => void nextRender(req, res)), {
      ttlMs: 60_000,
      maxBytes: 50 * 1024 * 1024,
      urlOnlyPaths: ['/recherche', '/en/recherche'],
      uncachedPrefixes: [],
    }),
  );
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, { headers: { 'accept-encoding': 'identity', ...headers } });
  /** Waits for the copy taken after Next's answer (it is taken once the answer is sent). */
  const settle = async (locale: Locale = 'fr') => {
    for (let i = 0; i < 200 && !fast.hasCopy(locale); i++) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(fast.hasCopy(locale)).toBe(true);
  };

  beforeAll(async () => {
    database = await createTestDatabase(testDatabaseKinds[0]!);
    await database.db.insert(publications).values({
      area: 'ipc',
      slug: 'loyers',
      title: 'Indice des loyers urbains',
      status: 'published',
      publishedAt: new Date('2026-01-10T08:00:00Z'),
    });
    resetPageCache();
    clearSearchCache();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 120_000);
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await database?.close();
  });

  it('answers distinct searches without Next once a copy is kept, with Next’s headers; the same search again is the cache’s', async () => {
    for (const [prefix, other] of [
      ['', 'loyers urbains'],
      ['/en', 'urbains loyers'],
    ] as const) {
      // Two of Next's pages: the copy taken from the first serves once it gives the second exactly.
      for (const q of ['loyers 2025', 'loyers 2024 urbains']) {
        const first = await get(`${prefix}/recherche?q=${enc(q)}`);
        expect(first.status).toBe(200);
        await first.text();
      }
      await settle(prefix ? 'en' : 'fr');
      const before = renders;
      const fastAnswer = await get(`${prefix}/recherche?q=${enc(other)}`);
      expect(renders).toBe(before);
      expect(fastAnswer.status).toBe(200);
      expect(fastAnswer.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(fastAnswer.headers.get('cache-control')).toBe('private, no-cache, no-store, max-age=0, must-revalidate');
      expect(fastAnswer.headers.get('vary')).toContain('Accept-Encoding');
      expect(fastAnswer.headers.get('x-page-cache')).toBeNull();
      const html = await fastAnswer.text();
      expect(html).toContain('href="' + (prefix ? '/en' : '') + '/indice/ipc/loyers"');
      expect(html).toContain(`<title>${escapeHtml(shortTitle(searchPageTitle(other, prefix ? 'en' : 'fr'), SUFFIX))}</title>`);
      // Next's page for the same address, payload joined: the same.
      const next = await get(`${prefix}/recherche?q=${enc(other)}`, { cookie: 'insstat_session=x', 'accept-encoding': 'gzip' });
      expect(renders).toBe(before + 1);
      expect(joined(await next.text())).toBe(html);
      const again = await get(`${prefix}/recherche?q=${enc(other)}`);
      expect(again.headers.get('x-page-cache')).toBe('HIT');
      expect(await again.text()).toBe(html);
    }
  });

  it('gzips, escapes, and shows suggestions, filters and page 2 like Next', async () => {
    const hostile = await get(`/recherche?q=${enc(HOSTILE)}`, { 'accept-encoding': 'gzip' });
    expect(hostile.headers.get('content-encoding')).toBe('gzip');
    const html = await hostile.text();
    expect(html).not.toContain('<script>alert');
    expect(html).toContain(escapeHtml(HOSTILE));
    for (const path of ['/recherche?q=loyers&rubrique=ipc&annee=2026&page=2', '/en/recherche?q=loyer']) {
      const before = renders;
      const answer = await (await get(path)).text();
      expect(renders, path).toBe(before);
      const next = await get(path, { cookie: 'insstat_session=x' });
      expect(joined(await next.text()), path).toBe(answer);
    }
  });

  it('leaves to Next a query too short to check and a block React would write inline', async () => {
    await settle();
    // Nothing found and no word to suggest: a block shorter than a text row.
    const none = await searchBlock(database.db, params('zzqxw'), 'fr');
    expect(none.length).toBeLessThan(TEXT_ROW_MIN);
    for (const path of ['/recherche?q=zzqxw', '/recherche?q=', '/recherche?q=ab', '/en/recherche?q=']) {
      const before = renders;
      await (await get(path)).text();
      expect(renders, path).toBe(before + 1);
    }
  });

  it('past its time, checks the copy against one of Next’s pages and keeps serving it', async () => {
    await settle();
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + 61_000);
    try {
      expect(fast.hasCopy('fr')).toBe(false);
      const before = renders;
      await (await get(`/recherche?q=${enc('loyers verifies')}`)).text();
      expect(renders).toBe(before + 1);
      await settle();
      await (await get(`/recherche?q=${enc('loyers encore')}`)).text();
      expect(renders).toBe(before + 1);
    } finally {
      clock.mockRestore();
    }
  });

  it('finds an item published after the copy was kept (the search follows the index, the copy the writes)', async () => {
    const q = 'zorglub';
    expect(await (await get(`/recherche?q=${q}`)).text()).toContain('Aucun résultat');
    await database.db.insert(publications).values({
      area: 'ipc',
      slug: 'zorglub',
      title: 'Enquête Zorglub',
      status: 'published',
      publishedAt: new Date('2026-01-10T08:00:00Z'),
    });
    // What a save does (lib/ops/invalidate.ts): the page cache's copies and pages are dropped.
    clearPageCache();
    const before = renders;
    expect(await (await get(`/recherche?q=${q}`)).text()).toContain('Enquête <mark');
    expect(await (await get(`/recherche?q=${q}+enquete`)).text()).toContain('Zorglub');
    expect(renders).toBe(before + 2);
    await settle();
    expect(await (await get(`/recherche?q=enquete+${q}`)).text()).toContain('Zorglub');
    expect(renders).toBe(before + 2);
  });
});
