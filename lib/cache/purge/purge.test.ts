import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { purgeRequests } from './adapters';
import { sendPurge } from './index';

type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };
let server: http.Server;
let base: string;
let seen: Seen[] = [];
/** Statuses answered in turn (then 200). */
let statuses: number[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const status = statuses.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'application/json' });
      // Cloudflare's answer shape: { success, errors, messages, result }.
      res.end(JSON.stringify({ success: status === 200, errors: [], messages: [], result: { id: 'x' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
  statuses = [];
});

describe('purge requests', () => {
  it('Varnish: PURGE with the keys in xkey-purge, split under the header limit', () => {
    const tags = Array.from({ length: 400 }, (_, i) => `publication:${i}`);
    const requests = purgeRequests({ kind: 'varnish', url: 'http://127.0.0.1:6081/' }, tags);
    expect(requests.length).toBeGreaterThan(1);
    expect(requests.every((r) => r.method === 'PURGE' && r.headers['xkey-purge']!.length <= 4_000)).toBe(true);
    expect(requests.flatMap((r) => r.headers['xkey-purge']!.split(' '))).toEqual(tags);
  });

  it('Cloudflare: POST /zones/{zone}/purge_cache with at most 30 tags and the token', () => {
    const tags = Array.from({ length: 45 }, (_, i) => `news:${i}`);
    const requests = purgeRequests({ kind: 'cloudflare', apiUrl: 'https://api.cloudflare.com/client/v4/', zoneId: 'z1', token: 't' }, tags);
    expect(requests.map((r) => r.url)).toEqual([
      'https://api.cloudflare.com/client/v4/zones/z1/purge_cache',
      'https://api.cloudflare.com/client/v4/zones/z1/purge_cache',
    ]);
    expect(requests.map((r) => (JSON.parse(r.body!) as { tags: string[] }).tags.length)).toEqual([30, 15]);
    expect(requests[0]!.headers.authorization).toBe('Bearer t');
  });

  it('nothing to send without tags', () => {
    expect(purgeRequests({ kind: 'http', url: 'http://x/' }, [])).toEqual([]);
  });
});

describe('sendPurge', () => {
  it('sends Cloudflare’s request shape to its API and retries a refusal', async () => {
    statuses = [503];
    const ok = await sendPurge({ kind: 'cloudflare', apiUrl: `${base}/client/v4`, zoneId: 'zone-1', token: 'secret' }, ['news', 'news:4'], {
      delaysMs: [10, 10],
    });
    expect(ok).toBe(true);
    expect(seen).toHaveLength(2);
    expect(seen[1]).toMatchObject({ method: 'POST', url: '/client/v4/zones/zone-1/purge_cache' });
    expect(seen[1]!.headers.authorization).toBe('Bearer secret');
    expect(seen[1]!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen[1]!.body)).toEqual({ tags: ['news', 'news:4'] });
  });

  it('posts the tags to a generic hook, and gives up after its retries', async () => {
    statuses = [500, 500, 500];
    const ok = await sendPurge({ kind: 'http', url: `${base}/purge`, token: 'k' }, ['identity'], { delaysMs: [5, 5] });
    expect(ok).toBe(false);
    expect(seen).toHaveLength(3);
    expect(seen.every((s) => s.method === 'POST' && s.headers.authorization === 'Bearer k' && s.body === '{"tags":["identity"]}')).toBe(
      true,
    );
  });

  it('sends Varnish its PURGE and never rejects when the cache is unreachable', async () => {
    expect(await sendPurge({ kind: 'varnish', url: `${base}/` }, ['news'], { delaysMs: [] })).toBe(true);
    expect(seen[0]).toMatchObject({ method: 'PURGE', url: '/' });
    expect(seen[0]!.headers['xkey-purge']).toBe('news');
    expect(await sendPurge({ kind: 'varnish', url: 'http://127.0.0.1:1/' }, ['news'], { delaysMs: [5], timeoutMs: 500 })).toBe(false);
  });
});
