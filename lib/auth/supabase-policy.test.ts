/**
 * The institute's second-factor policy in the supabase sign-in mode, against the local fake of
 * GoTrue: an Administrateur without a verified Supabase factor may only enrol (403 elsewhere, with
 * the policy's French reason); with one, its aal2 session is served; a Rédacteur is not covered by
 * « publishers ».
 */
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { actorOf, authorizeAccountCreation, authorizeAccountList, authorizeSignedIn } from '@/lib/admin/access';
import { GET as listFiles } from '@/app/api/files/route';
import { CLIENT_IP_HEADER } from '@/lib/http/client-ip';
import { createTestDatabase, type TestDatabase } from '@/testing/db';
import { startFakeGoTrue, type FakeGoTrue } from '@/testing/fake-gotrue';
import { createUserApi } from './api';
import { setMfaPolicy } from './mfa/policy';
import { setAccountAccess } from './roles';
import { createSupabaseAdapter } from './supabase';
import type { AuthAdapter } from './types';

vi.hoisted(() => {
  // This installation's mode: actorOf counts Supabase's factors only in it.
  process.env.AUTH_MODE = 'supabase';
  process.env.SUPABASE_URL = 'http://127.0.0.1:9';
  process.env.SUPABASE_ANON_KEY = 'test-anon-key';
  process.env.MFA_ENCRYPTION_KEY = Buffer.alloc(32, 3).toString('base64');
});

const anonKey = 'test-anon-key';
const serviceRoleKey = 'test-service-role-key';
const ORIGIN = 'http://localhost:3000';

function call(path: string, init: { method?: string; body?: unknown; token?: string } = {}) {
  const headers = new Headers({ host: 'localhost:3000', origin: ORIGIN, [CLIENT_IP_HEADER]: '198.51.100.63' });
  if (init.body !== undefined) headers.set('content-type', 'application/json');
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  return new Request(`${ORIGIN}/api${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

describe('second-factor policy in supabase mode (pglite)', () => {
  let database: TestDatabase;
  let gotrue: FakeGoTrue;
  let adapter: AuthAdapter;
  let api: ReturnType<typeof createUserApi>;
  const g = globalThis as { __insstatAuth?: unknown };

  /** Signs in through the user API (password, then the code when there is a factor): the session's token. */
  async function signIn(email: string, secret?: string) {
    const first = await api.login(call('/user/login', { method: 'POST', body: { email, password: 'mot-de-passe-regle' } }));
    if (!secret) return ((await first.json()) as { token: string }).token;
    const { mfaToken } = (await first.json()) as { mfaToken: string };
    const second = await api.login(call('/user/login', { method: 'POST', body: { mfaToken, code: await generate({ secret }) } }));
    expect(second.status).toBe(200);
    return ((await second.json()) as { token: string }).token;
  }

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    gotrue = await startFakeGoTrue({ anonKey, serviceRoleKey });
    adapter = createSupabaseAdapter({ db: database.db, url: gotrue.url, anonKey, serviceRoleKey });
    const deps = async () => ({ adapter, db: database.db });
    api = createUserApi(deps, {
      cookieName: 'insstat_session',
      authorizeAccountCreation,
      authorizeAccountList,
      authorizeUser: authorizeSignedIn,
    });
    g.__insstatAuth = deps();
    await setMfaPolicy(database.db, { policy: 'publishers', user: null });
  });
  afterAll(async () => {
    delete g.__insstatAuth;
    await gotrue?.close();
    await database?.close();
  });

  it('an Administrateur without a Supabase factor may only enrol; with one (aal2) it is served; a Rédacteur is not covered', async () => {
    const bare = gotrue.addUser({ email: 'admin.nu@institut.example', password: 'mot-de-passe-regle' });
    const token = await signIn(bare.email);
    const { value: user } = await adapter.resolve({ token, bearer: true, cookies: [], ip: null, userAgent: null, secureCookies: false });
    await setAccountAccess(database.db, { actor: 'test', change: { userId: user!.id, role: 'admin', areas: [] } });
    expect((await actorOf(database.db, user!)).mfaPending).toBe(true);
    const refused = await listFiles(call('/files', { token }));
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toContain('ne permet pas d’agir sans second facteur');
    expect((await api.listUsers(call('/users', { token }))).status).toBe(403);

    const secured = gotrue.addUser({ email: 'admin.protege@institut.example', password: 'mot-de-passe-regle' });
    const { secret } = gotrue.addTotpFactor(secured.id);
    const strong = await signIn(secured.email, secret);
    const { value: strongUser } = await adapter.resolve({
      token: strong,
      bearer: true,
      cookies: [],
      ip: null,
      userAgent: null,
      secureCookies: false,
    });
    await setAccountAccess(database.db, { actor: 'test', change: { userId: strongUser!.id, role: 'admin', areas: [] } });
    expect((await actorOf(database.db, strongUser!)).mfaPending).toBe(false);
    expect((await listFiles(call('/files', { token: strong }))).status).toBe(200);
    expect((await api.listUsers(call('/users', { token: strong }))).status).toBe(200);
    // The user API's shape is unchanged by the mark.
    expect(Object.keys(strongUser!).sort()).toEqual(['email', 'id', 'name']);

    const editor = gotrue.addUser({ email: 'redacteur@institut.example', password: 'mot-de-passe-regle' });
    const editorToken = await signIn(editor.email);
    const { value: editorUser } = await adapter.resolve({
      token: editorToken,
      bearer: true,
      cookies: [],
      ip: null,
      userAgent: null,
      secureCookies: false,
    });
    await setAccountAccess(database.db, { actor: 'test', change: { userId: editorUser!.id, role: 'editor', areas: [] } });
    expect((await listFiles(call('/files', { token: editorToken }))).status).toBe(200);
  });
});
