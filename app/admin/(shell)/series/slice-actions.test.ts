/**
 * Defining a series as a slice of a table from the back-office (issue 27), through the actions as
 * the browser sends them: a writer of another area is refused with a French message and nothing
 * changes; the series' area's writer defines it (a bad value comes back under its field); the
 * slice series then refuses values typed by hand; detaching is refused to the other writer too.
 * Real databases; only `next/headers` and the cache expiry are supplied by the test.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAccount, createEmbeddedAdapter, startSession } from '@/lib/auth/embedded';
import { setAccountAccess } from '@/lib/auth/roles';
import { auditEntries, seriesVersions } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { setSelfApproval } from '@/lib/review/settings';
import { createSeries } from '@/lib/series/versions';
import { statusByte } from '@/lib/tables/cells';
import type { TableStructure } from '@/lib/tables/model';
import { seriesSlices } from '@/lib/tables/schema';
import { createTable, writeTableVersion } from '@/lib/tables/versions';
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

const { defineSliceAction, unlinkSliceAction, publishValuesAction } = await import('./actions');

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

const structure: TableStructure = {
  dimensions: [
    {
      code: 'GROUPE',
      label: { fr: 'Groupe de produits' },
      role: 'plain',
      values: [
        { code: 'CP00', label: { fr: 'Ensemble' } },
        { code: 'CP01', label: { fr: 'Alimentation' } },
      ],
    },
    { code: 'MOIS', label: { fr: 'Mois' }, role: 'time', values: ['2026-07', '2026-08'].map((m) => ({ code: m, label: { fr: m } })) },
  ],
  measures: [{ code: 'INDICE', label: { fr: 'Indice' }, unit: { fr: 'base 100' }, decimals: 1 }],
};

describe.each(testDatabaseKinds)('slice actions (%s)', (kind) => {
  let database: TestDatabase;
  const sessions: Record<string, string> = {};
  const signIn = (who: string) => {
    incoming.cookies = [{ name: env.SESSION_COOKIE_NAME, value: sessions[who]! }];
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const { db } = database;
    const adapter = createEmbeddedAdapter({ db, cookieName: env.SESSION_COOKIE_NAME });
    (globalThis as { __insstatAuth?: unknown }).__insstatAuth = Promise.resolve({ adapter, db });
    const admin = await createAccount(db, { email: 'admin@inss.example', name: 'Admin', password: 'une phrase de passe' });
    const other = await createAccount(db, { email: 'demo@inss.example', name: 'Rédactrice démographie', password: 'une phrase de passe' });
    const ipc = await createAccount(db, { email: 'ipc@inss.example', name: 'Rédacteur IPC', password: 'une phrase de passe' });
    await setAccountAccess(db, { actor: 'tests', change: { userId: other.id, role: 'editor', areas: ['demographie'] } });
    await setAccountAccess(db, { actor: 'tests', change: { userId: ipc.id, role: 'editor', areas: ['ipc'] } });
    for (const [who, user] of Object.entries({ admin, other, ipc }))
      sessions[who] = await startSession(db, user.id, { ip: null, userAgent: null });
    await setSelfApproval(db, { allowed: true, user: null, actor: 'tests' });
    const actor = { user: { id: admin.id, name: admin.name, email: admin.email } };
    const meta = {
      code: 'IPC_S',
      label: 'Indice des prix',
      unit: 'indice',
      basePeriod: '2020',
      frequency: 'monthly',
      decimals: 1,
      seasonalAdjustment: 'none',
      source: '',
      methodology: '',
      area: 'ipc',
      headline: true,
      imfIndicator: null,
    } as const;
    expect((await createSeries(db, { meta, actor })).ok).toBe(true);
    const tableMeta = { code: 'IPC_G', area: 'ipc', title: 'IPC par groupe', description: '', source: '', method: '', notes: '' };
    expect((await createTable(db, { meta: tableMeta, actor })).ok).toBe(true);
    const statuses = new Uint8Array(4);
    statuses[1] = statusByte('P');
    const written = await writeTableVersion(db, {
      code: 'IPC_G',
      source: { payload: { structure, values: Float64Array.from([110, 111, 120, 121]), statuses, notes: {} } },
      kind: 'revision',
      reason: 'Première publication.',
      actor,
      approver: true,
    });
    expect(written.ok).toBe(true);
  });
  afterAll(async () => {
    delete (globalThis as { __insstatAuth?: unknown }).__insstatAuth;
    await database.close();
  });
  beforeEach(() => {
    incoming.headers = new Headers({ host: 'localhost:3000' });
    incoming.expired = [];
  });

  const fields = { code: 'IPC_S', table: 'IPC_G', 'dim:GROUPE': 'CP00', measure: 'INDICE' };

  it('refuses a writer of another area in French and changes nothing', async () => {
    signIn('other');
    const refused = await defineSliceAction(null, form(fields));
    expect(refused).toMatchObject({ ok: false, error: expect.stringContaining('définir cette série comme tranche d’un tableau') });
    expect(await database.db.select().from(seriesSlices)).toEqual([]);
    expect(await database.db.select().from(seriesVersions)).toEqual([]);
    expect(await database.db.select().from(auditEntries).where(eq(auditEntries.action, 'series.slice'))).toEqual([]);
    expect(incoming.expired).toEqual([]);
  });

  it('lets the series’ area writer define it, checked against the table, then refuses values typed by hand', async () => {
    signIn('ipc');
    const wrong = await defineSliceAction(null, form({ ...fields, 'dim:GROUPE': 'CP99' }));
    expect(wrong).toMatchObject({ ok: false, error: 'La dimension « Groupe de produits » (GROUPE) n’a plus la valeur CP99.' });
    const badShape = await defineSliceAction(null, form({ ...fields, table: '' }));
    expect(badShape).toMatchObject({ ok: false, fieldErrors: { table: ['Choisissez le tableau.'] } });
    expect(await database.db.select().from(seriesSlices)).toEqual([]);

    const defined = await defineSliceAction(null, form(fields));
    expect(defined).toMatchObject({
      ok: true,
      message: 'La série IPC_S suit désormais le tableau IPC_G : la version 1, aux valeurs du tableau, est soumise pour relecture.',
    });
    expect(await database.db.select({ selection: seriesSlices.selection }).from(seriesSlices)).toEqual([{ selection: { GROUPE: 'CP00' } }]);

    const typed = await publishValuesAction(null, form({ code: 'IPC_S', when: 'now', kind: 'revision', 'value:2026-09-01': '112' }));
    expect(typed).toMatchObject({ ok: false, error: expect.stringContaining('est une tranche d’un tableau et en suit les versions') });
  });

  it('refuses detaching to a writer of another area, and lets the area’s writer detach it', async () => {
    signIn('other');
    expect(await unlinkSliceAction(null, form({ code: 'IPC_S' }))).toMatchObject({ ok: false });
    expect(await database.db.select().from(seriesSlices)).toHaveLength(1);
    signIn('ipc');
    expect(await unlinkSliceAction(null, form({ code: 'IPC_S' }))).toMatchObject({ ok: true });
    expect(await database.db.select().from(seriesSlices)).toEqual([]);
    expect(incoming.expired).toContain('series:IPC_S');
  });
});
