import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawl, describeReport, referencedUrls } from './crawl';

const page = (body: string) =>
  `<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"><title>Essai</title></head><body>${body}</body></html>`;

/** Fixture pages: one with both known defects and a broken link, one valid. */
const routes: Record<string, { status: number; type: string; body: string }> = {
  '/': {
    status: 200,
    type: 'text/html; charset=utf-8',
    body: page(
      '<header><nav><a href="/bon">Bon</a></nav><nav><a href="/introuvable">Cassé</a></nav></header>' +
        ('<main><h1>Accueil</h1><figure><img src="/image.png" alt="Photo"><figcaption>Légende</figcaption><nav ' +
          'aria-label="Visionneuse"><a href="/bon">Suivante</a></nav></figure></main>'),
    ),
  },
  '/bon': {
    status: 200,
    type: 'text/html; charset=utf-8',
    body: page(
      '<main><h1>Bon</h1><p><a href="/">Accueil</a> <a href="mailto:a@b.c">Écrire</a> ' +
        '<a href="https://ailleurs.example/">Ailleurs</a></p></main>',
    ),
  },
  '/image.png': { status: 200, type: 'image/png', body: 'png' },
  '/sitemap.xml': {
    status: 200,
    type: 'application/xml',
    body: '<urlset><url><loc>http://site.example/bon</loc></url><url><loc>http://site.example/ancienne</loc></url></urlset>',
  },
};

