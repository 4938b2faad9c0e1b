import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '@/lib/db/schema';
import { ConflictError, ForbiddenError, InvalidCredentialsError, UnauthorizedError, UpstreamError, ValidationError } from '@/lib/errors';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import { startFakeGoTrue, type FakeGoTrue } from '@/testing/fake-gotrue';
import { clearMirrorCache } from './mirror';
import { createSupabaseAdapter } from './supabase';
import type { AuthAdapter, AuthRequest, CookieToSet, SessionUser } from './types';

const anonKey = 'test-anon-key';
const serviceRoleKey = 'test-service-role-key';
const BAD_CREDENTIALS = 'Adresse e-mail ou mot de passe incorrect.';

type BrowserCookies = { name: string; value: string }[];

const request = (overrides: Partial<AuthRequest> = {}): AuthRequest => ({
  token: null,
  bearer: false,
  cookies: [],
  ip: '203.0.113.7',
  userAgent: 'vitest',
  secureCookies: true,
  ...overrides,
});
const withCookies = (cookies: BrowserCookies) => request({ cookies });
const withBearer = (token: string) => request({ token, bearer: true });

/** What a browser holds after a response's Set-Cookie headers. */
function applyCookies(jar: BrowserCookies, set: CookieToSet[]): BrowserCookies {
  const map = new Map(jar.map((c) => [c.name, c.value]));
  for (const c of set) {
    if (c.options.maxAge === 0) map.delete(c.name);
    else map.set(c.name, c.value);
  }
  return [...map].map(([name, value]) => ({ name, value }));
}

const STORAGE_KEY = 'sb-127-auth-token';

/** The session @supabase/ssr keeps in its (possibly chunked) `base64-` cookies. */
function readSession(cookies: BrowserCookies): { access_token: string } & Record<string, unknown> {
  const whole = cookies.find((c) => c.name === STORAGE_KEY)?.value;
  const chunks = cookies
    .filter((c) => c.name.startsWith(`${STORAGE_KEY}.`))
    .sort((a, b) => Number(a.name.slice(STORAGE_KEY.length + 1)) - Number(b.name.slice(STORAGE_KEY.length + 1)))
    .map((c) => c.value);
  const raw = whole ?? chunks.join('');
  expect(raw.startsWith('base64-')).toBe(true);
  return JSON.parse(Buffer.from(raw.slice('base64-'.length), 'base64url').toString('utf8'));
}

function writeSession(session: Record<string, unknown>): BrowserCookies {
  return [{ name: STORAGE_KEY, value: `base64-${Buffer.from(JSON.stringify(session)).toString('base64url')}` }];
}

