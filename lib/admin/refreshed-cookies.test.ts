/**
 * In Supabase mode a session close to expiry is refreshed while an admin action or handler checks
 * it: the new cookies must reach the browser from `adminAction` (through `cookies()`) and from
 * `adminRoute` (Set-Cookie on its answer), or the editor is signed out in the middle of their work.
 * A local GoTrue-speaking server plays Supabase; only `next/headers` is supplied by the test.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { clearMirrorCache } from '@/lib/auth/mirror';
import { createSupabaseAdapter } from '@/lib/auth/supabase';
import type { AuthAdapter } from '@/lib/auth/types';
import { json } from '@/lib/http/responses';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import { startFakeGoTrue, type FakeGoTrue } from '@/testing/fake-gotrue';
import { needs } from './access';

const incoming = vi.hoisted(() => ({
  headers: new Headers(),
  cookies: [] as { name: string; value: string }[],
  written: [] as { name: string; value: string }[],
}));

vi.mock('next/headers', () => ({
  headers: async () => incoming.headers,
  cookies: async () => ({
    getAll: () => incoming.cookies,
    get: (name: string) => incoming.cookies.find((c) => c.name === name),
    set: (name: string, value: string) => void incoming.written.push({ name, value }),
  }),
}));

const { adminAction } = await import('./action');
const { adminRoute } = await import('./handler');

describe.each(testDatabaseKinds)('cookies refreshed by the sign-in adapter (supabase, %s)', (kind) => {
  let database: TestDatabase;
  let gotrue: FakeGoTrue;
  let adapter: AuthAdapter;
  const who = { email: 'awa@institut.example', password: 'mot-de-passe-1', name: 'Awa Diallo' };

  /** A browser's cookies after signing in with an access token inside the SDK's refresh margin. */
  async function expiringSession() {
    gotrue.setAccessTokenTtl(30);
    const { cookies } = await adapter.signIn(
      { token: null, bearer: false, cookies: [], ip: '203.0.113.9', userAgent: 'vitest', secureCookies: false },
      { email: who.email, password: who.password },
    );
    gotrue.setAccessTokenTtl(3600);
    return cookies.filter((c) => c.options.maxAge !== 0).map((c) => ({ name: c.name, value: c.value }));
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    clearMirrorCache();
    gotrue = await startFakeGoTrue({ anonKey: 'anon-key', serviceRoleKey: 'service-key' });
    gotrue.addUser(who);
    adapter = createSupabaseAdapter({ db: database.db, url: gotrue.url, anonKey: 'anon-key', serviceRoleKey: 'service-key' });
    (globalThis as { __insstatAuth?: unknown }).__insstatAuth = Promise.resolve({ adapter, db: database.db });
  });
  afterAll(async () => {
    delete (globalThis as { __insstatAuth?: unknown }).__insstatAuth;
    await gotrue?.close();
    await database?.close();
  });
  beforeEach(() => {
    incoming.headers = new Headers({ host: 'localhost:3000' });
    incoming.cookies = [];
    incoming.written = [];
  });

  it('adminAction writes the refreshed session cookies', async () => {
    incoming.cookies = await expiringSession();
    const whoAmI = adminAction(z.object({}), async (_input, ctx) => ctx.user.email, { access: needs.read });
    expect(await whoAmI({})).toEqual({ ok: true, data: who.email });
    const session = incoming.written.filter((c) => c.name.startsWith('sb-') && c.value !== '');
    expect(session.length).toBeGreaterThan(0);
    expect(session.map((c) => c.value)).not.toEqual(incoming.cookies.filter((c) => c.name.startsWith('sb-')).map((c) => c.value));
  });

  it('adminRoute sends the refreshed session cookies with its answer', async () => {
    const browser = await expiringSession();
    const GET = adminRoute(needs.read, async (_request, ctx) => json({ email: ctx.user.email }));
    const response = await GET(
      new Request('http://localhost:3000/api/admin/news', { headers: { cookie: browser.map((c) => `${c.name}=${c.value}`).join('; ') } }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ email: who.email });
    const set = response.headers.getSetCookie().filter((c) => c.startsWith('sb-') && !/^[^=]+=;/.test(c));
    expect(set.length).toBeGreaterThan(0);
    expect(set.every((c) => /HttpOnly/i.test(c))).toBe(true);
  });
});
