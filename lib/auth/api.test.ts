/**
 * The user API in embedded mode, through the real route handler functions and real Requests,
 * against PGlite and (in CI) Postgres: sign-in, cookie and bearer sessions, logout, rate limit,
 * expiry, revocation, deactivation, profile and password changes, origin and body checks, audit.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, loginAttempts, sessions, users } from '@/lib/db/schema';
import { CLIENT_IP_HEADER } from '@/lib/http/client-ip';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import { authorizeAccountCreation, authorizeAccountList } from '@/lib/admin/access';
import { createUserApi } from './api';
import { createAccount, createEmbeddedAdapter, userForToken } from './embedded';
import { hashToken, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from './tokens';

const COOKIE = 'insstat_session';
const ORIGIN = 'http://localhost:3000';

type Call = {
  method?: string;
  body?: unknown;
  token?: string;
  cookie?: string;
  ip?: string;
  origin?: string | null;
  raw?: string;
  type?: string;
};

function request(
  path: string,
  { method = 'GET', body, token, cookie, ip = '198.51.100.1', origin = ORIGIN, raw, type = 'application/json' }: Call = {},
) {
  const headers = new Headers({ host: 'localhost:3000', [CLIENT_IP_HEADER]: ip });
  if (body !== undefined || raw !== undefined) headers.set('content-type', type);
  if (token) headers.set('authorization', `Bearer ${token}`);
  if (cookie) headers.set('cookie', `${COOKIE}=${cookie}`);
  if (origin) headers.set('origin', origin);
  return new Request(`http://localhost:3000/api${path}`, {
    method,
    headers,
    body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
}

const sessionCookieOf = (response: Response) => {
  const header = response.headers.get('set-cookie') ?? '';
  return { header, value: header.match(new RegExp(`${COOKIE}=([^;]*)`))?.[1] ?? null };
};

describe.each(testDatabaseKinds)('user API, embedded mode (%s)', (kind) => {
  let database: TestDatabase;
  let api: ReturnType<typeof createUserApi>;
  const alice = { email: 'alice@inss.example', name: 'Alice Traoré', password: 'une longue phrase de passe' };
  const bob = { email: 'bob@inss.example', name: 'Bob Keïta', password: 'un autre secret assez long' };

  const login = (email: string, password: string, ip?: string) =>
    api.login(request('/user/login', { method: 'POST', body: { email, password }, ip }));
  const signedIn = async (who: { email: string; password: string }, ip?: string) => {
    const response = await login(who.email, who.password, ip);
    expect(response.status).toBe(200);
    return ((await response.json()) as { token: string }).token;
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const adapter = createEmbeddedAdapter({ db: database.db, cookieName: COOKIE });
    api = createUserApi(async () => ({ adapter, db: database.db }), { cookieName: COOKIE, authorizeAccountCreation, authorizeAccountList });
    await createAccount(database.db, alice);
    await createAccount(database.db, bob);
  });
  afterAll(() => database.close());

  it('signs in: 200, { user, token }, an httpOnly SameSite=Lax cookie, a hashed session row and an audit entry', async () => {
    const response = await login('ALICE@inss.example ', alice.password);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { user: { email: string; name: string }; token: string };
    expect(body.user).toMatchObject({ email: alice.email, name: alice.name });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = sessionCookieOf(response);
    expect(cookie.value).toBe(body.token);
    expect(cookie.header).toMatch(/HttpOnly/i);
    expect(cookie.header).toMatch(/SameSite=lax/i);
    expect(cookie.header).not.toMatch(/Secure/i); // http://localhost
    const rows = await database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(body.token)));
    expect(rows).toHaveLength(1);
    const stored = await database.db.select({ h: sessions.tokenHash }).from(sessions);
    expect(stored.every((r) => r.h !== body.token)).toBe(true);
    const audit = await database.db.select().from(auditEntries).where(eq(auditEntries.action, 'user.sign_in'));
    expect(audit.length).toBeGreaterThan(0);
  });

  it('sets a Secure cookie outside localhost', async () => {
    const r = new Request('https://stat.example/api/user/login', {
      method: 'POST',
      headers: {
        host: 'stat.example',
        origin: 'https://stat.example',
        'content-type': 'application/json',
        [CLIENT_IP_HEADER]: '198.51.100.77',
      },
      body: JSON.stringify({ email: alice.email, password: alice.password }),
    });
    const response = await api.login(r);
    expect(response.status).toBe(200);
    expect(sessionCookieOf(response).header).toMatch(/Secure/i);
  });

  it('gives a new token at every sign-in', async () => {
    expect(await signedIn(alice)).not.toBe(await signedIn(alice));
  });

  it('answers isConnected/me by cookie and by bearer, and 401 after logout for both', async () => {
    const token = await signedIn(alice);
    for (const call of [{ cookie: token }, { token }]) {
      const response = await api.me(request('/user/isConnected/me', call));
      expect(response.status).toBe(200);
      expect(((await response.json()) as { user: { email: string } }).user.email).toBe(alice.email);
    }
    const out = await api.logout(request('/user/logout', { method: 'POST', cookie: token }));
    expect(out.status).toBe(200);
    expect(sessionCookieOf(out).header).toMatch(/Max-Age=0/i);
    for (const call of [{ cookie: token }, { token }]) {
      expect((await api.me(request('/user/isConnected/me', call))).status).toBe(401);
    }
    const audit = await database.db.select().from(auditEntries).where(eq(auditEntries.action, 'user.sign_out'));
    expect(audit.length).toBeGreaterThan(0);
  });

  it('logout by bearer ends that session too', async () => {
    const token = await signedIn(alice);
    expect((await api.logout(request('/user/logout', { method: 'POST', token, origin: null }))).status).toBe(200);
    expect((await api.me(request('/user/isConnected/me', { token }))).status).toBe(401);
  });

  it('answers an unknown email and a wrong password identically (401, same body)', async () => {
    const wrong = await login(alice.email, 'pas le bon mot de passe', '198.51.100.2');
    const unknown = await login('personne@inss.example', 'pas le bon mot de passe', '198.51.100.3');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.text()).toBe(await unknown.text());
    expect(wrong.headers.get('set-cookie')).toBeNull();
    const failed = await database.db.select().from(auditEntries).where(eq(auditEntries.action, 'user.sign_in_failed'));
    expect(failed.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses the 11th failure within 15 minutes with 429, even with the right password, per account and per address', async () => {
    const victim = { email: 'carla@inss.example', name: 'Carla', password: 'la bonne phrase de passe' };
    await createAccount(database.db, victim);
    for (let i = 1; i <= 10; i++) {
      expect((await login(victim.email, `mauvais mot de passe ${i}`, '203.0.113.9')).status).toBe(401);
    }
    const eleventh = await login(victim.email, victim.password, '203.0.113.9');
    expect(eleventh.status).toBe(429);
    expect(Number(eleventh.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await eleventh.json()) as { error: string }).error).toMatch(/Trop de tentatives/);
    // Per account: another address is refused too…
    expect((await login(victim.email, victim.password, '203.0.113.10')).status).toBe(429);
    // …per address: the same address cannot move on to another account.
    expect((await login(bob.email, 'mauvais', '203.0.113.9')).status).toBe(429);
    // An address from which the account signed in before is not locked out by someone else's failures.
    await database.db
      .insert(loginAttempts)
      .values({ email: victim.email, ip: '192.0.2.50', success: true, at: new Date(Date.now() - 86_400_000 * 2) });
    expect((await login(victim.email, victim.password, '192.0.2.50')).status).toBe(200);
    // Failures older than the window no longer count.
    await database.db
      .update(loginAttempts)
      .set({ at: new Date(Date.now() - 16 * 60 * 1000) })
      .where(eq(loginAttempts.email, victim.email));
    expect((await login(victim.email, victim.password, '203.0.113.10')).status).toBe(200);
  });

  it('expires sessions after 8 hours idle and after 7 days in all', async () => {
    const token = await signedIn(alice);
    const now = Date.now();
    expect(await userForToken(database.db, token, new Date(now + SESSION_IDLE_MS - 60_000))).not.toBeNull();
    const idle = await signedIn(alice);
    expect(await userForToken(database.db, idle, new Date(now + SESSION_IDLE_MS + 60_000))).toBeNull();
    // Active all along (seen every hour), it still ends at the absolute limit.
    await database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(now + SESSION_ABSOLUTE_MS) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(await userForToken(database.db, token, new Date(now + SESSION_ABSOLUTE_MS + 1000))).toBeNull();
  });

  it('refuses GET /api/users and POST /api/user without a session', async () => {
    expect((await api.listUsers(request('/users'))).status).toBe(401);
    expect((await api.listUsers(request('/users', { token: 'forged-token' }))).status).toBe(401);
    const create = await api.createUser(
      request('/user', { method: 'POST', body: { user: { email: 'x@y.example', name: 'X', password: 'une phrase de passe sûre' } } }),
    );
    expect(create.status).toBe(401);
    expect(await database.db.select().from(users).where(eq(users.email, 'x@y.example'))).toHaveLength(0);
  });

  it('lets a connected user list accounts and create one (201), 409 on a taken email, 400 with French field errors', async () => {
    const token = await signedIn(alice);
    const list = await api.listUsers(request('/users', { token }));
    expect(list.status).toBe(200);
    const { users: accounts } = (await list.json()) as { users: { email: string; active: boolean; lastSignInAt: string | null }[] };
    expect(accounts.map((a) => a.email)).toContain(bob.email);
    expect(accounts.find((a) => a.email === alice.email)?.lastSignInAt).toBeTruthy();

    const created = await api.createUser(
      request('/user', {
        method: 'POST',
        token,
        body: { user: { email: 'dora@inss.example', name: 'Dora', password: 'encore une phrase de passe' } },
      }),
    );
    expect(created.status).toBe(201);
    expect(await signedIn({ email: 'dora@inss.example', password: 'encore une phrase de passe' })).toBeTruthy();

    const taken = await api.createUser(
      request('/user', {
        method: 'POST',
        token,
        body: { user: { email: 'DORA@inss.example', name: 'Dora 2', password: 'encore une phrase de passe' } },
      }),
    );
    expect(taken.status).toBe(409);

    const bad = await api.createUser(
      request('/user', { method: 'POST', token, body: { user: { email: 'pas-une-adresse', name: '', password: 'password1234' } } }),
    );
    expect(bad.status).toBe(400);
    const { fieldErrors } = (await bad.json()) as { fieldErrors: Record<string, string[]> };
    expect(fieldErrors.email?.[0]).toMatch(/adresse e-mail valide/);
    expect(fieldErrors.name?.[0]).toMatch(/Saisissez un nom/);
    expect(fieldErrors.password?.[0]).toMatch(/trop courant/);

    const short = await api.createUser(
      request('/user', { method: 'POST', token, body: { user: { email: 'e@inss.example', name: 'E', password: 'court' } } }),
    );
    expect(((await short.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors.password?.[0]).toMatch(/12 caractères/);
  });

  it('answers a malformed body with 400 and a French message, never 500', async () => {
    const cases = [
      request('/user/login', { method: 'POST', raw: '{"email":' }),
      request('/user/login', { method: 'POST', raw: 'email=a', type: 'application/x-www-form-urlencoded' }),
      request('/user/login', { method: 'POST', body: ['a'] }),
      request('/user/login', { method: 'POST', body: { email: 42, password: null } }),
      request('/user/login', { method: 'POST', body: { email: 'a@b.example', password: 'x'.repeat(300) } }),
    ];
    for (const r of cases) {
      const response = await api.login(r);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(/[a-zé]/);
    }
  });

  it('refuses a foreign Origin on mutating calls (403) and writes nothing', async () => {
    const before = (await database.db.select().from(sessions)).length;
    const response = await api.login(
      request('/user/login', { method: 'POST', body: { email: alice.email, password: alice.password }, origin: 'https://evil.example' }),
    );
    expect(response.status).toBe(403);
    expect((await database.db.select().from(sessions)).length).toBe(before);
  });

  it('changes the profile; a new password needs the current one and ends the other sessions', async () => {
    const eve = { email: 'eve@inss.example', name: 'Eve', password: 'première phrase de passe' };
    await createAccount(database.db, eve);
    const other = await signedIn(eve);
    const mine = await signedIn(eve);
    const patch = (body: unknown) => api.updateProfile(request('/user', { method: 'PATCH', token: mine, body: { user: body } }));

    const renamed = await patch({ name: 'Ève Sanou' });
    expect(renamed.status).toBe(200);
    expect(((await renamed.json()) as { user: { name: string } }).user.name).toBe('Ève Sanou');

    expect((await patch({ password: 'nouvelle phrase de passe' })).status).toBe(400);
    const wrong = await patch({ password: 'nouvelle phrase de passe', currentPassword: 'pas la bonne' });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors.currentPassword?.[0]).toMatch(
      /actuel incorrect/,
    );
    expect((await patch({ email: 'bob@inss.example', currentPassword: eve.password })).status).toBe(409);

    expect((await patch({ password: 'nouvelle phrase de passe', currentPassword: eve.password })).status).toBe(200);
    expect((await api.me(request('/user/isConnected/me', { token: mine }))).status).toBe(200);
    expect((await api.me(request('/user/isConnected/me', { token: other }))).status).toBe(401);
    expect((await login(eve.email, eve.password, '198.51.100.30')).status).toBe(401);
    expect((await login(eve.email, 'nouvelle phrase de passe', '198.51.100.30')).status).toBe(200);
    const audit = await database.db.select().from(auditEntries).where(eq(auditEntries.action, 'user.password_change'));
    expect(audit.length).toBe(1);
    expect(JSON.stringify(audit)).not.toContain('nouvelle phrase');
  });

  it('does not keep a deactivated account signed in, nor let it sign in', async () => {
    const { createEmbeddedAdapter: make } = await import('./embedded');
    const adapter = make({ db: database.db, cookieName: COOKIE });
    const frank = await createAccount(database.db, { email: 'frank@inss.example', name: 'Frank', password: 'phrase de passe de frank' });
    const token = await signedIn({ email: frank.email, password: 'phrase de passe de frank' });
    await adapter.setActive(
      { token: null, bearer: false, cookies: [], ip: null, userAgent: null, secureCookies: false },
      frank,
      frank.id,
      false,
    );
    expect((await api.me(request('/user/isConnected/me', { token }))).status).toBe(401);
    const open = await database.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, frank.id)));
    expect(open.every((s) => s.revokedAt !== null)).toBe(true);
    expect((await login(frank.email, 'phrase de passe de frank', '198.51.100.40')).status).toBe(401);
  });
});
