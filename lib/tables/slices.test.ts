/**
 * A series defined as a slice of a table (issue 27, item 5): defining it checks the table's
 * structure and brings the series to the table's values; each table version then writes the series
 * version in its own transaction (none when the slice did not change), approving, returning or
 * cancelling the table version does the same to it, and a version whose structure lost the slice's
 * codes is refused naming the series, with nothing written. Real databases (PGlite, and Postgres
 * when configured).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, releases, series, seriesVersions, users } from '@/lib/db/schema';
import { publishDueItems } from '@/lib/ops/scheduler';
import { createRelease } from '@/lib/releases/mutations';
import { readinessOf } from '@/lib/releases/review';
import { setSelfApproval } from '@/lib/review/settings';
import { pendingVersion, valuesAt } from '@/lib/series/queries';
import { createSeries, publishVersions } from '@/lib/series/versions';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import { clearCellCache, statusByte } from './cells';
import { cellCountOf, type TableStructure } from './model';
import { dataTableVersions, seriesSlices } from './schema';
import { defineSlice, sliceObservations, sliceOf, sliceRefusal, unlinkSlice } from './slices';
import {
  approveTableVersion,
  cancelTableVersion,
  createTable,
  returnTableVersion,
  writeTableVersion,
  type Actor,
  type TablePayload,
} from './versions';

const months = ['2026-06', '2026-07', '2026-08'];

/** Groupe (2) × mois (3 or more), one measure. */
const structureOf = (monthCodes = months, groups = ['CP00', 'CP01']): TableStructure => ({
  dimensions: [
    {
      code: 'GROUPE',
      label: { fr: 'Groupe de produits', en: 'Product group' },
      role: 'plain',
      values: groups.map((g) => ({
        code: g,
        label: { fr: g === 'CP00' ? 'Ensemble' : 'Alimentation', en: g === 'CP00' ? 'All items' : 'Food' },
      })),
    },
    { code: 'MOIS', label: { fr: 'Mois' }, role: 'time', values: monthCodes.map((m) => ({ code: m, label: { fr: m } })) },
  ],
  measures: [{ code: 'INDICE', label: { fr: 'Indice' }, unit: { fr: 'base 100' }, decimals: 1 }],
});

/** CP00 = 110 + month index (+ shift), CP01 = 120 + month index; CP00's last month provisional, CP01's first missing. */
function payload({ shift = 0, other = 0, monthCodes = months, groups = ['CP00', 'CP01'] } = {}): TablePayload {
  const structure = structureOf(monthCodes, groups);
  const n = cellCountOf(structure);
  const values = new Float64Array(n);
  const statuses = new Uint8Array(n);
  const m = monthCodes.length;
  for (let g = 0; g < groups.length; g++) for (let t = 0; t < m; t++) values[g * m + t] = (g === 0 ? 110 + shift : 120 + other) + t;
  statuses[m - 1] = statusByte('P');
  if (groups.length > 1) {
    values[m] = NaN;
    statuses[m] = statusByte('O');
  }
  return { structure, values, statuses, notes: {} };
}

const slice = { selection: { GROUPE: 'CP00' }, measure: 'INDICE' };
const t0 = new Date('2026-10-12T08:45:00Z');
const minutes = (n: number) => new Date(t0.getTime() + n * 60_000);

describe('a slice of a structure', () => {
  it('is refused in French when a code is missing, and reads its observations in period order', () => {
    const structure = structureOf();
    expect(sliceRefusal(structure, { selection: { GROUPE: 'CP00' }, measure: 'INDICE' }, 'monthly')).toBeNull();
    expect(sliceRefusal(structure, { selection: { GROUPE: 'CP09' }, measure: 'INDICE' }, 'monthly')).toBe(
      'La dimension « Groupe de produits » (GROUPE) n’a plus la valeur CP09.',
    );
    expect(sliceRefusal(structure, { selection: {}, measure: 'INDICE' }, 'monthly')).toBe(
      'Choisissez une valeur de la dimension « Groupe de produits » (GROUPE).',
    );
    expect(sliceRefusal(structure, { selection: { GROUPE: 'CP00' }, measure: 'X' }, 'monthly')).toBe('Le tableau n’a plus la mesure X.');
    expect(sliceRefusal(structure, { selection: { GROUPE: 'CP00' }, measure: 'INDICE' }, 'annual')).toBe(
      'Les périodes du tableau (2026-06, 2026-07, 2026-08) ne sont pas celles d’une série annuelle.',
    );
    const p = payload();
    expect(sliceObservations(structure, p, { selection: { GROUPE: 'CP01' }, measure: 'INDICE' }, 'monthly')).toEqual([
      { period: '2026-07-01', value: 121, status: 'A' },
      { period: '2026-08-01', value: 122, status: 'A' },
    ]);
  });
});

