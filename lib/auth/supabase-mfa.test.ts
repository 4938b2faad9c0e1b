/**
 * Supabase's own second factor in the supabase sign-in mode (issue 40), against the local fake of
 * GoTrue (testing/fake-gotrue.ts), through the user API's real handler functions and an admin route
 * handler: a password alone opens no session for an account with a verified Supabase factor, an
 * `aal1` session of such an account is refused by the server, Supabase checks the code (wrong and
 * reused codes refused), its `aal2` session opens the back-office, and an account without a factor
 * keeps signing in at `aal1` as before.
 */
import { createClient } from '@supabase/supabase-js';
import { generate } from 'otplib';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authorizeAccountCreation, authorizeAccountList, authorizeSignedIn } from '@/lib/admin/access';
import { CLIENT_IP_HEADER } from '@/lib/http/client-ip';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import { startFakeGoTrue, type FakeGoTrue } from '@/testing/fake-gotrue';
import { GET as listFiles } from '@/app/api/files/route';
import { createUserApi } from './api';
import { clearMirrorCache } from './mirror';
import { createSupabaseAdapter } from './supabase';
import type { AuthAdapter } from './types';
import { cookiesOf } from '@/testing/set-cookies';

vi.hoisted(() => {
  // The pending aal1 tokens are sealed in the sign-in step under this key.
  process.env.MFA_ENCRYPTION_KEY = Buffer.alloc(32, 9).toString('base64');
});

const anonKey = 'test-anon-key';
const serviceRoleKey = 'test-service-role-key';
const COOKIE = 'insstat_session';
const ORIGIN = 'http://localhost:3000';
const STORAGE_KEY = 'sb-127-auth-token';

