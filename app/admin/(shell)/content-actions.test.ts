/**
 * The generic edit screen's actions and the lists' route handlers check the session themselves:
 * called without one (directly, as Next would after decoding an action id, or over HTTP) they are
 * refused and write nothing. With one, they create, publish, refuse a stale save with the French
 * conflict message, and store rich text sanitized. Real databases; only `next/headers` and the
 * cache expiry are supplied by the test.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAccount, createEmbeddedAdapter, startSession } from '@/lib/auth/embedded';
import { auditEntries, news, publications, users } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import { setSelfApproval } from '@/lib/review/settings';

const incoming = vi.hoisted(() => ({ headers: new Headers(), cookies: [] as { name: string; value: string }[], expired: [] as string[] }));

vi.mock('next/headers', () => ({
  headers: async () => incoming.headers,
  cookies: async () => ({
    getAll: () => incoming.cookies,
    get: (name: string) => incoming.cookies.find((c) => c.name === name),
    set: () => {},
  }),
}));
vi.mock('next/cache', () => ({ revalidateTag: (tag: string) => incoming.expired.push(tag) }));

const { saveItemAction, changeItemAction } = await import('./content-actions');
const listRoute = await import('@/app/api/admin/[kind]/route');
const bulkRoute = await import('@/app/api/admin/[kind]/bulk/route');

describe.each(testDatabaseKinds)('content actions (%s)', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // One person writes and publishes here: the life cycle is under test, the second pair of eyes in lib/review/review.test.ts.
    await setSelfApproval(database.db, { allowed: true, user: null, actor: 'tests' });
    const adapter = createEmbeddedAdapter({ db: database.db, cookieName: env.SESSION_COOKIE_NAME });
    (globalThis as { __insstatAuth?: unknown }).__insstatAuth = Promise.resolve({ adapter, db: database.db });
  });
  afterAll(async () => {
    delete (globalThis as { __insstatAuth?: unknown }).__insstatAuth;
    await database.close();
  });
  beforeEach(() => {
    incoming.headers = new Headers({ host: 'localhost:3000' });
    incoming.cookies = [];
    incoming.expired = [];
  });

  // Colleagues who publish (the roles themselves are access-matrix.test.ts's subject).
  const signIn = async (email: string) => {
    const me = await createAccount(database.db, { email, name: email.split('@')[0] as string, password: 'une phrase de passe' });
    await database.db.update(users).set({ role: 'publisher' }).where(eq(users.id, me.id));
    incoming.cookies = [{ name: env.SESSION_COOKIE_NAME, value: await startSession(database.db, me.id, { ip: null, userAgent: null }) }];
    return me;
  };

  it('refuses every action and handler without a session (or with a forged one) and writes nothing', async () => {
    const [existing] = await database.db.insert(publications).values({ area: 'ipc', slug: 'ipc-test', title: 'IPC test' }).returning();
    for (const setup of [
      () => {},
      () => (incoming.cookies = [{ name: env.SESSION_COOKIE_NAME, value: 'forged' }]),
      () => incoming.headers.set('authorization', 'Bearer forged'),
    ]) {
      setup();
      const created = await saveItemAction({ area: 'news', values: { title: 'Intrus' } });
      expect(created).toEqual({ ok: false, error: expect.stringMatching(/Vous devez être connecté/) });
      const updated = await saveItemAction({ area: 'ipc', id: existing!.id, version: 1, values: { title: 'Défiguré' } });
      expect(updated.ok).toBe(false);
      for (const action of ['publish', 'trash', 'delete'] as const) {
        expect((await changeItemAction({ area: 'ipc', id: existing!.id, version: 1, action })).ok).toBe(false);
      }
      const cookie = incoming.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      const headers = {
        ...(cookie ? { cookie } : {}),
        ...(incoming.headers.get('authorization') ? { authorization: 'Bearer forged' } : {}),
      };
      const list = await listRoute.GET(new Request('http://localhost:3000/api/admin/publications?area=ipc', { headers }), {
        params: Promise.resolve({ kind: 'publications' }),
      });
      expect(list.status).toBe(401);
      const bulk = await bulkRoute.POST(
        new Request('http://localhost:3000/api/admin/publications/bulk', {
          method: 'POST',
          headers: { ...headers, origin: env.SITE_URL, 'content-type': 'application/json' },
          body: JSON.stringify({ action: 'publish', ids: [existing!.id] }),
        }),
        { params: Promise.resolve({ kind: 'publications' }) },
      );
      expect(bulk.status).toBe(401);
    }
    expect(await database.db.select().from(news)).toHaveLength(0);
    const [after] = await database.db.select().from(publications).where(eq(publications.id, existing!.id));
    expect(after).toMatchObject({ title: 'IPC test', status: 'draft', version: 1, deletedAt: null });
    // Nothing but the setting of the test's set-up.
    expect((await database.db.select().from(auditEntries)).map((e) => e.action)).toEqual(['settings.self_approval']);
    expect(incoming.expired).toEqual([]);
  });

  it('creates, publishes (expiring the pages that show it), refuses a stale save, sanitizes rich text', async () => {
    await signIn('awa@inss.example');
    const body =
      '<p>Sûr</p><script>alert(1)</script><img src="/fichiers/a/b.png" ' +
      'onerror="alert(2)"><a href="javascript:alert(3)">lien</a><svg onload="alert(4)"></svg>';
    const created = await saveItemAction({ area: 'news', values: { title: 'Atelier régional à Niamey', excerpt: 'Un atelier.', body } });
    expect(created).toMatchObject({ ok: true, data: { version: 1, editUrl: expect.stringMatching(/^\/admin\/news\/\d+$/) } });
    if (!created.ok) throw new Error(created.error);
    const [row] = await database.db.select().from(news).where(eq(news.id, created.data.id));
    expect(row).toMatchObject({ slug: 'atelier-regional-a-niamey', status: 'draft' });
    for (const bad of ['<script', 'onerror', 'javascript:', '<svg', 'onload']) expect(row!.body).not.toContain(bad);
    expect(row!.body).toContain('<p>Sûr</p>');

    const published = await changeItemAction({ area: 'news', id: created.data.id, version: 1, action: 'publish' });
    expect(published).toMatchObject({ ok: true, data: { status: 'published', version: 2 } });
    expect(incoming.expired).toEqual(expect.arrayContaining([`news:${created.data.id}`, 'news']));

    // Someone else saves it meanwhile; a save from version 2 is now stale.
    await signIn('moussa@inss.example');
    expect((await saveItemAction({ area: 'news', id: created.data.id, version: 2, values: { title: 'Titre de Moussa' } })).ok).toBe(true);
    await signIn('awa2@inss.example');
    const stale = await saveItemAction({ area: 'news', id: created.data.id, version: 2, values: { title: 'Titre écrasé' } });
    expect(stale).toEqual({
      ok: false,
      error: expect.stringMatching(
        /^moussa a enregistré cette actualité .* pendant que vous la modifiiez\. Vos changements n’ont pas été enregistrés/,
      ),
    });
    const [kept] = await database.db.select().from(news).where(eq(news.id, created.data.id));
    expect(kept!.title).toBe('Titre de Moussa');

    // Bad input: French field errors, nothing written.
    const invalid = await saveItemAction({ area: 'events', values: { title: '', startsAt: 'demain' } });
    expect(invalid).toMatchObject({
      ok: false,
      fieldErrors: { title: ['Le titre est obligatoire.'], startsAt: [expect.stringMatching(/date et heure attendues/)] },
    });
    const unknown = await saveItemAction({ area: 'mission', values: { title: 'x' } });
    expect(unknown).toMatchObject({ ok: false, error: 'Cette rubrique ne se gère pas ici.' });
  });

  it('bulk « Mettre en ligne » of one’s own unapproved item says why it is refused (as the item’s screen does)', async () => {
    const me = await signIn('adama@inss.example');
    await setSelfApproval(database.db, { allowed: false, user: null, actor: 'tests' });
    try {
      const created = await saveItemAction({ area: 'ipc', values: { title: 'Note de mon cru' } });
      if (!created.ok) throw new Error(created.error);
      const response = await bulkRoute.POST(
        new Request('http://localhost:3000/api/admin/publications/bulk', {
          method: 'POST',
          headers: {
            host: 'localhost:3000',
            origin: env.SITE_URL,
            'content-type': 'application/json',
            cookie: incoming.cookies.map((c) => `${c.name}=${c.value}`).join('; '),
          },
          body: JSON.stringify({ action: 'publish', ids: [created.data.id] }),
        }),
        { params: Promise.resolve({ kind: 'publications' }) },
      );
      expect(response.status).toBe(200);
      const body = (await response.json()) as { count: number; refused: number[]; message: string };
      expect(body).toMatchObject({ count: 0, refused: [created.data.id] });
      expect(body.message).toMatch(
        /^0 élément mis en ligne\. 1 refusé : Vous avez écrit la dernière version de cette publication : une seconde personne doit l’approuver/,
      );
      expect(body.message).not.toContain('déjà dans cet état');
      const [row] = await database.db.select().from(publications).where(eq(publications.id, created.data.id));
      expect(row).toMatchObject({ status: 'draft', review: 'none', editedBy: me.id });
    } finally {
      await setSelfApproval(database.db, { allowed: true, user: null, actor: 'tests' });
    }
  });
});