describe.each(testDatabaseKinds)('series as slices of tables on %s', (kind) => {
  let database: TestDatabase;
  let writer: Actor;
  let reviewer: Actor;

  /** The series' values (scheduled ones included) as [period, value, status]. */
  const values = async (code = 'IPC_T') => {
    const [row] = await database.db.select().from(series).where(eq(series.code, code));
    return ((await valuesAt(database.db, [row!.id], { scheduled: true })).get(row!.id) ?? []).map((o) => [o.period, o.value, o.status]);
  };
  const versions = async (code = 'IPC_T') => {
    const [row] = await database.db.select().from(series).where(eq(series.code, code));
    return database.db
      .select({
        number: seriesVersions.number,
        reason: seriesVersions.reason,
        review: seriesVersions.review,
        publishedAt: seriesVersions.publishedAt,
      })
      .from(seriesVersions)
      .where(eq(seriesVersions.seriesId, row!.id))
      .orderBy(seriesVersions.number);
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const { db } = database;
    clearCellCache();
    const made = await db
      .insert(users)
      .values([
        { name: 'Awa Koné', email: 'awa@example.org' },
        { name: 'Binta Sow', email: 'binta@example.org' },
      ])
      .returning({ id: users.id, name: users.name, email: users.email });
    writer = { user: made[0]!, ip: '127.0.0.1' };
    reviewer = { user: made[1]!, ip: '127.0.0.1' };
    await setSelfApproval(db, { allowed: true, user: null, actor: 'tests' });
    const meta = {
      code: 'IPC_T',
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
    expect((await createSeries(db, { meta, actor: writer })).ok).toBe(true);
    expect((await createSeries(db, { meta: { ...meta, code: 'IPC_A', frequency: 'annual' }, actor: writer })).ok).toBe(true);
    // Two months typed by hand before the table existed: June agrees with the table, July does not.
    const typed = await publishVersions(db, {
      values: new Map([
        [
          'IPC_T',
          [
            { period: '2026-06-01', value: 110, status: 'A' },
            { period: '2026-07-01', value: 999, status: 'A' },
          ],
        ],
      ]),
      kind: 'revision',
      reason: 'Saisie.',
      actor: writer,
      approver: true,
      now: minutes(-100),
    });
    expect(typed.ok).toBe(true);
    const tableMeta = { code: 'IPC_GROUPES_T', area: 'ipc', title: 'IPC par groupe', description: '', source: '', method: '', notes: '' };
    expect((await createTable(db, { meta: tableMeta, english: { title: 'CPI by group' }, actor: writer })).ok).toBe(true);
    const first = await writeTableVersion(db, {
      code: 'IPC_GROUPES_T',
      source: { payload: payload() },
      kind: 'revision',
      reason: 'Première publication.',
      actor: writer,
      approver: true,
      now: minutes(-90),
    });
    expect(first.ok).toBe(true);
  });
  afterAll(async () => {
    await database.close();
  });

  it('defines a slice against the table’s structure and brings the series to the table’s values at once', async () => {
    const { db } = database;
    // Refused, nothing written: an unknown value, a series whose frequency is not the table's periods'.
    expect(
      await defineSlice(db, {
        seriesCode: 'IPC_T',
        tableCode: 'IPC_GROUPES_T',
        slice: { ...slice, selection: { GROUPE: 'CP99' } },
        actor: writer,
        approver: true,
        now: minutes(-80),
      }),
    ).toEqual({
      ok: false,
      error: 'La dimension « Groupe de produits » (GROUPE) n’a plus la valeur CP99.',
    });
    expect(
      await defineSlice(db, { seriesCode: 'IPC_A', tableCode: 'IPC_GROUPES_T', slice, actor: writer, approver: true, now: minutes(-80) }),
    ).toMatchObject({ ok: false, error: expect.stringContaining('ne sont pas celles d’une série annuelle') });
    expect(
      await defineSlice(db, { seriesCode: 'IPC_T', tableCode: 'NOPE', slice, actor: writer, approver: true, now: minutes(-80) }),
    ).toMatchObject({
      ok: false,
      field: 'table',
    });
    expect(await db.select().from(seriesSlices)).toEqual([]);

    const defined = await defineSlice(db, {
      seriesCode: 'IPC_T',
      tableCode: 'IPC_GROUPES_T',
      slice,
      actor: writer,
      approver: true,
      now: minutes(-80),
    });
    expect(defined).toMatchObject({ ok: true, value: { number: 2, review: 'approved' } });
    expect(defined.ok && defined.tags).toEqual(expect.arrayContaining(['series:IPC_T', 'area:ipc']));
    expect(await values()).toEqual([
      ['2026-06-01', 110, 'A'],
      ['2026-07-01', 111, 'A'],
      ['2026-08-01', 112, 'P'],
    ]);
    expect((await versions()).at(-1)!.reason).toBe('Valeurs désormais issues du tableau IPC_GROUPES_T (version 1).');
    expect(await sliceOf(db, 'IPC_T', { lang: 'en' })).toMatchObject({
      table: { code: 'IPC_GROUPES_T', title: 'CPI by group' },
      parts: [{ dimension: 'Product group', value: 'All items' }],
    });
    const [audit] = await db.select().from(auditEntries).where(eq(auditEntries.action, 'series.slice'));
    expect(audit!.summary).toBe('Série IPC_T définie comme tranche du tableau IPC_GROUPES_T (GROUPE = CP00, mesure INDICE).');
    // Defined again with the same choice: the values already agree, no version.
    const again = await defineSlice(db, {
      seriesCode: 'IPC_T',
      tableCode: 'IPC_GROUPES_T',
      slice,
      actor: writer,
      approver: true,
      now: minutes(-79),
    });
    expect(again).toMatchObject({ ok: true, value: { number: null } });
    expect(await versions()).toHaveLength(2);
  });

  it('publishing a table version writes the series version with its reason, in the same transaction', async () => {
    const { db } = database;
    const written = await writeTableVersion(db, {
      code: 'IPC_GROUPES_T',
      source: { payload: payload({ shift: 1, monthCodes: [...months, '2026-09'] }) },
      kind: 'correction',
      reason: 'Pondérations corrigées.',
      actor: writer,
      approver: true,
      now: minutes(-60),
    });
    expect(written.ok).toBe(true);
    // The key figures' caches are told with the table's.
    expect(written.ok && written.tags).toEqual(expect.arrayContaining(['table:IPC_GROUPES_T', 'series:IPC_T', 'area:ipc']));
    expect(await values()).toEqual([
      ['2026-06-01', 111, 'A'],
      ['2026-07-01', 112, 'A'],
      ['2026-08-01', 113, 'A'],
      ['2026-09-01', 114, 'P'],
    ]);
    expect((await versions()).at(-1)).toMatchObject({
      number: 3,
      reason: 'Pondérations corrigées.',
      review: 'approved',
      publishedAt: minutes(-60),
    });
  });

  it('writes no series version when the slice did not change', async () => {
    const { db } = database;
    const written = await writeTableVersion(db, {
      code: 'IPC_GROUPES_T',
      source: { payload: payload({ shift: 1, other: 5, monthCodes: [...months, '2026-09'] }) },
      kind: 'revision',
      reason: 'Alimentation révisée.',
      actor: writer,
      approver: true,
      now: minutes(-50),
    });
    expect(written.ok && written.value.number).toBe(3);
    expect(written.ok && written.tags).not.toContain('series:IPC_T');
    expect(await versions()).toHaveLength(3);
  });

  it('refuses a table version whose structure lost the slice’s codes, naming the series, and writes nothing', async () => {
    const { db } = database;
    const before = await db.select({ id: dataTableVersions.id }).from(dataTableVersions);
    const refused = await writeTableVersion(db, {
      code: 'IPC_GROUPES_T',
      source: { payload: payload({ groups: ['CP01'], monthCodes: [...months, '2026-09'] }) },
      kind: 'revision',
      reason: 'Sans ensemble.',
      actor: writer,
      approver: true,
      now: minutes(-40),
    });
    expect(refused).toEqual({
      ok: false,
      error:
        'La série IPC_T est une tranche de ce tableau et cette version ne la contient plus : ' +
        'La dimension « Groupe de produits » (GROUPE) n’a plus la valeur CP00. ' +
        'Gardez ces codes dans le fichier, ou détachez d’abord la série du tableau (écran de la série IPC_T).',
    });
    expect(await db.select({ id: dataTableVersions.id }).from(dataTableVersions)).toEqual(before);
    expect(await versions()).toHaveLength(3);
  });

  it('a writer’s table version submits the series version; the reviewer approves, returns or cancels both', async () => {
    const { db } = database;
    const [row] = await db.select().from(series).where(eq(series.code, 'IPC_T'));
    const submit = (shift: number, now: Date, publishAt?: Date) =>
      writeTableVersion(db, {
        code: 'IPC_GROUPES_T',
        source: { payload: payload({ shift, monthCodes: [...months, '2026-09'] }) },
        kind: 'revision',
        reason: `Révision ${shift}.`,
        actor: writer,
        approver: false,
        publishAt,
        now,
      });
    // Submitted: nothing public, the series version waits with it.
    expect(await submit(2, minutes(-30))).toMatchObject({ ok: true, value: { number: 4, review: 'submitted' }, tags: [] });
    expect(await pendingVersion(db, row!.id, minutes(-30))).toMatchObject({ number: 4, review: 'submitted', reason: 'Révision 2.' });
    // Returned with the table version, then cancelled with it.
    expect(
      await returnTableVersion(db, { code: 'IPC_GROUPES_T', number: 4, note: 'Vérifiez août.', actor: reviewer, now: minutes(-29) }),
    ).toMatchObject({ ok: true });
    expect(await pendingVersion(db, row!.id, minutes(-29))).toMatchObject({ number: 4, review: 'none', reviewNote: 'Vérifiez août.' });
    expect(await cancelTableVersion(db, { code: 'IPC_GROUPES_T', number: 4, actor: writer, now: minutes(-28) })).toMatchObject({
      ok: true,
    });
    expect(await pendingVersion(db, row!.id, minutes(-28))).toBeNull();
    expect(await versions()).toHaveLength(3);
    // Submitted for later, approved by the reviewer: both approved, both public at the table's minute.
    expect(await submit(3, minutes(-20), minutes(30))).toMatchObject({ ok: true, value: { number: 4, review: 'submitted' } });
    const approved = await approveTableVersion(db, { code: 'IPC_GROUPES_T', number: 4, actor: reviewer, now: minutes(-10) });
    expect(approved).toMatchObject({ ok: true, value: { public: false } });
    expect((await versions()).at(-1)).toMatchObject({ number: 4, review: 'approved', publishedAt: minutes(30), reason: 'Révision 3.' });
    expect((await valuesAt(db, [row!.id], { at: minutes(29) })).get(row!.id)!.at(-1)!.value).toBe(114);
    expect((await valuesAt(db, [row!.id], { at: minutes(30) })).get(row!.id)!.at(-1)!.value).toBe(116);
  });

  it('detaching keeps the versions; the next table version no longer writes one', async () => {
    const { db } = database;
    expect(await unlinkSlice(db, { seriesCode: 'IPC_T', actor: writer })).toMatchObject({ ok: true });
    expect(await unlinkSlice(db, { seriesCode: 'IPC_T', actor: writer })).toEqual({
      ok: false,
      error: 'La série IPC_T n’est la tranche d’aucun tableau.',
    });
    expect(await versions()).toHaveLength(4);
    expect(await sliceOf(db, 'IPC_T')).toBeNull();
    const written = await writeTableVersion(db, {
      code: 'IPC_GROUPES_T',
      source: { payload: payload({ shift: 9, monthCodes: [...months, '2026-09'] }) },
      kind: 'revision',
      reason: 'Après détachement.',
      actor: writer,
      approver: true,
      now: minutes(40),
    });
    expect(written.ok).toBe(true);
    expect(await versions()).toHaveLength(4);
  });
});

