/**
 * Second factors in the embedded mode (issue 40), through the user API's real route handler
 * functions and real Requests, against PGlite and (in CI) Postgres: an account without a factor
 * keeps the contract's shapes; one with TOTP gets a step token and no session for its password,
 * then a session for a right code — never for a wrong one, a code used twice, an expired step —
 * with one step of clock drift, recovery codes spent once, the failure counters' 429, the secret
 * encrypted at rest and absent from the journal, and the policy refusing everything but enrolment.
 */
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { actorOf, authorizeAccountCreation, authorizeAccountList, authorizeSignedIn, refusal, needs } from '@/lib/admin/access';
import { setAccountAccess } from '@/lib/auth/roles';
import { auditEntries, sessions } from '@/lib/db/schema';
import { CLIENT_IP_HEADER } from '@/lib/http/client-ip';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import { createUserApi } from '../api';
import { createAccount, createEmbeddedAdapter } from '../embedded';
import { acceptCode, beginTotp, confirmTotp, disableTotp, hasSecondFactor, resetFactors } from './factors';
import { softAuthenticator } from '@/testing/webauthn';
import { beginPasskeyRegistration, finishPasskeyRegistration, relyingParty } from './passkeys';
import { setMfaPolicy } from './policy';
import { mfaChallenges, userTotp } from './schema';

vi.hoisted(() => {
  // A key from the environment, as in production (without it a key file is made under DATA_DIR).
  process.env.MFA_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString('base64');
});

const COOKIE = 'insstat_session';
const ORIGIN = 'http://localhost:3000';

