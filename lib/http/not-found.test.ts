import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createNotFoundAnswer, fillNotFoundPath, gzipAround, withPath } from './not-found';
import { PROXIED_PATH } from '@/lib/routing/public-paths';

const page = '<p>Page not found: <span data-current-path=""></span></p>';
let base = '';
const server = http.createServer((req, res) => {
  fillNotFoundPath(req, res);
  const gzip = req.headers['accept-encoding'] === 'gzip';
  const status = req.url?.startsWith('/ok') ? 200 : 404;
  res.statusCode = status;
  res.setHeader('content-type', 'text/html; charset=utf-8');
  if (gzip) res.setHeader('content-encoding', 'gzip');
  const body = gzip ? zlib.gzipSync(page) : Buffer.from(page);
  res.write(body.subarray(0, 10));
  res.end(body.subarray(10));
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('404 path', () => {
  it('escapes what it writes', () => {
    expect(withPath(page, '/a<b>"c"')).toBe('<p>Page not found: <span data-current-path="">/a&#60;b&#62;&#34;c&#34;</span></p>');
  });
  it('writes the path into 404 pages, plain or gzipped', async () => {
    const plain = await fetch(`${base}/nimportequoi`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.status).toBe(404);
    expect(await plain.text()).toContain('Page not found: <span data-current-path="">/nimportequoi</span>');
    const gz = await fetch(`${base}/actualites/abc`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.status).toBe(404);
    expect(await gz.text()).toContain('>/actualites/abc</span>');
  });
  it('leaves other responses alone', async () => {
    const ok = await fetch(`${base}/ok`, { headers: { 'accept-encoding': 'identity' } });
    expect(await ok.text()).toBe(page);
  });
});

describe('unknown addresses answered before Next', () => {
  it('builds gzip around a path from parts compressed once: it decodes to the whole page', () => {
    const before = Buffer.from('<html><body><p>Page introuvable : <span data-current-path="">'.repeat(50));
    const after = Buffer.from('</span></p><footer>pied</footer></body></html>'.repeat(80));
    const copy = {
      before,
      after,
      gzip: {
        head: Buffer.concat([
          Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]),
          zlib.deflateRawSync(before, { finishFlush: zlib.constants.Z_FULL_FLUSH }),
        ]),
        tail: zlib.deflateRawSync(after),
        crc: zlib.crc32(before),
      },
    };
    for (const middle of ['', '/caf&#233;/x', 'é'.repeat(40_000)]) {
      const body = gzipAround(copy, Buffer.from(middle));
      expect(zlib.gunzipSync(body).toString()).toBe(before.toString() + middle + after.toString());
    }
  });

  it('sees the paths proxy.ts sees (its matcher, written out in proxy.ts)', () => {
    const literal = /matcher: \['([^']+)'\]/.exec(readFileSync('proxy.ts', 'utf8'))![1]!.replaceAll('\\\\', '\\');
    const matcher = new RegExp(`^${literal}$`);
    for (const path of [
      '/',
      '/x',
      '/actualites/12',
      '/en/nothing',
      '/_next/static/a.js',
      '/api/x',
      '/flux/a',
      '/nsdp',
      '/nsdp/a.xml',
      '/fichiers/1/a.pdf',
      '/favicon.ico',
      '/a/b.php',
      '/robots.txt',
    ]) {
      expect(PROXIED_PATH.test(path), path).toBe(matcher.test(path));
    }
  });

  describe('with a stand-in for Next', () => {
    let renders = 0;
    let generation = 0;
    let nfBase = '';
    const known = new Set(['/', '/actualites']);
    const answerNotFound = createNotFoundAnswer({
      isUnknown: async (pathname) => !known.has(pathname),
      localeOf: (pathname) => (pathname.startsWith('/en/') ? 'en' : 'fr'),
      generation: () => generation,
      ttlMs: 60_000,
      rewrittenTo: '/_introuvable',
      proxied: PROXIED_PATH,
    });
    const nf = http.createServer((req, res) =>
      answerNotFound(req, res, () => {
        renders++;
        const en = req.url!.startsWith('/en/');
        const unknown = !known.has(req.url!.split('?')[0]!);
        const html =
          `<html lang="${en ? 'en' : 'fr'}"><p>${en ? 'Page not found' : 'Page introuvable'} : ` +
          `<span data-current-path=""></span></p>${'<nav>menu</nav>'.repeat(200)}</html>`;
        res.statusCode = unknown ? 404 : 200;
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.setHeader('cache-control', 'private, no-cache, no-store, max-age=0, must-revalidate');
        if (unknown) res.setHeader('x-middleware-rewrite', `/_introuvable${req.url}`);
        const gzip = /gzip/.test(String(req.headers['accept-encoding']));
        if (gzip) res.setHeader('content-encoding', 'gzip');
        res.end(gzip ? zlib.gzipSync(html) : html);
      }),
    );
    beforeAll(async () => {
      await new Promise<void>((resolve) => nf.listen(0, '127.0.0.1', resolve));
      nfBase = `http://127.0.0.1:${(nf.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => nf.close(() => resolve())));

    const get = async (path: string, headers: Record<string, string> = {}) => {
      const response = await fetch(`${nfBase}${path}`, { headers: { 'accept-encoding': 'identity', ...headers } });
      const html = await response.text();
      // The length follows the path; the rest must be Next's.
      expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(html)));
      return {
        status: response.status,
        html,
        headers: Object.fromEntries([...response.headers].filter(([k]) => k !== 'date' && k !== 'content-length')),
      };
    };

    it('renders the first unknown address of a language, answers the next ones from it, the same bytes and headers as Next', async () => {
      renders = 0;
      const first = await get('/nimporte/quoi');
      expect(renders).toBe(1);
      const second = await get('/caf%C3%A9/%3Cb%3E?x=1');
      expect(renders).toBe(1);
      expect(second.status).toBe(404);
      expect(second.html).toBe(first.html.replace('>/nimporte/quoi</span>', '>/café/&#60;b&#62;</span>'));
      expect(second.headers).toEqual({ ...first.headers, 'x-middleware-rewrite': '/_introuvable/caf%C3%A9/%3Cb%3E?x=1' });
      // Gzipped when asked, like Next's.
      const gz = await fetch(`${nfBase}/encore/une`, { headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers.get('content-encoding')).toBe('gzip');
      expect(await gz.text()).toBe(first.html.replace('>/nimporte/quoi</span>', '>/encore/une</span>'));
      expect(renders).toBe(1);
      // English: a copy of its own.
      expect((await get('/en/nothing')).html).toContain('Page not found : <span data-current-path="">/en/nothing</span>');
      expect(renders).toBe(2);
      expect((await get('/en/nothing/else')).html).toContain('<span data-current-path="">/en/nothing/else</span>');
      expect(renders).toBe(2);
    });

    it('renders anew after a write; leaves known pages, navigations and addresses Next normalizes to Next', async () => {
      await get('/a/b');
      renders = 0;
      generation++;
      await get('/a/c');
      expect(renders).toBe(1);
      await get('/a/d');
      expect(renders).toBe(1);
      expect((await get('/actualites')).status).toBe(200);
      await get('/a/e', { rsc: '1' });
      await get('/a/f/');
      await get('/a//g');
      expect(renders).toBe(5);
    });
  });
});