function call(path: string, init: { method?: string; body?: unknown; cookies?: string[]; token?: string } = {}) {
  const headers = new Headers({ host: 'localhost:3000', origin: ORIGIN, [CLIENT_IP_HEADER]: '198.51.100.61' });
  if (init.body !== undefined) headers.set('content-type', 'application/json');
  if (init.cookies?.length) headers.set('cookie', init.cookies.join('; '));
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  return new Request(`${ORIGIN}/api${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { aal: string; amr: { method: string }[] };

type Step = { error: string; mfaRequired: true; mfaToken: string; methods: string[]; expiresIn: number };

describe.each(testDatabaseKinds)('Supabase second factor in supabase mode (%s)', (kind) => {
  let database: TestDatabase;
  let gotrue: FakeGoTrue;
  let adapter: AuthAdapter;
  let api: ReturnType<typeof createUserApi>;
  let seq = 0;
  const g = globalThis as { __insstatAuth?: unknown };

  function account(withFactor: boolean) {
    seq += 1;
    const email = `mfa${seq}-${kind}@institut.example`;
    const password = 'mot-de-passe-mfa';
    const { id } = gotrue.addUser({ email, password, name: `Agent ${seq}` });
    const factor = withFactor ? gotrue.addTotpFactor(id, 'Téléphone') : null;
    return { id, email, password, factor };
  }

  /** An aal1 session opened at Supabase directly (another client, or before the factor existed). */
  async function aal1Session(email: string, password: string) {
    const client = createClient(gotrue.url, anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
    const { data, error } = await client.auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    return data.session!;
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    gotrue = await startFakeGoTrue({ anonKey, serviceRoleKey });
    adapter = createSupabaseAdapter({ db: database.db, url: gotrue.url, anonKey, serviceRoleKey });
    const deps = async () => ({ adapter, db: database.db });
    api = createUserApi(deps, { cookieName: COOKIE, authorizeAccountCreation, authorizeAccountList, authorizeUser: authorizeSignedIn });
    // The admin route handlers' getAuth() answers this installation: supabase mode on the test database.
    g.__insstatAuth = deps();
  });
  afterAll(async () => {
    delete g.__insstatAuth;
    await gotrue?.close();
    await database?.close();
  });
  beforeEach(() => clearMirrorCache());

  it('the fake speaks GoTrue’s MFA: enrol, challenge, verify (aal2, amr totp), a code once, unenrol', async () => {
    const { email, password } = account(false);
    const client = createClient(gotrue.url, anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
    await client.auth.signInWithPassword({ email, password });
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Téléphone' });
    expect(enrolled.error).toBeNull();
    expect(enrolled.data).toMatchObject({ type: 'totp', friendly_name: 'Téléphone' });
    expect(enrolled.data!.totp.qr_code.startsWith('data:image/svg+xml;utf-8,<svg')).toBe(true);
    expect(enrolled.data!.totp.uri).toContain(`secret=${enrolled.data!.totp.secret}`);
    const factorId = enrolled.data!.id;
    expect((await client.auth.getUser()).data.user!.factors).toMatchObject([{ id: factorId, status: 'unverified' }]);

    const code = await generate({ secret: enrolled.data!.totp.secret });
    const wrong = await client.auth.mfa.challengeAndVerify({ factorId, code: code === '000000' ? '111111' : '000000' });
    expect(wrong.error?.code).toBe('mfa_verification_failed');
    const right = await client.auth.mfa.challengeAndVerify({ factorId, code });
    expect(right.error).toBeNull();
    expect(claimsOf(right.data!.access_token)).toMatchObject({
      aal: 'aal2',
      amr: expect.arrayContaining([expect.objectContaining({ method: 'totp' })]),
    });
    expect(right.data!.user.factors).toMatchObject([{ id: factorId, status: 'verified' }]);
    const again = await client.auth.mfa.challengeAndVerify({ factorId, code });
    expect(again.error?.code).toBe('mfa_verification_failed');

    // A verified factor is removed only by an aal2 session.
    const other = createClient(gotrue.url, anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
    await other.auth.signInWithPassword({ email, password });
    expect((await other.auth.mfa.unenroll({ factorId })).error?.code).toBe('insufficient_aal');
    expect((await client.auth.mfa.unenroll({ factorId })).error).toBeNull();
    expect(gotrue.factorsOf(gotrue.findUser(email)!.id)).toEqual([]);
  });

  it('an account without a factor keeps signing in and working at aal1', async () => {
    const { email, password } = account(false);
    const login = await api.login(call('/user/login', { method: 'POST', body: { email, password } }));
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    expect(claimsOf(token).aal).toBe('aal1');
    expect((await api.me(call('/user/isConnected/me', { cookies: cookiesOf(login) }))).status).toBe(200);
    expect((await listFiles(call('/files', { token }))).status).toBe(200);
  });

  it('a password alone opens nothing, and an aal1 session of that account is refused by the server', async () => {
    const { email, password } = account(true);
    const login = await api.login(call('/user/login', { method: 'POST', body: { email, password } }));
    expect(login.status).toBe(401);
    const step = (await login.json()) as Step & { token?: string };
    expect(step).toMatchObject({ mfaRequired: true, methods: ['totp'], expiresIn: 300 });
    expect(step.mfaToken).toEqual(expect.any(String));
    expect(step.token).toBeUndefined();
    expect(cookiesOf(login)).toEqual([]);

    // The same account's aal1 session, opened at Supabase itself: valid there, not here.
    const session = await aal1Session(email, password);
    expect(claimsOf(session.access_token).aal).toBe('aal1');
    expect((await api.me(call('/user/isConnected/me', { token: session.access_token }))).status).toBe(401);
    expect((await api.listUsers(call('/users', { token: session.access_token }))).status).toBe(401);
    expect((await listFiles(call('/files', { token: session.access_token }))).status).toBe(401);
    // As cookies: refused, and the browser's copy is cleared.
    const cookie = `${STORAGE_KEY}=base64-${Buffer.from(JSON.stringify(session)).toString('base64url')}`;
    const me = await api.me(call('/user/isConnected/me', { cookies: [cookie] }));
    expect(me.status).toBe(401);
    expect(me.headers.getSetCookie().some((c) => c.startsWith(`${STORAGE_KEY}=;`) && /Max-Age=0/i.test(c))).toBe(true);
    expect((await listFiles(call('/files', { cookies: [cookie] }))).status).toBe(401);
  });

  it('Supabase checks the code: a wrong one is refused in French, the right one gives aal2 and the back-office, never twice', async () => {
    const { email, password, factor } = account(true);
    const first = (await (await api.login(call('/user/login', { method: 'POST', body: { email, password } }))).json()) as Step;
    const code = await generate({ secret: factor!.secret });

    const wrong = await api.login(
      call('/user/login', { method: 'POST', body: { mfaToken: first.mfaToken, code: code === '000000' ? '111111' : '000000' } }),
    );
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { error: string }).error).toBe(
      'Code incorrect ou déjà utilisé : saisissez le code à 6 chiffres affiché maintenant par votre application.',
    );
    expect(cookiesOf(wrong)).toEqual([]);

    // The step survives a wrong code, as in the embedded mode.
    const right = await api.login(call('/user/login', { method: 'POST', body: { mfaToken: first.mfaToken, code } }));
    expect(right.status).toBe(200);
    const { user, token } = (await right.json()) as { user: { email: string }; token: string };
    expect(user.email).toBe(email);
    expect(claimsOf(token).aal).toBe('aal2');
    const cookies = cookiesOf(right);
    expect(cookies.some((c) => c.startsWith(STORAGE_KEY))).toBe(true);
    expect((await api.me(call('/user/isConnected/me', { cookies }))).status).toBe(200);
    expect((await listFiles(call('/files', { cookies }))).status).toBe(200);
    expect((await listFiles(call('/files', { token }))).status).toBe(200);

    // The step is spent, and the same code is refused on a new step.
    const replay = await api.login(call('/user/login', { method: 'POST', body: { mfaToken: first.mfaToken, code } }));
    expect(replay.status).toBe(401);
    const second = (await (await api.login(call('/user/login', { method: 'POST', body: { email, password } }))).json()) as Step;
    const reused = await api.login(call('/user/login', { method: 'POST', body: { mfaToken: second.mfaToken, code } }));
    expect(reused.status).toBe(401);
    expect(cookiesOf(reused)).toEqual([]);
  });
  it('the profile enrols an app with Supabase (first code), then removes it with a current code', async () => {
    const { id, email, password } = account(false);
    const login = await api.login(call('/user/login', { method: 'POST', body: { email, password } }));
    let cookies = cookiesOf(login);
    const asBrowser = () => ({
      token: null,
      bearer: false,
      cookies: cookies.map((c) => ({ name: c.slice(0, c.indexOf('=')), value: c.slice(c.indexOf('=') + 1) })),
      ip: '198.51.100.61',
      userAgent: 'vitest',
      secureCookies: false,
    });
    const totp = adapter.providerTotp!;
    expect(await totp.enabled(asBrowser())).toBe(false);

    const setup = await totp.begin(asBrowser(), 'INSS');
    expect(setup.uri).toContain('issuer=INSS');
    // Begun twice: the half-way factor is replaced, not piled up.
    const again = await totp.begin(asBrowser(), 'INSS');
    expect(gotrue.factorsOf(id)).toEqual([{ id: again.factorId, status: 'unverified' }]);
    const code = await generate({ secret: again.secret });
    await expect(totp.confirm(asBrowser(), again.factorId, code === '000000' ? '111111' : '000000')).rejects.toThrow(
      'Code incorrect ou déjà utilisé : saisissez le code à 6 chiffres affiché maintenant par votre application.',
    );
    const confirmed = await totp.confirm(asBrowser(), again.factorId, code);
    const set = new Map(cookies.map((c) => [c.slice(0, c.indexOf('=')), c]));
    for (const c of confirmed.cookies) {
      if (c.options.maxAge === 0) set.delete(c.name);
      else set.set(c.name, `${c.name}=${c.value}`);
    }
    cookies = [...set.values()];
    expect(gotrue.factorsOf(id)).toEqual([{ id: again.factorId, status: 'verified' }]);
    // The browser's session is now aal2: still the back-office's; a new password-only sign-in is not.
    expect((await api.me(call('/user/isConnected/me', { cookies }))).status).toBe(200);
    expect((await api.login(call('/user/login', { method: 'POST', body: { email, password } }))).status).toBe(401);
    await expect(totp.begin(asBrowser(), 'INSS')).rejects.toThrow('Une application d’authentification est déjà active');

    // Removing it takes a current code, and never the one already used.
    await expect(totp.disable(asBrowser(), code)).rejects.toThrow('Code incorrect ou déjà utilisé');
    expect(gotrue.factorsOf(id)).toHaveLength(1);
    // The next period’s code (one period of drift is accepted).
    const later = await generate({ secret: again.secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    await totp.disable(asBrowser(), later);
    expect(gotrue.factorsOf(id)).toEqual([]);
    expect((await api.login(call('/user/login', { method: 'POST', body: { email, password } }))).status).toBe(200);
  });
});
