/**
 * The same user API journey through the real route handler functions in each sign-in mode:
 * embedded (our database), supabase (a local GoTrue-speaking server) and upstream (a local server
 * implementing the contract). Sign in → cookie and bearer sessions → list → logout → 401.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_IP_HEADER } from '@/lib/http/client-ip';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import { startFakeGoTrue, type FakeGoTrue } from '@/testing/fake-gotrue';
import { startFakeUserApi, type FakeUserApi } from '@/testing/fake-user-api';
import { authorizeAccountCreation, authorizeAccountList } from '@/lib/admin/access';
import { createUserApi } from './api';
import { createAccount, createEmbeddedAdapter } from './embedded';
import { clearMirrorCache } from './mirror';
import { createSupabaseAdapter } from './supabase';
import type { AuthAdapter } from './types';
import { createUpstreamAdapter } from './upstream';
import { cookiesOf } from '@/testing/set-cookies';

const COOKIE = 'insstat_session';
const who = { email: 'awa@inss.example', name: 'Awa Diallo', password: 'une phrase de passe commune' };

function call(path: string, init: { method?: string; body?: unknown; cookies?: string[]; token?: string } = {}) {
  const headers = new Headers({ host: 'localhost:3000', origin: 'http://localhost:3000', [CLIENT_IP_HEADER]: '198.51.100.60' });
  if (init.body !== undefined) headers.set('content-type', 'application/json');
  if (init.cookies?.length) headers.set('cookie', init.cookies.join('; '));
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  return new Request(`http://localhost:3000/api${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

describe.each(testDatabaseKinds)('user API in each sign-in mode (%s)', (kind) => {
  let database: TestDatabase;
  let gotrue: FakeGoTrue;
  let upstream: FakeUserApi;
  const adapters: Record<string, () => AuthAdapter> = {};

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    clearMirrorCache();
    await createAccount(database.db, who);
    gotrue = await startFakeGoTrue({ anonKey: 'anon-key', serviceRoleKey: 'service-key' });
    gotrue.addUser(who);
    upstream = await startFakeUserApi();
    upstream.addUser(who);
    adapters.embedded = () => createEmbeddedAdapter({ db: database.db, cookieName: COOKIE });
    adapters.supabase = () =>
      createSupabaseAdapter({ db: database.db, url: gotrue.url, anonKey: 'anon-key', serviceRoleKey: 'service-key' });
    adapters.upstream = () => createUpstreamAdapter({ db: database.db, baseUrl: upstream.url, cookieName: COOKIE });
  });
  afterAll(async () => {
    await gotrue?.close();
    await upstream?.close();
    await database?.close();
  });

  for (const mode of ['embedded', 'supabase', 'upstream'] as const) {
    it(`${mode}: sign in, cookie and bearer sessions, list, logout`, async () => {
      const adapter = adapters[mode]!();
      const api = createUserApi(async () => ({ adapter, db: database.db }), {
        cookieName: COOKIE,
        authorizeAccountCreation,
        authorizeAccountList,
      });

      const wrong = await api.login(
        call('/user/login', { method: 'POST', body: { email: who.email, password: 'pas le bon mot de passe' } }),
      );
      expect(wrong.status).toBe(401);
      const unknown = await api.login(
        call('/user/login', { method: 'POST', body: { email: 'inconnu@inss.example', password: 'pas le bon mot de passe' } }),
      );
      expect(await unknown.json()).toEqual(await wrong.json());

      const login = await api.login(call('/user/login', { method: 'POST', body: { email: who.email, password: who.password } }));
      expect(login.status).toBe(200);
      const { user, token } = (await login.json()) as { user: { id: string; email: string; name: string }; token: string };
      expect(user).toMatchObject({ email: who.email, name: who.name });
      expect(user.id).toMatch(/^[0-9a-f-]{36}$/); // always our own users.id
      const cookies = cookiesOf(login);
      expect(cookies.length).toBeGreaterThan(0);
      expect(login.headers.getSetCookie().every((c) => /HttpOnly/i.test(c))).toBe(true);

      for (const session of [{ cookies }, { token }]) {
        const me = await api.me(call('/user/isConnected/me', session));
        expect(me.status, JSON.stringify(session).slice(0, 40)).toBe(200);
        expect(((await me.json()) as { user: { id: string } }).user.id).toBe(user.id);
      }
      const list = await api.listUsers(call('/users', { token }));
      expect(list.status).toBe(200);
      expect(((await list.json()) as { users: { email: string }[] }).users.map((u) => u.email)).toContain(who.email);

      const out = await api.logout(call('/user/logout', { method: 'POST', cookies, token }));
      expect(out.status).toBe(200);
      expect((await api.me(call('/user/isConnected/me', { cookies }))).status).toBe(401);
      expect((await api.me(call('/user/isConnected/me', { token }))).status).toBe(401);
      expect((await api.listUsers(call('/users'))).status).toBe(401);
    });
  }
});