function request(
  path: string,
  { method = 'GET', body, token, ip = '198.51.100.7' }: { method?: string; body?: unknown; token?: string; ip?: string } = {},
) {
  const headers = new Headers({ host: 'localhost:3000', [CLIENT_IP_HEADER]: ip, origin: ORIGIN });
  if (body !== undefined) headers.set('content-type', 'application/json');
  if (token) headers.set('authorization', `Bearer ${token}`);
  return new Request(`${ORIGIN}/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

/** The user API on a test database, as lib/admin/user-api.ts binds it (with `extra` options). */
function userApiOn(database: TestDatabase, extra: Partial<Parameters<typeof createUserApi>[1]> = {}) {
  const adapter = createEmbeddedAdapter({ db: database.db, cookieName: COOKIE });
  return createUserApi(async () => ({ adapter, db: database.db }), {
    cookieName: COOKIE,
    authorizeAccountCreation,
    authorizeAccountList,
    ...extra,
  });
}

const codeAt = (secret: string, date: Date) => generate({ secret, epoch: Math.floor(date.getTime() / 1000) });
type Step = { error: string; mfaRequired: true; mfaToken: string; methods: string[]; expiresIn: number };

describe.each(testDatabaseKinds)('second factor, embedded mode (%s)', (kind) => {
  let database: TestDatabase;
  let api: ReturnType<typeof createUserApi>;
  const plain = { email: 'sans.facteur@inss.example', name: 'Awa Sans', password: 'une phrase de passe sans facteur' };
  const guarded = { email: 'avec.facteur@inss.example', name: 'Issa Avec', password: 'une phrase de passe avec facteur' };
  let guardedId = '';
  let secret = '';
  let recovery: string[] = [];

  const login = (body: unknown, ip?: string) => api.login(request('/user/login', { method: 'POST', body, ip }));
  const passwordStep = async (ip?: string) => {
    const response = await login({ email: guarded.email, password: guarded.password }, ip);
    expect(response.status).toBe(401);
    expect(response.headers.get('set-cookie')).toBeNull();
    return (await response.json()) as Step;
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    api = userApiOn(database, { authorizeUser: authorizeSignedIn });
    await createAccount(database.db, plain);
    guardedId = (await createAccount(database.db, guarded)).id;
    const begun = await beginTotp(database.db, { id: guardedId, email: guarded.email }, 'INSS');
    secret = begun.secret;
    expect(begun.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(begun.uri).toContain(`secret=${secret}`);
    // Not a factor before a first code confirms it: the password alone still signs in.
    expect(await hasSecondFactor(database.db, guardedId)).toBe(false);
    await expect(confirmTotp(database.db, guardedId, '000000')).rejects.toThrow(/Code incorrect/);
    // The enrolment's code is from 30 s ago: later sign-ins use codes of later steps.
    recovery = await confirmTotp(
      database.db,
      guardedId,
      await codeAt(secret, new Date(Date.now() - 60_000)),
      new Date(Date.now() - 60_000),
    );
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
  });
  afterAll(() => database.close());

  it('keeps the contract for an account without a second factor: 200 { user, token } and the cookie', async () => {
    const response = await login({ email: plain.email, password: plain.password });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['token', 'user']);
    expect(response.headers.get('set-cookie')).toContain(`${COOKIE}=`);
  });

  it('stores the secret encrypted, and never writes it (nor a recovery code) to the journal', async () => {
    const [row] = await database.db.select().from(userTotp).where(eq(userTotp.userId, guardedId));
    expect(row!.secretEnc).toMatch(/^v1\./);
    expect(row!.secretEnc).not.toContain(secret);
    const journal = JSON.stringify(await database.db.select().from(auditEntries));
    expect(journal).not.toContain(secret);
    for (const code of recovery) expect(journal).not.toContain(code);
  });

  it('answers a right password with a step, not a session; a wrong code is refused in French; the right one opens the session', async () => {
    const before = (await database.db.select().from(sessions)).length;
    const step = await passwordStep();
    expect(step).toMatchObject({ mfaRequired: true, methods: ['totp', 'recovery'], expiresIn: 300 });
    expect(step.error).toMatch(/Saisissez maintenant le code/);
    expect(step.mfaToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await database.db.select().from(sessions)).length).toBe(before);
    // The step token is no session.
    expect((await api.me(request('/user/isConnected/me', { token: step.mfaToken }))).status).toBe(401);

    const wrong = await login({ mfaToken: step.mfaToken, code: '123456' === (await codeAt(secret, new Date())) ? '654321' : '123456' });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { error: string }).error).toMatch(/^Code incorrect ou déjà utilisé/);

    const right = await login({ mfaToken: step.mfaToken, code: await codeAt(secret, new Date()) });
    expect(right.status).toBe(200);
    const body = (await right.json()) as { user: { email: string }; token: string };
    expect(body.user.email).toBe(guarded.email);
    expect(right.headers.get('set-cookie')).toContain(`${COOKIE}=`);
    expect((await api.me(request('/user/isConnected/me', { token: body.token }))).status).toBe(200);

    // The same code again, on a new step: refused (a code is never accepted twice).
    const again = await passwordStep();
    expect((await login({ mfaToken: again.mfaToken, code: await codeAt(secret, new Date()) })).status).toBe(401);
    // The spent step opens nothing either.
    expect((await login({ mfaToken: step.mfaToken, code: await codeAt(secret, new Date()) })).status).toBe(401);
  });

  it('allows one step of clock drift, not two', async () => {
    const now = new Date(Date.now() + 10 * 60_000);
    expect(await acceptCode(database.db, guardedId, await codeAt(secret, new Date(now.getTime() + 30_000)), now)).toBe('totp');
    const later = new Date(now.getTime() + 5 * 60_000);
    expect(await acceptCode(database.db, guardedId, await codeAt(secret, new Date(later.getTime() - 61_000)), later)).toBeNull();
    expect(await acceptCode(database.db, guardedId, await codeAt(secret, new Date(later.getTime() + 61_000)), later)).toBeNull();
  });

  it('accepts a recovery code once', async () => {
    const step = await passwordStep();
    const response = await login({ mfaToken: step.mfaToken, code: recovery[0]!.toUpperCase() });
    expect(response.status).toBe(200);
    const next = await passwordStep();
    expect((await login({ mfaToken: next.mfaToken, code: recovery[0] })).status).toBe(401);
  });

  it('refuses an expired step', async () => {
    const step = await passwordStep();
    await database.db.update(mfaChallenges).set({ expiresAt: new Date(Date.now() - 1000) });
    const response = await login({ mfaToken: step.mfaToken, code: recovery[1] });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: string }).error).toMatch(/expiré/);
  });

  it('counts wrong codes with the sign-in failures: the 11th attempt gets 429', async () => {
    const ip = '203.0.113.99';
    const step = await passwordStep(ip);
    for (let i = 0; i < 10; i++) expect((await login({ mfaToken: step.mfaToken, code: 'zzzzz-zzzzz' }, ip)).status).toBe(401);
    const blocked = await login({ mfaToken: step.mfaToken, code: recovery[2] }, ip);
    expect(blocked.status).toBe(429);
    expect(((await blocked.json()) as { error: string }).error).toMatch(/Trop de tentatives/);
  });

  it('disables with a current code only; an administrator’s reset removes the factor', async () => {
    await expect(disableTotp(database.db, guardedId, 'pas-un-code')).rejects.toThrow(/Code incorrect/);
    expect(await hasSecondFactor(database.db, guardedId)).toBe(true);
    await resetFactors(database.db, guardedId);
    expect(await hasSecondFactor(database.db, guardedId)).toBe(false);
    // From the account's usual address: the failures from elsewhere above do not block its owner.
    const response = await login({ email: guarded.email, password: guarded.password });
    expect(response.status).toBe(200);
  });

  it('with the policy on, an Administrateur or Responsable without a factor may only enrol: 403 everywhere else', async () => {
    const publisherId = (await createAccount(database.db, { ...plain, email: 'resp@inss.example' })).id;
    await setAccountAccess(database.db, { actor: 'test', change: { userId: publisherId, role: 'publisher', areas: [] } });
    const token = ((await (await login({ email: 'resp@inss.example', password: plain.password })).json()) as { token: string }).token;
    const user = { id: publisherId, email: 'resp@inss.example', name: plain.name };
    expect((await actorOf(database.db, user)).mfaPending).toBe(false);
    await setMfaPolicy(database.db, { policy: 'publishers', user: null });
    const actor = await actorOf(database.db, user);
    expect(actor.mfaPending).toBe(true);
    expect(refusal(actor, needs.read)).toMatch(/Votre rôle \(Responsable de publication\) ne permet pas d’agir sans second facteur/);
    expect(refusal(actor, needs.publish(['ipc']))).toMatch(/second facteur/);
    expect(refusal(actor, needs.secure)).toBeNull();
    const list = await api.listUsers(request('/users', { token }));
    expect(list.status).toBe(403);
    expect(((await list.json()) as { error: string }).error).toMatch(/second facteur/);
    // A Rédacteur is not under the `publishers` rule.
    const editor = await actorOf(database.db, { id: guardedId, email: guarded.email, name: guarded.name });
    expect(editor.mfaPending).toBe(false);
    // Enrolled: allowed again.
    const begun = await beginTotp(database.db, user, 'INSS');
    await confirmTotp(database.db, publisherId, await codeAt(begun.secret, new Date()));
    expect((await actorOf(database.db, user)).mfaPending).toBe(false);
    const journal = await database.db.select().from(auditEntries).where(eq(auditEntries.action, 'settings.mfa_policy'));
    expect(journal).toHaveLength(1);
    await setMfaPolicy(database.db, { policy: 'off', user: null });
  });
});

describe.each(testDatabaseKinds)('second factor: a secret the key no longer opens (%s)', (kind) => {
  it('refuses the code, without a server error, and tells the operator why', async () => {
    const database = await createTestDatabase(kind);
    try {
      const { id } = await createAccount(database.db, {
        email: 'cle.perdue@inss.example',
        name: 'Clé Perdue',
        password: 'une phrase de passe perdue',
      });
      const { secret } = await beginTotp(database.db, { id, email: 'cle.perdue@inss.example' }, 'INSS');
      await confirmTotp(database.db, id, await codeAt(secret, new Date()));
      // As if sealed under another key.
      await database.db.update(userTotp).set({ secretEnc: `v1.${'A'.repeat(16)}.${'B'.repeat(22)}.${'C'.repeat(44)}` });
      const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
      expect(await acceptCode(database.db, id, await codeAt(secret, new Date(Date.now() + 30_000)))).toBeNull();
      expect(quiet).toHaveBeenCalledWith(expect.stringMatching(/MFA_ENCRYPTION_KEY/));
      quiet.mockRestore();
    } finally {
      await database.close();
    }
  });
});

describe.each(testDatabaseKinds)('passkeys through the user API (%s)', (kind) => {
  let database: TestDatabase;
  let api: ReturnType<typeof createUserApi>;
  const rp = relyingParty(ORIGIN, 'localhost:3000', 'localhost');
  const owner = { email: 'cle@inss.example', name: 'Mariam Clé', password: 'une phrase de passe pour la clé' };
  let ownerId = '';
  const device = softAuthenticator();

  const post = (path: string, body: unknown) => request(path, { method: 'POST', body });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    api = userApiOn(database, { relyingParty: () => rp });
    ownerId = (await createAccount(database.db, owner)).id;
    const { options, token } = await beginPasskeyRegistration(database.db, rp, { id: ownerId, ...owner });
    const key = await finishPasskeyRegistration(database.db, rp, ownerId, {
      token,
      name: 'Ordinateur du bureau',
      response: device.register(options.challenge, ORIGIN, rp.id),
    });
    expect(key.name).toBe('Ordinateur du bureau');
  });
  afterAll(() => database.close());

  it('a passkey as the second factor: password, then the options of the step, then the signed answer opens the session', async () => {
    const first = await api.login(post('/user/login', { email: owner.email, password: owner.password }));
    expect(first.status).toBe(401);
    const step = (await first.json()) as Step;
    expect(step.methods).toEqual(['passkey']);
    const options = (await (await api.passkeyOptions(post('/user/passkey', { mfaToken: step.mfaToken }))).json()) as {
      options: { challenge: string; allowCredentials: { id: string }[] };
    };
    expect(options.options.allowCredentials.map((c) => c.id)).toEqual([device.credentialId]);
    // A signature over another challenge is refused.
    const forged = await api.login(post('/user/login', { mfaToken: step.mfaToken, passkey: device.assert('autre', ORIGIN, rp.id) }));
    expect(forged.status).toBe(401);
    const signed = await api.login(
      post('/user/login', { mfaToken: step.mfaToken, passkey: device.assert(options.options.challenge, ORIGIN, rp.id) }),
    );
    expect(signed.status).toBe(200);
    expect(((await signed.json()) as { user: { email: string } }).user.email).toBe(owner.email);
  });

  it('a passkey instead of the password; refused from another origin', async () => {
    const begin = async () =>
      (await (await api.passkeyOptions(post('/user/passkey', {}))).json()) as { options: { challenge: string }; passkeyToken: string };
    const phished = await begin();
    const refused = await api.login(
      post('/user/login', {
        passkeyToken: phished.passkeyToken,
        passkey: device.assert(phished.options.challenge, 'https://hameconnage.example', rp.id),
      }),
    );
    expect(refused.status).toBe(401);
    const started = await begin();
    const response = await api.login(
      post('/user/login', {
        passkeyToken: started.passkeyToken,
        passkey: device.assert(started.options.challenge, ORIGIN, rp.id, ownerId),
      }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toContain(`${COOKIE}=`);
    // The step is spent: the same answer opens nothing twice.
    const replay = await api.login(
      post('/user/login', {
        passkeyToken: started.passkeyToken,
        passkey: device.assert(started.options.challenge, ORIGIN, rp.id, ownerId),
      }),
    );
    expect(replay.status).toBe(401);
  });
});
