import { describe, expect, it } from 'vitest';
import { env } from '@/lib/env';
import { GET } from './route';

const site = new URL(env.SITE_URL).origin;
/** The request as Next hands it to the handler: its own origin may differ from SITE_URL behind a proxy. */
const call = (query: string, referer?: string, origin = 'http://10.0.0.5:3000') =>
  GET(new Request(`${origin}/api/langue${query}`, { headers: referer === undefined ? {} : { Referer: referer } }));

describe('GET /api/langue', () => {
  it('sends the reader to the page they came from, in the language asked for (303)', async () => {
    const res = await call('?vers=en', `${site}/indice/ipc?periode=5y`);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/en/indice/ipc?periode=5y');
    expect(res.headers.get('cache-control')).toBe('no-store');

    const back = await call('?vers=fr', `${site}/en/calendrier`);
    expect(back.headers.get('location')).toBe('/calendrier');
    expect((await call('?vers=fr', `${site}/en`)).headers.get('location')).toBe('/');
  });

  it('accepts a Referer of the request’s own origin as well as SITE_URL’s', async () => {
    const res = await call('?vers=en', 'http://10.0.0.5:3000/actualites', 'http://10.0.0.5:3000');
    expect(res.headers.get('location')).toBe('/en/actualites');
  });

  it('goes to the language’s home without a Referer, or with another site’s', async () => {
    expect((await call('?vers=en')).headers.get('location')).toBe('/en');
    expect((await call('?vers=en', 'https://evil.example/indice/ipc')).headers.get('location')).toBe('/en');
    expect((await call('?vers=fr', 'nonsense')).headers.get('location')).toBe('/');
    expect((await call('?vers=fr', `${site}//evil.example/x`)).headers.get('location')).toBe('/');
  });

  it('refuses an unknown language with a 400, never a 500', async () => {
    for (const query of ['', '?vers=', '?vers=de', '?vers=EN', '?vers=xx&vers=fr', '?vers=%00']) {
      const res = await call(query, `${site}/indice/ipc`);
      expect(res.status, query).toBe(400);
      expect(res.headers.get('location')).toBeNull();
    }
  });
});