describe('conformance crawler', () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const route = routes[req.url ?? ''];
      res.writeHead(route?.status ?? 404, { 'content-type': route?.type ?? 'text/plain' });
      res.end(route?.body ?? 'introuvable');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('fails on both defects and the broken links, naming the page, the rule and the link', async () => {
    const report = await crawl({ base, siteUrl: 'http://site.example', recheckMs: 20 });
    expect(report.pages).toBe(2);
    expect(report.broken).toEqual(
      expect.arrayContaining([
        { url: '/introuvable', status: 404, from: '/' },
        { url: '/ancienne', status: 404, from: '/sitemap.xml' },
      ]),
    );
    expect(report.broken).toHaveLength(2);
    const rules = report.invalid.flatMap((p) => p.messages.map((m) => `${p.url} ${m.rule}`));
    expect(rules).toContain('/ unique-landmark');
    expect(rules).toContain('/ element-permitted-order');
    expect(rules.filter((r) => !r.startsWith('/ '))).toEqual([]);
    const text = describeReport(report);
    expect(text).toContain('Lien cassé : /introuvable (404), lié depuis /');
    expect(text).toMatch(/HTML invalide : \/:\d+:\d+ \[unique-landmark\]/);
  });

  it('does not count a link that its page no longer has (the site changed during the crawl)', async () => {
    let served = 0;
    const changing = http.createServer((req, res) => {
      if (req.url === '/') {
        served++;
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(page(served === 1 ? '<main><h1>A</h1><a href="/supprimee">Supprimée</a></main>' : '<main><h1>A</h1></main>'));
        return;
      }
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('introuvable');
    });
    await new Promise<void>((resolve) => changing.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(changing.address() as AddressInfo).port}`;
    const report = await crawl({ base: url, start: ['/'] });
    await new Promise<void>((resolve) => changing.close(() => resolve()));
    expect(report.broken).toEqual([]);
    expect(served).toBe(2);
  });

  it('does not count a page that was invalid only while another test had it (gone or fixed when looked at again)', async () => {
    const served = new Map<string, number>();
    const invalidOnce = page('<header><nav><a href="/a">A</a></nav><nav><a href="/b">B</a></nav></header><main><h1>Page</h1></main>');
    const changing = http.createServer((req, res) => {
      const n = (served.get(req.url ?? '') ?? 0) + 1;
      served.set(req.url ?? '', n);
      if (req.url === '/') {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(page('<main><h1>A</h1><a href="/a">A</a> <a href="/b">B</a></main>'));
        return;
      }
      // /a is deleted after the first visit, /b is corrected.
      if (n > 1 && req.url === '/a') {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('introuvable');
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(n === 1 ? invalidOnce : page('<main><h1>B</h1></main>'));
    });
    await new Promise<void>((resolve) => changing.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(changing.address() as AddressInfo).port}`;
    const report = await crawl({ base: url, start: ['/'], recheckMs: 20 });
    await new Promise<void>((resolve) => changing.close(() => resolve()));
    expect(report.invalid).toEqual([]);
    expect([served.get('/a'), served.get('/b')]).toEqual([2, 2]);
  });

  it('validates identical bytes once and still names every address that serves them', async () => {
    const twice = page('<header><nav><a href="/x">X</a></nav><nav><a href="/y">Y</a></nav></header><main><h1>Double</h1></main>');
    const same = http.createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(req.url === '/' ? page('<main><h1>A</h1><a href="/x">X</a> <a href="/y">Y</a></main>') : twice);
    });
    await new Promise<void>((resolve) => same.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(same.address() as AddressInfo).port}`;
    const report = await crawl({ base: url, start: ['/'], recheckMs: 0 });
    await new Promise<void>((resolve) => same.close(() => resolve()));
    expect(report.invalid.map((p) => p.url)).toEqual(['/x', '/y']);
    expect(report.invalid[1]!.messages.map((m) => m.rule)).toContain('unique-landmark');
    expect([report.validated, report.reused]).toEqual([2, 1]);
    expect(describeReport(report).split('\n')[0]).toMatch(
      /^3 pages HTML, 3 URL vérifiées en [\d.]+ s \(\d+ pages\/s, 1 identiques validées une fois\)\.$/,
    );
  });

  it('fetches at most `max` pages of a template there are many of, and says how many it left', async () => {
    const fetched: string[] = [];
    const many = http.createServer((req, res) => {
      fetched.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'text/html' });
      const links = Array.from({ length: 12 }, (_, i) => `<a href="/v/${i}">V${i}</a>`).join(' ');
      res.end(page(req.url === '/' ? `<main><h1>Liste</h1>${links} <a href="/autre">Autre</a></main>` : '<main><h1>Page</h1></main>'));
    });
    await new Promise<void>((resolve) => many.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(many.address() as AddressInfo).port}`;
    const report = await crawl({ base: url, start: ['/'], recheckMs: 0, validate: false, limits: [{ pattern: /^\/v\//, max: 3 }] });
    await new Promise<void>((resolve) => many.close(() => resolve()));
    expect(fetched.filter((u) => u.startsWith('/v/'))).toHaveLength(3);
    expect(fetched).toContain('/autre');
    expect([report.pages, report.urls, report.skipped]).toEqual([5, 5, 9]);
    expect(describeReport(report).split('\n')[0]).toContain('9 du même modèle laissées');
  });

  it('fails on what only the Nu checker sees, naming the page and its message, once looked at again', async () => {
    const dl = (inner: string) =>
      page(`<main><h1>Loi</h1><dl>${inner}</dl><a href="/groupes">Groupes</a> <a href="/corrigee">Corrigée</a></main>`);
    // A dl mixing bare dt/dd with div-wrapped groups: html-validate accepts it, HTML does not.
    const mixed = dl('<dt>Numéro</dt><dd>2026-01</dd><div><dt>Date</dt><dd>1er mars</dd></div>');
    const grouped = dl('<div><dt>Numéro</dt><dd>2026-01</dd></div><div><dt>Date</dt><dd>1er mars</dd></div>');
    const served = new Map<string, number>();
    const laws = http.createServer((req, res) => {
      const n = (served.get(req.url ?? '') ?? 0) + 1;
      served.set(req.url ?? '', n);
      // /corrigee is corrected after the first visit.
      const body = { '/': mixed, '/groupes': grouped, '/corrigee': n === 1 ? mixed.replace('Loi', 'Décret') : grouped }[req.url ?? ''];
      res.writeHead(body ? 200 : 404, { 'content-type': body ? 'text/html' : 'text/plain' });
      res.end(body ?? 'introuvable');
    });
    await new Promise<void>((resolve) => laws.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(laws.address() as AddressInfo).port}`;
    const report = await crawl({ base: url, start: ['/'], recheckMs: 20 });
    await new Promise<void>((resolve) => laws.close(() => resolve()));
    expect(report.pages).toBe(3);
    expect(report.invalid).toEqual([
      {
        url: '/',
        messages: [
          expect.objectContaining({ rule: 'vnu', message: expect.stringContaining('Element “div” not allowed as child of element “dl”') }),
        ],
      },
    ]);
    expect(served.get('/corrigee')).toBe(2);
    expect(describeReport(report)).toMatch(/\nHTML invalide : \/:1:\d+ \[vnu\] Element “div” not allowed as child of element “dl”/);
  });

  it('reads every kind of reference a page makes', () => {
    expect(
      referencedUrls(
        '<link rel="preconnect" href="https://x"><link rel="stylesheet" href="/a.css"><img src="/i.png" srcset="/i-1.png 1x, ' +
          '/i-2.png 2x"><meta property="og:image" content="http://s/o.png"><a href="/p?a=1&amp;b=2">p</a>',
      ),
    ).toEqual(['/a.css', '/i.png', '/i-1.png', '/i-2.png', 'http://s/o.png', '/p?a=1&b=2']);
  });
});
