import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillNotFoundPath, withPath } from './not-found-path';

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