describe.each(testDatabaseKinds)('a slice whose table comes out with a calendar release on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });

  it('writes the series version with the release: same minute, approved with it, out in the same scheduler run', async () => {
    const { db } = database;
    clearCellCache();
    const [user] = await db
      .insert(users)
      .values({ name: 'Awa Koné', email: 'awa@example.org' })
      .returning({ id: users.id, name: users.name, email: users.email });
    const actor = { user: user!, ip: null };
    await setSelfApproval(db, { allowed: true, user: null, actor: 'tests' });
    const meta = {
      code: 'IPC_R',
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
    await createSeries(db, { meta, actor });
    await createTable(db, {
      meta: { code: 'IPC_GROUPES_R', area: 'ipc', title: 'IPC par groupe', description: '', source: '', method: '', notes: '' },
      actor,
    });
    const t = new Date('2030-04-01T08:00:00Z');
    expect(
      (
        await writeTableVersion(db, {
          code: 'IPC_GROUPES_R',
          source: { payload: payload() },
          kind: 'revision',
          reason: '',
          actor,
          approver: true,
          now: t,
        })
      ).ok,
    ).toBe(true);
    expect((await defineSlice(db, { seriesCode: 'IPC_R', tableCode: 'IPC_GROUPES_R', slice, actor, approver: true, now: t })).ok).toBe(
      true,
    );

    const at = new Date('2030-05-02T08:00:00Z');
    const now = new Date('2030-04-20T08:00:00Z');
    const release = await createRelease(db, {
      input: { title: 'Indice des prix d’avril', area: 'ipc', scheduledAt: at, provisionalLabel: null, contact: '' },
      actor,
      now,
    });
    if (!release.ok) throw new Error(release.error);
    await db.update(releases).set({ status: 'confirmed' }).where(eq(releases.id, release.id));
    const written = await writeTableVersion(db, {
      code: 'IPC_GROUPES_R',
      source: { payload: payload({ shift: 2 }) },
      releaseId: release.id,
      kind: 'revision',
      reason: 'Parution d’avril.',
      actor,
      approver: true,
      now,
    });
    expect(written.ok && written.value).toMatchObject({ number: 2, publishedAt: at, review: 'approved' });
    const [row] = await db.select().from(series).where(eq(series.code, 'IPC_R'));
    expect(await pendingVersion(db, row!.id, now)).toMatchObject({ releaseId: release.id, publishedAt: at, reason: 'Parution d’avril.' });
    // The release waits for its own approval; its pieces are the table version and the series version.
    const readiness = (await readinessOf(db, [release.id])).get(release.id)!;
    expect(readiness.missing.map((m) => m.label)).toEqual(['la parution elle-même']);

    const after = new Date(at.getTime() + 60_000);
    await db.update(releases).set({ review: 'approved' }).where(eq(releases.id, release.id));
    const run = await publishDueItems(db, after);
    expect(run.tags).toEqual(expect.arrayContaining(['table:IPC_GROUPES_R', 'series:IPC_R']));
    expect((await valuesAt(db, [row!.id], { at: after })).get(row!.id)!.map((o) => o.value)).toEqual([112, 113, 114]);
    expect((await valuesAt(db, [row!.id], { at: new Date(at.getTime() - 60_000) })).get(row!.id)!.map((o) => o.value)).toEqual([
      110, 111, 112,
    ]);
  });
});
