import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CacheHeadersResponse, cacheHeaders, withCacheHeaders, type AnswerFacts, type CachePolicy } from './cache-headers';

const policy: CachePolicy = { sharedSeconds: 5, purgedSeconds: 3600, staleIfErrorSeconds: 86_400, purging: true };
const now = Date.UTC(2026, 10, 28, 8, 0, 30);
const page = (over: Partial<AnswerFacts> = {}): AnswerFacts => ({
  method: 'GET',
  path: '/actualites',
  status: 200,
  cacheControl: 's-maxage=300, stale-while-revalidate=604500',
  setsCookie: false,
  signedIn: false,
  tags: ['news', 'identity'],
  tagsComplete: true,
  now,
  due: { known: true, next: null },
  ...over,
});

describe('cacheHeaders', () => {
  it('replaces Next’s long shared life by a short one, revalidated by browsers, without stale-while-revalidate', () => {
    const h = cacheHeaders(page(), policy);
    expect(h['cache-control']).toBe('public, max-age=0, s-maxage=5, stale-if-error=86400');
    expect(h['cache-control']).not.toContain('stale-while-revalidate');
    expect(h['surrogate-control']).toBe('max-age=3600, stale-if-error=86400');
    expect(h['cdn-cache-control']).toBe('max-age=3600, stale-if-error=86400');
    expect(h['surrogate-key']).toBe('news identity');
    expect(h['cache-tag']).toBe('news,identity');
  });

  it('ends every cache’s copy at the next due time (a release’s minute)', () => {
    const due = { known: true, next: new Date(now + 30_000) };
    const h = cacheHeaders(page({ due }), policy);
    expect(h['cache-control']).toContain('s-maxage=5,');
    expect(h['surrogate-control']).toBe('max-age=30, stale-if-error=86400');
    const soon = cacheHeaders(page({ due: { known: true, next: new Date(now + 2_500) } }), policy);
    expect(soon['cache-control']).toContain('s-maxage=2,');
    expect(soon['surrogate-control']).toContain('max-age=2,');
    // Passed and not yet published: one second, so a cache asks again soon without a stampede.
    const passed = cacheHeaders(page({ due: { known: true, next: new Date(now - 10_000) } }), policy);
    expect(passed['cache-control']).toContain('s-maxage=1,');
    expect(passed['surrogate-control']).toContain('max-age=1,');
  });

  it('gives no long life before the due time is known, without purging, or without tags', () => {
    expect(cacheHeaders(page({ due: { known: false, next: null } }), policy)['surrogate-control']).toBeNull();
    expect(cacheHeaders(page(), { ...policy, purging: false })['surrogate-control']).toBeNull();
    // Tags of a render (not a whole cached page) may be incomplete: sent, but the short life.
    const rendered = cacheHeaders(page({ tagsComplete: false }), policy);
    expect(rendered['surrogate-key']).toBe('news identity');
    expect(rendered['surrogate-control']).toBe('max-age=5, stale-if-error=86400');
    const untagged = cacheHeaders(page({ tags: [] }), policy);
    expect(untagged['surrogate-control']).toBe('max-age=5, stale-if-error=86400');
    expect(untagged['surrogate-key']).toBeNull();
  });

  it('gives a copy Next knows is out of date one second everywhere (its new render is under way)', () => {
    const h = cacheHeaders(page({ stale: true }), policy);
    expect(h['cache-control']).toBe('public, max-age=0, s-maxage=1, stale-if-error=86400');
    expect(h['surrogate-control']).toBe('max-age=1, stale-if-error=86400');
    expect(h['surrogate-key']).toBe('news identity');
  });

  it('gives every answer one second while a content write is under way (copies from before it are still served)', () => {
    const h = cacheHeaders(page({ writing: true }), policy);
    expect(h['cache-control']).toBe('public, max-age=0, s-maxage=1, stale-if-error=86400');
    expect(h['surrogate-control']).toBe('max-age=1, stale-if-error=86400');
    expect(cacheHeaders(page({ writing: true, status: 404, cacheControl: undefined }), policy)['cache-control']).toContain('s-maxage=1,');
    expect(cacheHeaders(page({ writing: false }), policy)['cache-control']).toContain('s-maxage=5,');
  });

  it('shares a page rendered per request that its address alone decides (the calendar), with the short life; never other no-store pages', () => {
    const calendar = page({
      path: '/calendrier/ipc-novembre-2026',
      cacheControl: 'private, no-cache, no-store, max-age=0, must-revalidate',
      tagsComplete: false,
      addressOnly: true,
    });
    const h = cacheHeaders(calendar, policy);
    expect(h['cache-control']).toBe('public, max-age=0, s-maxage=5, stale-if-error=86400');
    expect(h['surrogate-control']).toBe('max-age=5, stale-if-error=86400');
    // Capped at a release's minute like every page.
    const due = { known: true, next: new Date(now + 2_500) };
    expect(cacheHeaders({ ...calendar, due }, policy)['cache-control']).toContain('s-maxage=2,');
    // Signed in, or setting a cookie: private all the same.
    expect(cacheHeaders({ ...calendar, signedIn: true }, policy)['cache-control']).toBe('private, no-store');
    expect(cacheHeaders({ ...calendar, setsCookie: true }, policy)['cache-control']).toBe('private, no-store');
    expect(cacheHeaders({ ...calendar, status: 500 }, policy)['cache-control']).toBe('private, no-store');
    // The search, one copy per query, stays out of shared caches.
    expect(cacheHeaders({ ...calendar, path: '/recherche', addressOnly: false }, policy)['cache-control']).toBe('private, no-store');
  });

  it('gives every answer one second for a while after a due time passed (its pages are being rendered again)', () => {
    const settling = cacheHeaders(page({ due: { known: true, next: null, passed: new Date(now - 3_000) } }), policy);
    expect(settling['cache-control']).toContain('s-maxage=1,');
    expect(settling['surrogate-control']).toBe('max-age=1, stale-if-error=86400');
    const settled = cacheHeaders(page({ due: { known: true, next: null, passed: new Date(now - 11_000) } }), policy);
    expect(settled['cache-control']).toContain('s-maxage=5,');
    expect(settled['surrogate-control']).toBe('max-age=3600, stale-if-error=86400');
  });

  it('keeps 404s and redirects short and untagged', () => {
    const h = cacheHeaders(page({ status: 404, cacheControl: undefined }), policy);
    expect(h['cache-control']).toBe('public, max-age=0, s-maxage=5, stale-if-error=86400');
    expect(h['surrogate-key']).toBeNull();
    expect(h['surrogate-control']).toBe('max-age=5, stale-if-error=86400');
    expect(cacheHeaders(page({ status: 308, cacheControl: undefined }), policy)['cache-control']).toContain('s-maxage=5');
    // Next's own 404 says no-store: a cache must be able to replace its copy of the page with it.
    const notFound = cacheHeaders(page({ status: 404, cacheControl: 'private, no-cache, no-store, max-age=0, must-revalidate' }), policy);
    expect(notFound['cache-control']).toBe('public, max-age=0, s-maxage=5, stale-if-error=86400');
    expect(cacheHeaders(page({ status: 404, due: { known: true, next: new Date(now + 1_200) } }), policy)['cache-control']).toContain(
      's-maxage=1,',
    );
  });

  it('marks the back-office, signed-in answers, cookies and server errors private', () => {
    for (const facts of [
      page({ path: '/admin/actualites' }),
      page({ path: '/api/admin/news' }),
      page({ signedIn: true }),
      page({ setsCookie: true }),
      page({ status: 500 }),
      page({ cacheControl: 'private, no-cache, no-store, max-age=0, must-revalidate' }),
      page({ status: 404, signedIn: true }),
    ]) {
      const h = cacheHeaders(facts, policy);
      expect(h['cache-control']).toBe('private, no-store');
      expect(h['surrogate-control']).toBeNull();
      expect(h['surrogate-key']).toBeNull();
    }
  });

  it('rewrites open data answers that say public, leaves uncacheable ones and other methods alone', () => {
    expect(cacheHeaders(page({ path: '/api/v1/series', cacheControl: 'public, max-age=30', tags: [] }), policy)['cache-control']).toBe(
      'public, max-age=0, s-maxage=5, stale-if-error=86400',
    );
    expect(cacheHeaders(page({ status: 400, cacheControl: 'no-cache' }), policy)).toEqual({});
    expect(cacheHeaders(page({ method: 'POST' }), policy)).toEqual({});
  });
});

