/**
 * The English fields of the back-office forms, sent as the browser sends them (issue 15): FormData
 * with flat `en.*` names for the pages, an area's introduction, a series and a release; nested `en`
 * values for the generic item form. Each is stored with the French, expires the same cache tags,
 * and a too-long English field comes back as a French message under its name. Real databases; only
 * `next/headers` and the cache expiry are supplied by the test.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAccount, createEmbeddedAdapter, startSession } from '@/lib/auth/embedded';
import { pageTags, tags } from '@/lib/cache/tags';
import { pages, publications, releases, series, users } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { createRelease } from '@/lib/releases/mutations';
import { createSeries } from '@/lib/series/versions';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';

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

const { updateMissionAction } = await import('./about/actions');
const { updateAreaIntroAction } = await import('./intro-actions');
const { updateSeriesAction } = await import('./series/actions');
const { translateReleaseAction } = await import('./calendrier/actions');
const { saveItemAction } = await import('./content-actions');

/** A form's fields as the browser sends them. */
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

describe.each(testDatabaseKinds)('English fields of the admin forms (%s)', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const adapter = createEmbeddedAdapter({ db: database.db, cookieName: env.SESSION_COOKIE_NAME });
    (globalThis as { __insstatAuth?: unknown }).__insstatAuth = Promise.resolve({ adapter, db: database.db });
    const me = await createAccount(database.db, { email: 'awa@inss.example', name: 'Awa', password: 'une phrase de passe' });
    incoming.cookies = [{ name: env.SESSION_COOKIE_NAME, value: await startSession(database.db, me.id, { ip: null, userAgent: null }) }];
  });
  afterAll(async () => {
    delete (globalThis as { __insstatAuth?: unknown }).__insstatAuth;
    await database.close();
  });
  /** The signed-in editor, as the writes done outside the forms record it. */
  const editor = async () => (await database.db.select({ id: users.id, name: users.name, email: users.email }).from(users).limit(1))[0]!;
  beforeEach(() => {
    incoming.headers = new Headers({ host: 'localhost:3000' });
    incoming.expired = [];
  });

  it('saves the mission’s en.title and en.body, and refuses a too-long en.title under its name', async () => {
    const saved = await updateMissionAction(
      null,
      form({ version: '0', title: 'Nos missions', body: '<p>Produire.</p>', 'en.title': 'Our mission', 'en.body': '<p>To produce.</p>' }),
    );
    expect(saved).toMatchObject({ ok: true, data: { version: 1, changed: true } });
    const [row] = await database.db.select().from(pages).where(eq(pages.key, 'mission'));
    expect(row!.translations).toEqual({ en: { title: 'Our mission', body: '<p>To produce.</p>' } });
    expect(incoming.expired).toEqual(expect.arrayContaining(pageTags('mission')));

    const refused = await updateMissionAction(
      null,
      form({ version: '1', title: 'Nos missions', body: '<p>Produire.</p>', 'en.title': 'O'.repeat(201) }),
    );
    expect(refused).toMatchObject({ ok: false, fieldErrors: { 'en.title': ['Le titre en anglais ne doit pas dépasser 200 caractères.'] } });
  });

  it('saves an area’s English introduction (en.body)', async () => {
    const saved = await updateAreaIntroAction(
      null,
      form({ area: 'ipc', version: '0', body: '<p>Les prix.</p>', 'en.body': '<p>Prices.</p>' }),
    );
    expect(saved).toMatchObject({ ok: true, data: { version: 1 } });
    const [row] = await database.db.select().from(pages).where(eq(pages.key, 'intro:ipc'));
    expect(row!.translations).toEqual({ en: { body: '<p>Prices.</p>' } });
  });

  it('saves a series’ en.label, en.unit, en.source and en.methodology with its description', async () => {
    const meta = {
      code: 'EN_IPC',
      label: 'Indice des prix',
      unit: 'indice',
      basePeriod: '',
      frequency: 'monthly',
      decimals: 1,
      seasonalAdjustment: 'none',
      source: '',
      methodology: '',
      area: 'ipc',
      headline: false,
      imfIndicator: null,
    } as const;
    const created = await createSeries(database.db, { meta, actor: { user: await editor() } });
    expect(created.ok).toBe(true);
    const saved = await updateSeriesAction(
      null,
      form({
        current: 'EN_IPC',
        version: '1',
        code: 'EN_IPC',
        label: 'Indice des prix',
        unit: 'indice',
        frequency: 'monthly',
        decimals: '1',
        seasonalAdjustment: 'none',
        area: 'ipc',
        'en.label': 'Consumer price index',
        'en.unit': 'index',
        'en.source': '',
        'en.methodology': 'Laspeyres.',
      }),
    );
    expect(saved).toMatchObject({ ok: true, data: { version: 2 } });
    const [row] = await database.db.select().from(series).where(eq(series.code, 'EN_IPC'));
    expect(row!.translations).toEqual({ en: { label: 'Consumer price index', unit: 'index', methodology: 'Laspeyres.' } });
    expect(incoming.expired).toEqual(expect.arrayContaining([tags.series('EN_IPC')]));
  });

  it('saves a release’s English title, and refuses a stale version', async () => {
    const created = await createRelease(database.db, {
      input: {
        title: 'Indice des prix – mai 2027',
        area: 'ipc',
        scheduledAt: new Date('2027-06-12T08:45:00Z'),
        provisionalLabel: null,
        contact: '',
      },
      actor: { user: await editor() },
    });
    if (!created.ok) throw new Error(created.error);
    const saved = await translateReleaseAction(
      null,
      form({ id: String(created.id), version: '1', 'en.title': 'Consumer prices – May 2027' }),
    );
    expect(saved).toMatchObject({ ok: true, data: { changed: true } });
    expect(incoming.expired).toEqual(expect.arrayContaining([tags.releases]));
    const stale = await translateReleaseAction(null, form({ id: String(created.id), version: '1', 'en.title': 'Prices – May 2027' }));
    expect(stale).toMatchObject({
      ok: false,
      error: 'Quelqu’un a modifié cette parution pendant que vous la modifiiez : rechargez la page.',
    });
    const [row] = await database.db.select().from(releases).where(eq(releases.id, created.id));
    expect(row).toMatchObject({ version: 2, translations: { en: { title: 'Consumer prices – May 2027' } } });
  });

  it('saves a publication’s English title from the generic item form', async () => {
    const created = await saveItemAction({
      area: 'ipc',
      values: { title: 'Indice des prix – avril 2027', en: { title: 'Consumer prices – April 2027', summary: '' } },
    });
    if (!created.ok) throw new Error(created.error);
    const [row] = await database.db.select().from(publications).where(eq(publications.id, created.data.id));
    expect(row).toMatchObject({ slug: 'indice-des-prix-avril-2027', translations: { en: { title: 'Consumer prices – April 2027' } } });
    const refused = await saveItemAction({
      area: 'ipc',
      id: created.data.id,
      version: 1,
      values: { title: 'Indice des prix – avril 2027', en: { title: 'C'.repeat(301) } },
    });
    expect(refused).toMatchObject({ ok: false, fieldErrors: { 'en.title': ['Le titre en anglais ne doit pas dépasser 300 caractères.'] } });
  });
});
