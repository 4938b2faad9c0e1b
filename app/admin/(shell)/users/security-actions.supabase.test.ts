/**
 * The profile's authenticator-app actions in the supabase sign-in mode, against the local fake of
 * GoTrue: the same three entry points as the embedded mode set the app up at Supabase (Supabase
 * checks the codes), write the aal2 session it answers, journal the change, and turn it off with a
 * current code; an administrator's reset removes another account's factors at Supabase, journalled.
 */
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hasProviderFactor } from '@/lib/auth/assurance';
import { accessOf } from '@/lib/auth/roles';
import { createSupabaseAdapter } from '@/lib/auth/supabase';
import { auditEntries } from '@/lib/db/schema';
import { CLIENT_IP_HEADER } from '@/lib/http/client-ip';
import { createTestDatabase, type TestDatabase } from '@/testing/db';
import { startFakeGoTrue, type FakeGoTrue } from '@/testing/fake-gotrue';
import { beginTotpAction, confirmTotpAction, disableTotpAction, resetFactorsAction } from './security-actions';

const incoming = vi.hoisted(() => {
  process.env.MFA_ENCRYPTION_KEY = Buffer.alloc(32, 5).toString('base64');
  return { headers: new Headers(), cookies: new Map<string, string>() };
});

vi.mock('next/headers', () => ({
  headers: async () => incoming.headers,
  cookies: async () => ({
    getAll: () => [...incoming.cookies].map(([name, value]) => ({ name, value })),
    get: (name: string) => (incoming.cookies.has(name) ? { name, value: incoming.cookies.get(name)! } : undefined),
    // What the action writes is what the browser sends next.
    set: (name: string, value: string, options?: { maxAge?: number }) => {
      if (value === '' || options?.maxAge === 0) incoming.cookies.delete(name);
      else incoming.cookies.set(name, value);
    },
  }),
}));

const anonKey = 'test-anon-key';
const serviceRoleKey = 'test-service-role-key';

const form = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(values)) data.set(k, v);
  return data;
};

describe('authenticator app actions in supabase mode (pglite)', () => {
  let database: TestDatabase;
  let gotrue: FakeGoTrue;
  const g = globalThis as { __insstatAuth?: unknown };

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    gotrue = await startFakeGoTrue({ anonKey, serviceRoleKey });
    const adapter = createSupabaseAdapter({ db: database.db, url: gotrue.url, anonKey, serviceRoleKey });
    g.__insstatAuth = Promise.resolve({ db: database.db, adapter });
    incoming.headers = new Headers({ host: 'localhost:3000', [CLIENT_IP_HEADER]: '198.51.100.62' });
    gotrue.addUser({ email: 'profil@institut.example', password: 'mot-de-passe-profil', name: 'Profil Test' });
    const signedIn = await adapter.signIn(
      { token: null, bearer: false, cookies: [], ip: null, userAgent: null, secureCookies: false },
      { email: 'profil@institut.example', password: 'mot-de-passe-profil' },
    );
    for (const c of signedIn.cookies) incoming.cookies.set(c.name, c.value);
  });
  afterAll(async () => {
    delete g.__insstatAuth;
    await gotrue?.close();
    await database?.close();
  });

  it('sets the app up at Supabase with a first code, keeps the session (aal2), and turns it off with a current code', async () => {
    const userId = gotrue.findUser('profil@institut.example')!.id;
    const begun = await beginTotpAction({});
    if (!begun.ok) throw new Error(begun.error);
    expect(begun.data.factorId).toEqual(expect.any(String));
    expect(begun.data.qrSvg.startsWith('<svg')).toBe(true);
    expect(gotrue.factorsOf(userId)).toEqual([{ id: begun.data.factorId, status: 'unverified' }]);

    const code = await generate({ secret: begun.data.secret });
    const wrong = await confirmTotpAction(null, form({ code: code === '000000' ? '111111' : '000000', factorId: begun.data.factorId! }));
    expect(wrong).toMatchObject({ ok: false, error: expect.stringContaining('Code incorrect') });

    const confirmed = await confirmTotpAction(null, form({ code, factorId: begun.data.factorId! }));
    expect(confirmed).toMatchObject({ ok: true, data: [] });
    expect(gotrue.factorsOf(userId)).toEqual([{ id: begun.data.factorId, status: 'verified' }]);
    const entries = await database.db.select().from(auditEntries).where(eq(auditEntries.action, 'user.mfa_enable'));
    expect(entries.map((e) => e.summary)).toEqual(['Application d’authentification activée (Supabase)']);
    expect(JSON.stringify(entries)).not.toContain(begun.data.secret);

    // The cookies the action wrote hold the aal2 session: the next action is still served.
    const reused = await disableTotpAction(null, form({ code }));
    expect(reused).toMatchObject({ ok: false, error: expect.stringContaining('Code incorrect ou déjà utilisé') });
    const later = await generate({ secret: begun.data.secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    expect(await disableTotpAction(null, form({ code: later }))).toMatchObject({ ok: true });
    expect(gotrue.factorsOf(userId)).toEqual([]);
  });

  it('an administrator resets another account’s factors at Supabase (a lost phone), journalled', async () => {
    // The first account mirrored here is the installation's Administrateur: the signed-in profile.
    const lost = gotrue.addUser({ email: 'perdu@institut.example', password: 'mot-de-passe-perdu', name: 'Téléphone Perdu' });
    gotrue.addTotpFactor(lost.id);
    const adapter = ((await g.__insstatAuth) as { adapter: ReturnType<typeof createSupabaseAdapter> }).adapter;
    const accounts = await adapter.listUsers(
      { token: null, bearer: false, cookies: [], ip: null, userAgent: null, secureCookies: false },
      null!,
    );
    const account = accounts.find((a) => a.email === 'perdu@institut.example')!;
    // The users screen reads the mark to show the factor and offer the reset; the JSON does not carry it.
    expect(hasProviderFactor(account)).toBe(true);
    expect(Object.keys(account)).not.toContain('factors');
    expect(await accessOf(database.db, accounts.find((a) => a.email === 'profil@institut.example')!.id)).toMatchObject({ role: 'admin' });

    const reset = await resetFactorsAction({ userId: account.id, name: 'Téléphone Perdu' });
    expect(reset).toMatchObject({ ok: true, message: expect.stringContaining('Second facteur réinitialisé') });
    expect(gotrue.factorsOf(lost.id)).toEqual([]);
    expect(hasProviderFactor((await adapter.listUsers(null!, null!)).find((a) => a.id === account.id)!)).toBe(false);
    const [entry] = await database.db.select().from(auditEntries).where(eq(auditEntries.action, 'user.mfa_reset'));
    expect(entry).toMatchObject({ entityId: account.id, summary: expect.stringContaining('Téléphone Perdu') });

    // Nothing left to remove: said so.
    expect(await resetFactorsAction({ userId: account.id })).toMatchObject({
      ok: true,
      message: 'Ce compte n’avait aucun second facteur.',
    });
  });
});
