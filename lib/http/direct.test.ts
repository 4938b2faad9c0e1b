import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { answerDirectly } from './direct';

let server: http.Server | null = null;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function serve(answer: (request: Request) => Promise<Response>): Promise<{ url: string; fallbacks: () => number }> {
  let fallbacks = 0;
  server = http.createServer((req, res) => {
    req.headers['x-insstat-client-ip'] = '10.0.0.7';
    void answerDirectly(req, res, answer, {
      headers: [{ key: 'X-Content-Type-Options', value: 'nosniff' }],
      fallback: () => {
        fallbacks++;
        res.statusCode = 500;
        res.end('from next');
      },
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, fallbacks: () => fallbacks };
}

describe('answerDirectly', () => {
  it('gives the handler the request (address, query, headers) and sends its answer with the site headers', async () => {
    const { url } = await serve(async (request) => {
      const u = new URL(request.url);
      return Response.json(
        { q: u.searchParams.get('q'), ip: request.headers.get('x-insstat-client-ip'), lang: request.headers.get('accept-language') },
        { status: 201, headers: { 'Cache-Control': 'no-store' } },
      );
    });
    const res = await fetch(`${url}/api/x?q=prix%20riz`, { headers: { 'Accept-Language': 'fr' } });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ q: 'prix riz', ip: '10.0.0.7', lang: 'fr' });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('leaves the request to Next when the handler throws', async () => {
    const { url, fallbacks } = await serve(async () => {
      throw new Error('base injoignable');
    });
    const res = await fetch(`${url}/api/x`);
    expect(await res.text()).toBe('from next');
    expect(fallbacks()).toBe(1);
  });
});
