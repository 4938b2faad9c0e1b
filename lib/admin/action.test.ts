/**
 * The admin action wrapper checks the session itself: an action called without one (directly, as
 * Next would after decoding its id) is refused and writes nothing. Runs on a real database; only
 * the request context (`next/headers`) is supplied by the test.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createAccount, createEmbeddedAdapter, startSession } from '@/lib/auth/embedded';
import { auditEntries, users } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import { needs } from './access';

const incoming = vi.hoisted(() => ({ headers: new Headers(), cookies: [] as { name: string; value: string }[] }));

vi.mock('next/headers', () => ({
  headers: async () => incoming.headers,
  cookies: async () => ({
    getAll: () => incoming.cookies,
    get: (name: string) => incoming.cookies.find((c) => c.name === name),
    set: () => {},
  }),
}));

const { adminAction, adminFormAction } = await import('./action');

describe.each(testDatabaseKinds)('adminAction (%s)', (kind) => {
  let database: TestDatabase;
  let create: ReturnType<typeof adminFormAction<z.ZodType<{ email: string; name: string }>, { id: string }>>;
  let rename: (input: unknown) => Promise<unknown>;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const adapter = createEmbeddedAdapter({ db: database.db, cookieName: env.SESSION_COOKIE_NAME });
    (globalThis as { __insstatAuth?: unknown }).__insstatAuth = Promise.resolve({ adapter, db: database.db });
    const schema = z.object({ email: z.email({ message: 'Adresse invalide.' }), name: z.string().min(1, 'Nom requis.') });
    create = adminFormAction(
      schema,
      async (input, ctx) => {
        const [row] = await ctx.db.insert(users).values({ email: input.email, name: input.name }).returning({ id: users.id });
        return row!;
      },
      {
        access: needs.read,
        audit: (input, data) => ({ action: 'user.create', entityType: 'user', entityId: data.id, summary: `Créé ${input.email}` }),
        success: 'Créé.',
      },
    );
    rename = adminAction(
      z.object({ name: z.string() }),
      async () => {
        throw new Error('secret stack detail');
      },
      { access: needs.read },
    );
  });
  afterAll(async () => {
    delete (globalThis as { __insstatAuth?: unknown }).__insstatAuth;
    await database.close();
  });
  beforeEach(() => {
    incoming.headers = new Headers({ host: 'localhost:3000' });
    incoming.cookies = [];
  });

  const form = (values: Record<string, string>) => {
    const f = new FormData();
    for (const [k, v] of Object.entries(values)) f.set(k, v);
    return f;
  };

  it('refuses without a session, with a forged cookie or bearer, and writes nothing', async () => {
    for (const setup of [
      () => {},
      () => (incoming.cookies = [{ name: env.SESSION_COOKIE_NAME, value: 'forged' }]),
      () => incoming.headers.set('authorization', 'Bearer forged'),
    ]) {
      setup();
      const result = await create(null, form({ email: 'intrus@x.example', name: 'Intrus' }));
      expect(result).toEqual({ ok: false, error: expect.stringMatching(/Vous devez être connecté/) });
    }
    expect(await database.db.select().from(users).where(eq(users.email, 'intrus@x.example'))).toHaveLength(0);
    expect(await database.db.select().from(auditEntries)).toHaveLength(0);
  });

  it('with a session: validates (French field errors), runs, audits with the user', async () => {
    const me = await createAccount(database.db, { email: 'moi@x.example', name: 'Moi', password: 'une phrase de passe' });
    const token = await startSession(database.db, me.id, { ip: null, userAgent: null });
    incoming.cookies = [{ name: env.SESSION_COOKIE_NAME, value: token }];
    const bad = await create(null, form({ email: 'pas-une-adresse' }));
    expect(bad).toEqual({
      ok: false,
      error: 'Certains champs sont à corriger.',
      fieldErrors: { email: ['Adresse invalide.'], name: [expect.any(String)] },
    });
    const ok = await create(null, form({ email: 'nouveau@x.example', name: 'Nouveau' }));
    expect(ok).toMatchObject({ ok: true, message: 'Créé.' });
    const [entry] = await database.db.select().from(auditEntries).where(eq(auditEntries.action, 'user.create'));
    expect(entry).toMatchObject({ userId: me.id, summary: 'Créé nouveau@x.example' });
  });

  it('answers an unexpected failure with a French message, not the error itself', async () => {
    const me = await createAccount(database.db, { email: 'moi2@x.example', name: 'Moi', password: 'une phrase de passe' });
    incoming.cookies = [{ name: env.SESSION_COOKIE_NAME, value: await startSession(database.db, me.id, { ip: null, userAgent: null }) }];
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const result = (await rename({ name: 'x' })) as { ok: boolean; error: string };
    spy.mockRestore();
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/erreur du serveur/);
    expect(result.error).not.toContain('secret');
  });
});

describe('formDataToObject', () => {
  it('drops empty fields but keeps an empty English field, which clears its translation (a form without it leaves it)', async () => {
    const { formDataToObject } = await import('./action');
    const form = new FormData();
    for (const [k, v] of [
      ['title', 'Titre'],
      ['summary', ''],
      ['en.title', ''],
      ['en.summary', 'Summary'],
      ['areas', 'ipc'],
      ['areas', 'news'],
    ] as const)
      form.append(k, v);
    expect(formDataToObject(form)).toEqual({ title: 'Titre', 'en.title': '', 'en.summary': 'Summary', areas: ['ipc', 'news'] });
    // For writes that change only what is sent, every blank field is kept: it clears its field.
    expect(formDataToObject(form, { keepBlank: true })).toEqual({
      title: 'Titre',
      summary: '',
      'en.title': '',
      'en.summary': 'Summary',
      areas: ['ipc', 'news'],
    });
  });
});