describe('withCacheHeaders', () => {
  let writing = false;
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer({ ServerResponse: CacheHeadersResponse }, (req, res) => {
      withCacheHeaders(
        req,
        res,
        {
          policy,
          due: () => ({ known: true, next: null }),
          signedIn: (r) => /session=/.test(r.headers.cookie ?? ''),
          writing: () => writing,
        },
        () => {
          const tags = (globalThis as Record<symbol, unknown>)[Symbol.for('insstat.answerTags')] as {
            getStore(): Set<string> | undefined;
          };
          // As Next's page handler does while the answer is served.
          setImmediate(() => {
            if (req.url !== '/replay') tags.getStore()?.add('news').add('_N_T_/layout');
            res.setHeader('cache-control', 's-maxage=300, stale-while-revalidate=604500');
            if (req.url !== '/premier-rendu') res.setHeader('x-nextjs-cache', req.url === '/perime' ? 'STALE' : 'HIT');
            // As the page cache replays a stored copy: headers given to writeHead.
            if (req.url === '/replay') res.writeHead(200, { 'cache-control': 's-maxage=300', 'surrogate-key': 'news:7 news' });
            else res.writeHead(200, { 'content-type': 'text/html' });
            res.end('ok');
          });
        },
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('asks whether a write is under way when the head leaves: one second meanwhile', async () => {
    writing = true;
    try {
      expect((await fetch(`${base}/actualites`)).headers.get('cache-control')).toBe('public, max-age=0, s-maxage=1, stale-if-error=86400');
    } finally {
      writing = false;
    }
    expect((await fetch(`${base}/actualites`)).headers.get('cache-control')).toBe('public, max-age=0, s-maxage=5, stale-if-error=86400');
  });

  it('sets the headers when the head leaves, with the tags gathered during the answer', async () => {
    const res = await fetch(`${base}/actualites`);
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=5, stale-if-error=86400');
    expect(res.headers.get('surrogate-key')).toBe('news');
    expect(res.headers.get('cache-tag')).toBe('news');
    const signedIn = await fetch(`${base}/actualites`, { headers: { cookie: 'session=1' } });
    expect(signedIn.headers.get('cache-control')).toBe('private, no-store');
    expect(signedIn.headers.get('surrogate-key')).toBeNull();
  });

  it('gives the short life to a page Next did not serve whole from its cache (a first render is its shell)', async () => {
    const res = await fetch(`${base}/premier-rendu`);
    expect(res.headers.get('surrogate-key')).toBe('news');
    expect(res.headers.get('surrogate-control')).toBe('max-age=5, stale-if-error=86400');
  });

  it('gives one second to a copy Next serves while it renders the page again', async () => {
    const res = await fetch(`${base}/perime`);
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=1, stale-if-error=86400');
    expect(res.headers.get('surrogate-control')).toBe('max-age=1, stale-if-error=86400');
  });

  it('rewrites a replay’s stored headers, keeping its tags', async () => {
    const res = await fetch(`${base}/replay`);
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=5, stale-if-error=86400');
    expect(res.headers.get('surrogate-key')).toBe('news:7 news');
    expect(res.headers.get('surrogate-control')).toBe('max-age=3600, stale-if-error=86400');
  });
});