describe.each(testDatabaseKinds)('supabase sign-in mode on %s', (kind) => {
  let database: TestDatabase;
  let gotrue: FakeGoTrue;
  let adapter: AuthAdapter;
  let seq = 0;

  /** A fresh Supabase account (unique email) and its password. */
  function account(name = 'Agent Test', password = 'mot-de-passe-1') {
    seq += 1;
    const email = `agent${seq}@institut.example`;
    const { id } = gotrue.addUser({ email, password, name });
    return { id, email, password, name };
  }

  /** Signs in like the login form does and returns what the browser then holds. */
  async function browserSignIn(email: string, password: string) {
    const { value, cookies } = await adapter.signIn(request(), { email, password });
    return { user: value.user, token: value.token, cookies: applyCookies([], cookies) };
  }

  const rowOf = async (externalId: string) => {
    const [row] = await database.db.select().from(users).where(eq(users.externalId, externalId));
    return row;
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // Off, so the tests prove the adapter ends the other sessions itself on a password change.
    gotrue = await startFakeGoTrue({ anonKey, serviceRoleKey, revokeOtherSessionsOnPasswordChange: false });
    adapter = createSupabaseAdapter({ db: database.db, url: gotrue.url, anonKey, serviceRoleKey });
  });
  afterAll(async () => {
    await gotrue?.close();
    await database?.close();
  });
  beforeEach(() => {
    clearMirrorCache();
    gotrue.failWith(null);
    gotrue.setAccessTokenTtl(3600);
  });

  it('signs in: an access token, httpOnly session cookies, and the user mirrored into our table', async () => {
    const alice = account('Alice Martin');
    const { value, cookies } = await adapter.signIn(request(), { email: alice.email.toUpperCase(), password: alice.password });

    expect(value.token.split('.')).toHaveLength(3);
    expect(cookies.length).toBeGreaterThan(0);
    for (const c of cookies) {
      expect(c.name.startsWith(STORAGE_KEY)).toBe(true);
      expect(c.value).not.toBe('');
      expect(c.options).toMatchObject({ httpOnly: true, secure: true, sameSite: 'lax', path: '/' });
      expect(c.options.maxAge).toBeGreaterThan(0);
    }

    const row = await rowOf(alice.id);
    expect(row).toMatchObject({ id: value.user.id, email: alice.email, name: 'Alice Martin', active: true, passwordHash: null });
    expect(value.user).toEqual({ id: row!.id, email: alice.email, name: 'Alice Martin' });

    // On plain-HTTP localhost the cookies are not Secure (a browser would drop them).
    const local = await adapter.signIn(request({ secureCookies: false }), { email: alice.email, password: alice.password });
    expect(local.cookies.every((c) => c.options.secure === false && c.options.httpOnly === true)).toBe(true);
    // Signing in again does not duplicate the row.
    expect(local.value.user.id).toBe(row!.id);
  });

  it('names a user by email when Supabase has no name for it', async () => {
    seq += 1;
    const email = `sans-nom${seq}@institut.example`;
    gotrue.addUser({ email, password: 'mot-de-passe-1' });
    const { user } = await browserSignIn(email, 'mot-de-passe-1');
    expect(user.name).toBe(email);
  });

  it('refuses a wrong password and an unknown email with the same message, and mirrors nobody', async () => {
    const bob = account();
    const wrong = adapter.signIn(request(), { email: bob.email, password: 'pas-le-bon' });
    await expect(wrong).rejects.toBeInstanceOf(InvalidCredentialsError);
    await expect(wrong).rejects.toThrow(BAD_CREDENTIALS);
    const unknown = adapter.signIn(request(), { email: 'personne@institut.example', password: 'pas-le-bon' });
    await expect(unknown).rejects.toBeInstanceOf(InvalidCredentialsError);
    await expect(unknown).rejects.toThrow(BAD_CREDENTIALS);
    expect(await rowOf(bob.id)).toBeUndefined();
  });

  it('resolves a session from its bearer token and from its cookies, and nothing else', async () => {
    const carol = account('Carol');
    const { user, token, cookies } = await browserSignIn(carol.email, carol.password);

    expect((await adapter.resolve(withBearer(token))).value).toEqual(user);
    const byCookies = await adapter.resolve(withCookies(cookies));
    expect(byCookies.value).toEqual(user);
    // A fresh session needs no refresh: nothing to write.
    expect(byCookies.cookies).toEqual([]);

    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    expect((await adapter.resolve(withBearer(forged))).value).toBeNull();
    expect((await adapter.resolve(withBearer('pas-un-jeton'))).value).toBeNull();

    // A session cookie holding a forged access token: refused, and the browser is told to drop it.
    const stored = readSession(cookies);
    expect(stored.access_token).toBe(token);
    const tampered = writeSession({ ...stored, access_token: forged });
    const refused = await adapter.resolve(withCookies(tampered));
    expect(refused.value).toBeNull();
    expect(refused.cookies.map((c) => [c.name, c.value, c.options.maxAge])).toEqual([[tampered[0]!.name, '', 0]]);

    // A visitor without a session costs no call to Supabase.
    const before = gotrue.requests.length;
    expect(await adapter.resolve(withCookies([{ name: 'autre', value: 'x' }]))).toEqual({ value: null, cookies: [] });
    expect(await adapter.resolve(request())).toEqual({ value: null, cookies: [] });
    expect(gotrue.requests.length).toBe(before);
  });

  it('refreshes an expiring cookie session and hands back the new cookies', async () => {
    const dan = account();
    gotrue.setAccessTokenTtl(30); // inside the SDK's 90-second refresh margin
    const { user, cookies } = await browserSignIn(dan.email, dan.password);
    gotrue.setAccessTokenTtl(3600);

    const refreshes = () => gotrue.requests.filter((r) => r.path === '/auth/v1/token?grant_type=refresh_token').length;
    const before = refreshes();
    const first = await adapter.resolve(withCookies(cookies));
    expect(first.value).toEqual(user);
    expect(refreshes()).toBe(before + 1);
    expect(first.cookies.length).toBeGreaterThan(0);
    expect(first.cookies.every((c) => c.options.httpOnly === true)).toBe(true);

    const renewed = applyCookies(cookies, first.cookies);
    expect(renewed).not.toEqual(cookies);
    const second = await adapter.resolve(withCookies(renewed));
    expect(second.value).toEqual(user);
    expect(second.cookies).toEqual([]);
    expect(refreshes()).toBe(before + 1);
  });

  it('signing out ends the session at Supabase, by cookies and by bearer token', async () => {
    const erin = account();
    const browser = await browserSignIn(erin.email, erin.password);
    const api = await browserSignIn(erin.email, erin.password);
    expect(gotrue.liveSessions(erin.id)).toBe(2);

    const out = await adapter.signOut(withCookies(browser.cookies));
    expect(out.value).toBeNull();
    expect(applyCookies(browser.cookies, out.cookies)).toEqual([]);
    // The old cookies no longer work anywhere: the session was revoked, not just forgotten.
    expect((await adapter.resolve(withCookies(browser.cookies))).value).toBeNull();
    expect((await adapter.resolve(withBearer(browser.token))).value).toBeNull();
    expect(gotrue.liveSessions(erin.id)).toBe(1);

    expect((await adapter.resolve(withBearer(api.token))).value).not.toBeNull();
    expect(await adapter.signOut(withBearer(api.token))).toEqual({ value: null, cookies: [] });
    expect((await adapter.resolve(withBearer(api.token))).value).toBeNull();
    expect(gotrue.liveSessions(erin.id)).toBe(0);

    // Never throws: an already ended session, a junk token, no session at all.
    await expect(adapter.signOut(withBearer(api.token))).resolves.toEqual({ value: null, cookies: [] });
    await expect(adapter.signOut(withBearer('pas-un-jeton'))).resolves.toEqual({ value: null, cookies: [] });
    await expect(adapter.signOut(request())).resolves.toEqual({ value: null, cookies: [] });
    const again = await adapter.signOut(withCookies(browser.cookies));
    expect(applyCookies(browser.cookies, again.cookies)).toEqual([]);
  });

  it('a deactivated account cannot sign in and its open sessions resolve to null; reactivation restores it', async () => {
    const admin = account('Admin');
    const frank = account('Frank');
    const actor = (await browserSignIn(admin.email, admin.password)).user;
    const browser = await browserSignIn(frank.email, frank.password);

    await adapter.setActive(request(), actor, browser.user.id, false);
    expect(gotrue.findUser(frank.email)!.bannedUntil!.getTime()).toBeGreaterThan(Date.now() + 50 * 365 * 86_400_000);
    expect((await rowOf(frank.id))!.active).toBe(false);

    expect((await adapter.resolve(withBearer(browser.token))).value).toBeNull();
    const byCookies = await adapter.resolve(withCookies(browser.cookies));
    expect(byCookies.value).toBeNull();
    expect(applyCookies(browser.cookies, byCookies.cookies)).toEqual([]);
    const again = adapter.signIn(request(), { email: frank.email, password: frank.password });
    await expect(again).rejects.toBeInstanceOf(InvalidCredentialsError);
    await expect(again).rejects.toThrow(BAD_CREDENTIALS);
    const listed = (await adapter.listUsers(request(), actor)).find((u) => u.id === browser.user.id);
    expect(listed?.active).toBe(false);

    await adapter.setActive(request(), actor, browser.user.id, true);
    expect((await rowOf(frank.id))!.active).toBe(true);
    expect((await browserSignIn(frank.email, frank.password)).user.id).toBe(browser.user.id);
  });

  it('an account banned in Supabase is refused even with the right password', async () => {
    seq += 1;
    const email = `banni${seq}@institut.example`;
    gotrue.addUser({ email, password: 'mot-de-passe-1', banned: true });
    await expect(adapter.signIn(request(), { email, password: 'mot-de-passe-1' })).rejects.toThrow(BAD_CREDENTIALS);
  });

  it('creates an account that can sign in, and refuses an email already registered', async () => {
    const admin = account('Admin');
    const actor = (await browserSignIn(admin.email, admin.password)).user;
    seq += 1;
    const email = `nouveau${seq}@institut.example`;

    const created = await adapter.createUser(request(), actor, { email, name: 'Nouvelle Recrue', password: 'bienvenue-2025' });
    expect(created).toMatchObject({ email, name: 'Nouvelle Recrue', active: true, lastSignInAt: null });
    expect(Date.parse(created.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    const stored = gotrue.findUser(email)!;
    expect(stored.name).toBe('Nouvelle Recrue');
    expect((await rowOf(stored.id))!.id).toBe(created.id);
    expect((await browserSignIn(email, 'bienvenue-2025')).user.id).toBe(created.id);

    const duplicate = adapter.createUser(request(), actor, { email: email.toUpperCase(), name: 'Doublon', password: 'bienvenue-2025' });
    await expect(duplicate).rejects.toBeInstanceOf(ConflictError);
    await expect(duplicate).rejects.toThrow('Un compte existe déjà avec cette adresse e-mail.');
    await expect(
      adapter.createUser(request(), actor, { email: `court${seq}@institut.example`, name: 'Court', password: '123' }),
    ).rejects.toBeInstanceOf(ValidationError);
  });

  it('lists every account across several pages, with our ids and their state', async () => {
    const admin = account('Admin');
    const actor = (await browserSignIn(admin.email, admin.password)).user;
    // More than one page of the admin API (200 per page).
    for (let i = 0; i < 205; i += 1) account(`Compte ${i}`);
    seq += 1;
    const bannedEmail = `banni${seq}@institut.example`;
    const banned = gotrue.addUser({ email: bannedEmail, password: 'mot-de-passe-1', banned: true });

    const list = await adapter.listUsers(request(), actor);
    expect(list.length).toBeGreaterThan(205);
    expect(new Set(list.map((u) => u.email)).size).toBe(list.length);
    const rows = await database.db.select({ id: users.id, externalId: users.externalId }).from(users);
    expect(rows.length).toBeGreaterThanOrEqual(list.length);
    const ours = new Set(rows.map((r) => r.id));
    expect(list.every((u) => ours.has(u.id))).toBe(true);

    const me = list.find((u) => u.id === actor.id);
    expect(me).toMatchObject({ email: admin.email, name: 'Admin', active: true });
    expect(me!.lastSignInAt).not.toBeNull();
    const bannedRow = await rowOf(banned.id);
    expect(list.find((u) => u.id === bannedRow!.id)).toMatchObject({ email: bannedEmail, active: false });
  });

  it('a password change needs the current password, then the old one stops working and other sessions end', async () => {
    const gina = account('Gina');
    const browser = await browserSignIn(gina.email, gina.password);
    const elsewhere = await browserSignIn(gina.email, gina.password);
    const actor: SessionUser = browser.user;

    const wrong = adapter.updateProfile(withCookies(browser.cookies), actor, { password: 'nouveau-mdp-2', currentPassword: 'pas-le-bon' });
    await expect(wrong).rejects.toBeInstanceOf(InvalidCredentialsError);
    await expect(wrong).rejects.toMatchObject({
      message: 'Mot de passe actuel incorrect.',
      fieldErrors: { currentPassword: ['Mot de passe actuel incorrect.'] },
    });
    const missing = adapter.updateProfile(withCookies(browser.cookies), actor, { password: 'nouveau-mdp-2' });
    await expect(missing).rejects.toMatchObject({ fieldErrors: { currentPassword: [expect.any(String)] } });
    // Nothing changed: the old password still works, the other session is still open.
    expect((await adapter.resolve(withBearer(elsewhere.token))).value).toEqual(actor);
    expect(gotrue.liveSessions(gina.id)).toBe(2);

    const result = await adapter.updateProfile(withCookies(browser.cookies), actor, {
      password: 'nouveau-mdp-2',
      currentPassword: gina.password,
      name: 'Gina R.',
    });
    expect(result.value).toEqual({ id: actor.id, email: gina.email, name: 'Gina R.' });
    expect((await rowOf(gina.id))!.name).toBe('Gina R.');

    // This browser stays signed in (with the cookies the update wrote), the other session is over.
    const cookies = applyCookies(browser.cookies, result.cookies);
    expect(result.cookies.every((c) => c.options.httpOnly === true)).toBe(true);
    expect((await adapter.resolve(withCookies(cookies))).value).toEqual(result.value);
    expect((await adapter.resolve(withBearer(elsewhere.token))).value).toBeNull();
    expect(gotrue.liveSessions(gina.id)).toBe(1);

    await expect(adapter.signIn(request(), { email: gina.email, password: gina.password })).rejects.toThrow(BAD_CREDENTIALS);
    expect((await browserSignIn(gina.email, 'nouveau-mdp-2')).user.id).toBe(actor.id);
  });

  it('updates name and email through a bearer token, and refuses an email taken by another account', async () => {
    const hugo = account('Hugo');
    const other = account('Autre');
    const { user, token } = await browserSignIn(hugo.email, hugo.password);
    seq += 1;
    const email = `hugo.nouveau${seq}@institut.example`;

    const result = await adapter.updateProfile(withBearer(token), user, { name: 'Hugo B.', email });
    expect(result).toEqual({ value: { id: user.id, email, name: 'Hugo B.' }, cookies: [] });
    expect(await rowOf(hugo.id)).toMatchObject({ email, name: 'Hugo B.' });
    expect((await adapter.resolve(withBearer(token))).value).toEqual(result.value);

    const taken = adapter.updateProfile(withBearer(token), result.value, { email: other.email });
    await expect(taken).rejects.toBeInstanceOf(ConflictError);
    // Someone else's session cannot edit this profile, nor can a dead token.
    const stranger = await browserSignIn(other.email, other.password);
    await expect(adapter.updateProfile(withBearer(stranger.token), result.value, { name: 'Pirate' })).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
    await expect(adapter.updateProfile(withBearer('pas-un-jeton'), result.value, { name: 'Pirate' })).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
    expect(gotrue.findUser(email)!.name).toBe('Hugo B.');
  });

  it('without the service-role key, managing accounts is refused with a message naming the key', async () => {
    const ines = account('Ines');
    const limited = createSupabaseAdapter({ db: database.db, url: gotrue.url, anonKey });
    expect(limited.canDeactivate).toBe(false);
    expect(adapter.canDeactivate).toBe(true);
    // Signing in and sessions work without it.
    const { value } = await limited.signIn(request(), { email: ines.email, password: ines.password });
    const user = value.user;
    expect((await limited.resolve(withBearer(value.token))).value).toEqual(user);

    for (const call of [
      () => limited.listUsers(request(), user),
      () => limited.createUser(request(), user, { email: 'x@institut.example', name: 'X', password: 'mot-de-passe-1' }),
      () => limited.setActive(request(), user, user.id, false),
    ]) {
      await expect(call()).rejects.toBeInstanceOf(ForbiddenError);
      await expect(call()).rejects.toThrow(/SUPABASE_SERVICE_ROLE_KEY/);
    }
    expect(gotrue.findUser('x@institut.example')).toBeNull();
    expect(gotrue.findUser(ines.email)!.bannedUntil).toBeNull();

    // A key Supabase refuses (here the anon key) is reported as such.
    const misconfigured = createSupabaseAdapter({ db: database.db, url: gotrue.url, anonKey, serviceRoleKey: anonKey });
    await expect(misconfigured.listUsers(request(), user)).rejects.toThrow(/refuse la clé SUPABASE_SERVICE_ROLE_KEY/);
  });

  it('when Supabase fails, sign-in is an UpstreamError, sessions resolve to null but are kept', async () => {
    const jade = account();
    const { user, token, cookies } = await browserSignIn(jade.email, jade.password);
    gotrue.failWith(503);
    try {
      const down = adapter.signIn(request(), { email: jade.email, password: jade.password });
      await expect(down).rejects.toBeInstanceOf(UpstreamError);
      await expect(down).rejects.toThrow(/Supabase.*injoignable/);
      expect((await adapter.resolve(withBearer(token))).value).toBeNull();
      // An outage is not a sign-out: the cookies are left alone.
      expect(await adapter.resolve(withCookies(cookies))).toEqual({ value: null, cookies: [] });
      await expect(adapter.listUsers(request(), user)).rejects.toBeInstanceOf(UpstreamError);
      await expect(adapter.signOut(withBearer(token))).resolves.toEqual({ value: null, cookies: [] });
    } finally {
      gotrue.failWith(null);
    }
    expect((await adapter.resolve(withCookies(cookies))).value).toEqual(user);
  });
});
