import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '@/lib/db/schema';
import {
  ConflictError,
  ForbiddenError,
  InvalidCredentialsError,
  RateLimitedError,
  UnauthorizedError,
  UpstreamError,
  ValidationError,
} from '@/lib/errors';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import { FAKE_MAX_FAILED_LOGINS, FAKE_RETRY_AFTER_SECONDS, startFakeUserApi, type FakeUserApi } from '@/testing/fake-user-api';
import { clearMirrorCache } from './mirror';
import type { AuthRequest } from './types';
import { createUpstreamAdapter } from './upstream';

const COOKIE = 'insstat_session';
const UNREACHABLE = 'Le service de comptes est injoignable. Réessayez dans un instant.';

/** A request as the route handlers build it: the token from the cookie, or from `Authorization: Bearer`. */
const request = (token: string | null = null, bearer = false): AuthRequest => ({
  token,
  bearer,
  cookies: token && !bearer ? [{ name: COOKIE, value: token }] : [],
  ip: '203.0.113.7',
  userAgent: 'vitest',
  secureCookies: false,
});

/** The error a promise rejects with (fails the test when it resolves). */
async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

describe.each(testDatabaseKinds)('upstream sign-in mode on %s', (kind) => {
  let database: TestDatabase;
  let api: FakeUserApi;
  let alice: { id: string; email: string };
  const adapter = (options: { baseUrl?: string; timeoutMs?: number } = {}) =>
    createUpstreamAdapter({ db: database.db, baseUrl: options.baseUrl ?? api.url, cookieName: COOKIE, timeoutMs: options.timeoutMs });
  const requestsTo = (path: string) => api.requests.filter((r) => r.path === `/api${path}`);
  const signInAlice = () => adapter().signIn(request(), { email: 'alice@example.org', password: 'motdepasse-alice' });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    api = await startFakeUserApi();
    alice = api.addUser({ email: 'alice@example.org', password: 'motdepasse-alice', name: 'Alice Martin' });
  });
  afterAll(async () => {
    clearMirrorCache();
    await api?.close();
    await database?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('signs in: the upstream token in an httpOnly cookie, the user mirrored with its upstream id', async () => {
    const { value, cookies } = await adapter().signIn(request(), { email: 'Alice@Example.org', password: 'motdepasse-alice' });
    const [row] = await database.db.select().from(users).where(eq(users.externalId, alice.id));
    expect(row).toMatchObject({ email: 'alice@example.org', name: 'Alice Martin', passwordHash: null });
    expect(value.user).toEqual({ id: row!.id, email: 'alice@example.org', name: 'Alice Martin' });
    expect(value.token.length).toBeGreaterThan(20);
    expect(cookies).toEqual([
      {
        name: COOKIE,
        value: value.token,
        options: { httpOnly: true, sameSite: 'lax', secure: false, path: '/', maxAge: 7 * 24 * 60 * 60 },
      },
    ]);
    // Signing in again finds the same row rather than creating a second one.
    const again = await signInAlice();
    expect(again.value.user.id).toBe(row!.id);
    expect(again.value.token).not.toBe(value.token);
  });

  it('answers one message for a wrong password and an unknown email, then rate-limits', async () => {
    const wrong = await rejection(adapter().signIn(request(), { email: 'alice@example.org', password: 'non' }));
    const unknown = await rejection(adapter().signIn(request(), { email: 'personne@example.org', password: 'motdepasse-alice' }));
    expect(wrong).toBeInstanceOf(InvalidCredentialsError);
    expect(unknown).toBeInstanceOf(InvalidCredentialsError);
    expect(wrong.message).toBe('Adresse e-mail ou mot de passe incorrect.');
    expect(unknown.message).toBe(wrong.message);

    for (let i = 1; i < FAKE_MAX_FAILED_LOGINS; i++) {
      await expect(adapter().signIn(request(), { email: 'personne@example.org', password: 'x' })).rejects.toBeInstanceOf(
        InvalidCredentialsError,
      );
    }
    const limited = await rejection(adapter().signIn(request(), { email: 'personne@example.org', password: 'x' }));
    expect(limited).toBeInstanceOf(RateLimitedError);
    expect((limited as RateLimitedError).retryAfterSeconds).toBe(FAKE_RETRY_AFTER_SECONDS);
    expect(limited.message).toMatch(/Réessayez dans 1 minute/);

    api.respondOnce({ status: 429, body: { error: 'slow down' } });
    const noHeader = await rejection(signInAlice());
    expect((noHeader as RateLimitedError).retryAfterSeconds).toBe(900);
  });

  it('resolves the cookie and the bearer token by asking upstream with Authorization: Bearer, then caches', async () => {
    const { value } = await signInAlice();
    const before = requestsTo('/user/isConnected/me').length;

    const byCookie = await adapter().resolve(request(value.token));
    expect(byCookie.value).toEqual(value.user);
    expect(requestsTo('/user/isConnected/me').slice(before)).toEqual([
      { method: 'GET', path: '/api/user/isConnected/me', authorization: `Bearer ${value.token}` },
    ]);

    const bearerAdapter = adapter();
    expect((await bearerAdapter.resolve(request(value.token, true))).value).toEqual(value.user);
    expect(requestsTo('/user/isConnected/me').slice(before)).toHaveLength(2);
    // Within 10 seconds the same token is answered from memory.
    expect((await bearerAdapter.resolve(request(value.token, true))).value).toEqual(value.user);
    expect(requestsTo('/user/isConnected/me').slice(before)).toHaveLength(2);

    expect(await adapter().resolve(request('pas-un-jeton'))).toEqual({
      value: null,
      cookies: [{ name: COOKIE, value: '', options: expect.objectContaining({ maxAge: 0 }) }],
    });
    expect(await adapter().resolve(request(null))).toEqual({ value: null, cookies: [] });
  });

  it('trusts a cached answer for 10 seconds only', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { value } = await signInAlice();
    const auth = adapter();
    expect((await auth.resolve(request(value.token))).value).toEqual(value.user);
    // The session ends upstream without us knowing (another tab, an administrator).
    await fetch(`${api.url}/user/logout`, { method: 'POST', headers: { authorization: `Bearer ${value.token}` } });
    expect((await auth.resolve(request(value.token))).value).toEqual(value.user);
    vi.setSystemTime(Date.now() + 11_000);
    expect((await auth.resolve(request(value.token))).value).toBeNull();
  });

  it('signs out upstream, clears the cookie and forgets the cached session', async () => {
    const auth = adapter();
    const { value } = await auth.signIn(request(), { email: 'alice@example.org', password: 'motdepasse-alice' });
    expect((await auth.resolve(request(value.token))).value).toEqual(value.user);

    const out = await auth.signOut(request(value.token));
    expect(out.cookies).toEqual([
      { name: COOKIE, value: '', options: { httpOnly: true, sameSite: 'lax', secure: false, path: '/', maxAge: 0 } },
    ]);
    expect(api.requests.at(-1)).toEqual({ method: 'POST', path: '/api/user/logout', authorization: `Bearer ${value.token}` });
    const checks = requestsTo('/user/isConnected/me').length;
    expect((await auth.resolve(request(value.token))).value).toBeNull();
    expect(requestsTo('/user/isConnected/me')).toHaveLength(checks + 1);

    // Upstream unreachable: the cookie is cleared all the same.
    const down = await adapter({ baseUrl: await closedPortUrl() }).signOut(request(value.token));
    expect(down.cookies[0]?.options.maxAge).toBe(0);
  });

  it('creates an account upstream (201) and maps an existing email to a conflict (409)', async () => {
    const { value } = await signInAlice();
    const auth = adapter();
    const created = await auth.createUser(request(value.token, true), value.user, {
      email: 'bruno@example.org',
      name: 'Bruno Diallo',
      password: 'motdepasse-bruno',
    });
    expect(api.requests.at(-1)).toEqual({ method: 'POST', path: '/api/user', authorization: `Bearer ${value.token}` });
    const [row] = await database.db.select().from(users).where(eq(users.email, 'bruno@example.org'));
    expect(row?.externalId).toBeTruthy();
    expect(created).toMatchObject({ id: row!.id, email: 'bruno@example.org', name: 'Bruno Diallo', active: true, lastSignInAt: null });
    expect(Number.isNaN(Date.parse(created.createdAt))).toBe(false);
    // The new account can sign in upstream.
    await expect(auth.signIn(request(), { email: 'bruno@example.org', password: 'motdepasse-bruno' })).resolves.toBeTruthy();

    const conflict = await rejection(
      auth.createUser(request(value.token), value.user, { email: 'BRUNO@example.org', name: 'Autre', password: 'motdepasse-autre' }),
    );
    expect(conflict).toBeInstanceOf(ConflictError);
    expect(conflict.message).toBe('Un compte existe déjà avec cette adresse e-mail.');

    const invalid = await rejection(auth.createUser(request(value.token), value.user, { email: 'c@example.org', name: 'C', password: '' }));
    expect(invalid).toBeInstanceOf(ValidationError);
    expect(invalid.message).toBe('Adresse e-mail et mot de passe obligatoires.');
    expect((invalid as ValidationError).fieldErrors).toEqual({ password: ['Mot de passe obligatoire.'] });

    await expect(
      auth.createUser(request('jeton-expiré'), value.user, { email: 'd@example.org', name: 'D', password: 'motdepasse-d' }),
    ).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it('lists the upstream accounts with our ids, whatever shape the list comes in', async () => {
    api.addUser({ email: 'sans-nom@example.org', password: 'motdepasse-sans-nom' });
    const { value } = await signInAlice();
    const list = await adapter().listUsers(request(value.token), value.user);
    expect(api.requests.at(-1)).toEqual({ method: 'GET', path: '/api/users', authorization: `Bearer ${value.token}` });
    expect(list.map((u) => u.email)).toEqual(expect.arrayContaining(['alice@example.org', 'sans-nom@example.org']));
    const rows = await database.db.select().from(users);
    // Every listed account is one of our rows, linked to its upstream id.
    expect(list.every((u) => rows.some((r) => r.id === u.id && r.email === u.email && r.externalId))).toBe(true);
    expect(list.find((u) => u.email === 'alice@example.org')).toMatchObject({ id: value.user.id, name: 'Alice Martin', active: true });
    expect(list.find((u) => u.email === 'alice@example.org')?.lastSignInAt).not.toBeNull();
    // A user without a name is shown by its email.
    expect(list.find((u) => u.email === 'sans-nom@example.org')?.name).toBe('sans-nom@example.org');

    // A bare array with `_id` (Mongo-style APIs) is accepted too.
    api.respondOnce({ body: [{ _id: 'mongo-42', email: 'mongo@example.org', active: false, createdAt: '2024-03-01T10:00:00Z' }] });
    const [mongo] = await adapter().listUsers(request(value.token), value.user);
    const [row] = await database.db.select().from(users).where(eq(users.externalId, 'mongo-42'));
    expect(mongo).toEqual({
      id: row!.id,
      email: 'mongo@example.org',
      name: 'mongo@example.org',
      active: false,
      createdAt: '2024-03-01T10:00:00.000Z',
      lastSignInAt: null,
    });
  });

  it('updates the profile upstream and mirrors it; a new password ends the other sessions', async () => {
    const carla = api.addUser({ email: 'carla@example.org', password: 'motdepasse-carla', name: 'Carla' });
    const auth = adapter();
    const signIn = () => auth.signIn(request(), { email: 'carla@example.org', password: 'motdepasse-carla' });
    const { value } = await signIn();
    const other = (await signIn()).value.token;
    expect((await auth.resolve(request(other))).value).not.toBeNull();

    const renamed = await auth.updateProfile(request(value.token), value.user, { name: 'Carla Ndiaye' });
    expect(renamed.value).toEqual({ ...value.user, name: 'Carla Ndiaye' });
    expect(api.requests.at(-1)).toEqual({ method: 'PATCH', path: '/api/user', authorization: `Bearer ${value.token}` });
    const [row] = await database.db.select().from(users).where(eq(users.externalId, carla.id));
    expect(row?.name).toBe('Carla Ndiaye');
    expect((await auth.resolve(request(value.token))).value?.name).toBe('Carla Ndiaye');

    await auth.updateProfile(request(value.token), value.user, { password: 'nouveau-motdepasse', currentPassword: 'motdepasse-carla' });
    expect((await auth.resolve(request(value.token))).value?.id).toBe(value.user.id);
    // The other session was cached as valid; it is not trusted any more.
    expect((await auth.resolve(request(other))).value).toBeNull();
    await expect(auth.signIn(request(), { email: 'carla@example.org', password: 'nouveau-motdepasse' })).resolves.toBeTruthy();
  });

  it('maps a wrong current password and upstream validation messages to our field errors', async () => {
    const { value } = await signInAlice();
    const auth = adapter();
    const wrong = await rejection(
      auth.updateProfile(request(value.token), value.user, { password: 'nouveau-motdepasse', currentPassword: 'faux' }),
    );
    expect(wrong).toBeInstanceOf(InvalidCredentialsError);
    expect(wrong.message).toBe('Mot de passe actuel incorrect.');
    expect((wrong as InvalidCredentialsError).fieldErrors).toEqual({ currentPassword: ['Mot de passe actuel incorrect.'] });

    const missing = await rejection(auth.updateProfile(request(value.token), value.user, { password: 'nouveau-motdepasse' }));
    expect((missing as InvalidCredentialsError).fieldErrors).toHaveProperty('currentPassword');

    const short = await rejection(
      auth.updateProfile(request(value.token), value.user, { password: 'court', currentPassword: 'motdepasse-alice' }),
    );
    expect(short).toBeInstanceOf(ValidationError);
    expect((short as ValidationError).fieldErrors).toEqual({ password: ['Le mot de passe doit contenir au moins 8 caractères.'] });

    // English or technical messages are not shown to our users.
    api.respondOnce({ status: 400, body: { error: 'name must be a string', fieldErrors: { name: ['Expected string'] } } });
    const english = await rejection(auth.updateProfile(request(value.token), value.user, { name: 'Alice' }));
    expect(english).toBeInstanceOf(ValidationError);
    expect(english.message).toBe('Le service de comptes a refusé ces informations. Vérifiez les champs et réessayez.');
    expect((english as ValidationError).fieldErrors).toBeUndefined();

    const taken = await rejection(auth.updateProfile(request(value.token), value.user, { email: 'carla@example.org' }));
    expect(taken).toBeInstanceOf(ConflictError);
    // Alice's password is unchanged by the refused attempts.
    await expect(signInAlice()).resolves.toBeTruthy();
  });

  it('reports an unreachable, slow or failing upstream as UpstreamError, and nobody as connected', async () => {
    const { value } = await signInAlice();
    const down = adapter({ baseUrl: await closedPortUrl() });
    const error = await rejection(down.signIn(request(), { email: 'alice@example.org', password: 'motdepasse-alice' }));
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error.message).toBe(UNREACHABLE);
    expect(await down.resolve(request(value.token))).toEqual({ value: null, cookies: [] });
    await expect(down.listUsers(request(value.token), value.user)).rejects.toBeInstanceOf(UpstreamError);

    api.respondOnce({ delayMs: 2_000, body: { user: {}, token: 'x' } });
    const slow = await rejection(
      adapter({ timeoutMs: 150 }).signIn(request(), { email: 'alice@example.org', password: 'motdepasse-alice' }),
    );
    expect(slow).toBeInstanceOf(UpstreamError);
    expect(slow.message).toBe(UNREACHABLE);

    api.respondOnce({ status: 503, body: 'Service Unavailable' });
    await expect(signInAlice()).rejects.toThrow(UNREACHABLE);
    api.respondOnce({ status: 500, body: { error: 'boom' } });
    expect((await adapter().resolve(request(value.token))).value).toBeNull();
  });

  it('refuses a malformed upstream answer instead of crashing or trusting it', async () => {
    const { value } = await signInAlice();
    api.respondOnce({ body: '<html>proxy error</html>' });
    await expect(signInAlice()).rejects.toBeInstanceOf(UpstreamError);
    api.respondOnce({ body: { user: { email: 'alice@example.org', name: 'Alice' }, token: 'sans-identifiant' } });
    await expect(signInAlice()).rejects.toBeInstanceOf(UpstreamError);
    api.respondOnce({ body: { user: { id: 'x', email: 'alice@example.org' } } });
    await expect(signInAlice()).rejects.toBeInstanceOf(UpstreamError);
    api.respondOnce({ body: { users: [{ id: 1, email: 42 }] } });
    await expect(adapter().listUsers(request(value.token), value.user)).rejects.toBeInstanceOf(UpstreamError);
    api.respondOnce({ body: { user: null } });
    expect((await adapter().resolve(request(value.token))).value).toBeNull();
  });

  it('cannot deactivate accounts: they are managed upstream', async () => {
    const { value } = await signInAlice();
    const auth = adapter();
    expect(auth.mode).toBe('upstream');
    expect(auth.canDeactivate).toBe(false);
    const error = await rejection(auth.setActive(request(value.token), value.user, value.user.id, false));
    expect(error).toBeInstanceOf(ForbiddenError);
    expect(error.message).toMatch(/service de comptes externe/);
  });
});

/** The URL of a port nothing listens on any more. */
async function closedPortUrl(): Promise<string> {
  const gone = await startFakeUserApi();
  await gone.close();
  return gone.url;
}
