import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, users } from '@/lib/db/schema';
import { setSelfApproval } from '@/lib/review/settings';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import { clearCellCache, statusByte } from './cells';
import { cellCountOf, strides, structureRefusal, type TableMeta, type TableStructure } from './model';
import {
  countCells,
  getTable,
  listPublicTables,
  listTablesForAdmin,
  pendingTableVersion,
  publishedTableRefs,
  resolveSelection,
  selectCells,
  tableVersionsAwaitingReview,
  tableVersionsOf,
} from './queries';
import {
  announceDueTableVersions,
  approveTableVersion,
  cancelTableVersion,
  createTable,
  returnTableVersion,
  updateTableMeta,
  writeTableVersion,
  type Actor,
  type TablePayload,
} from './versions';

const meta: TableMeta = {
  code: 'POP_TEST',
  area: 'demographie',
  title: 'Population par région, sexe et année',
  description: 'Population résidente au 1er janvier.',
  source: 'Recensement',
  method: '',
  notes: 'Chiffres arrondis.',
};

/** Région (2) × sexe (2) × année (3), one measure: 12 cells. */
const structure: TableStructure = {
  dimensions: [
    {
      code: 'REGION',
      label: { fr: 'Région', en: 'Region' },
      role: 'plain',
      values: [
        { code: 'R01', label: { fr: 'Région du Nord', en: 'Northern Region' } },
        { code: 'R02', label: { fr: 'Région du Sud' }, note: { fr: 'Limites de 2019.' } },
      ],
    },
    {
      code: 'SEXE',
      label: { fr: 'Sexe', en: 'Sex' },
      role: 'plain',
      values: [
        { code: 'F', label: { fr: 'Femmes', en: 'Women' } },
        { code: 'M', label: { fr: 'Hommes', en: 'Men' } },
      ],
    },
    {
      code: 'ANNEE',
      label: { fr: 'Année', en: 'Year' },
      role: 'time',
      values: ['2022', '2023', '2024'].map((y) => ({ code: y, label: { fr: y } })),
    },
  ],
  measures: [{ code: 'POP', label: { fr: 'Population', en: 'Population' }, unit: { fr: 'habitants', en: 'inhabitants' }, decimals: 0 }],
};

/** Cell value = 1000 × region + 100 × sex + year index (so a test can read where a value came from). */
function payload(shift = 0): TablePayload {
  const n = cellCountOf(structure);
  const values = new Float64Array(n);
  const statuses = new Uint8Array(n);
  for (let r = 0; r < 2; r++)
    for (let s = 0; s < 2; s++) for (let y = 0; y < 3; y++) values[r * 6 + s * 3 + y] = 1000 * (r + 1) + 100 * s + y + shift;
  values[11] = NaN; // R02, M, 2024: missing
  statuses[11] = statusByte('O');
  statuses[2] = statusByte('P'); // R01, F, 2024: provisional
  return { structure, values, statuses, notes: { '5': { fr: 'Estimation.', en: 'Estimate.' } } };
}

describe('the layout of a table', () => {
  it('counts cells and strides row-major, measures last', () => {
    expect(cellCountOf(structure)).toBe(12);
    expect(strides(structure)).toEqual([6, 3, 1, 1]);
  });

  it('refuses structures a file could send', () => {
    expect(structureRefusal(structure)).toBeNull();
    const noTime = { ...structure, dimensions: structure.dimensions.map((d) => ({ ...d, role: 'plain' as const })) };
    expect(structureRefusal(noTime)).toBe('Aucune dimension n’est le temps : une dimension (années, mois…) doit l’être.');
    const twice = { ...structure, dimensions: [structure.dimensions[0]!, structure.dimensions[0]!, structure.dimensions[2]!] };
    expect(structureRefusal(twice)).toBe('La dimension « REGION » apparaît deux fois.');
    const badYear = {
      ...structure,
      dimensions: [structure.dimensions[0]!, { ...structure.dimensions[2]!, values: [{ code: '22', label: { fr: '22' } }] }],
    };
    expect(structureRefusal(badYear)).toBe('Période invalide dans « ANNEE » : « 22 » (attendu 2026, 2026-Q3, 2026-S2 ou 2026-10).');
  });

  it('resolves a selection in the dimensions’ own order and refuses unknown codes in French and English', () => {
    const r = resolveSelection(structure, { ANNEE: ['2024', '2022', '2024'], REGION: ['R02'] });
    expect(r.ok && r.value).toEqual({ positions: [[1], [0, 1], [0, 2], [0]], size: [1, 2, 2, 1], count: 4 });
    expect(countCells(structure, {})).toBe(12);
    expect(countCells(structure, { SEXE: ['F'] })).toBe(6);
    expect(resolveSelection(structure, { AGE: ['A0'] })).toEqual({
      ok: false,
      error: {
        fr: 'Dimension inconnue : « AGE ». Dimensions du tableau : REGION, SEXE, ANNEE.',
        en: 'Unknown dimension: “AGE”. The table’s dimensions: REGION, SEXE, ANNEE.',
      },
    });
    expect(resolveSelection(structure, { SEXE: ['X'] })).toEqual({
      ok: false,
      error: { fr: 'Valeur inconnue pour « SEXE » : « X ».', en: 'Unknown value for “SEXE”: “X”.' },
    });
    expect(countCells(structure, {}, ['NOPE'])).toBeNull();
  });
});

const t0 = new Date('2026-10-12T08:45:00Z');
const minutes = (n: number) => new Date(t0.getTime() + n * 60_000);

describe.each(testDatabaseKinds)('tables on %s', (kind) => {
  let database: TestDatabase;
  let writer: Actor;
  let reviewer: Actor;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const made = await database.db
      .insert(users)
      .values([
        { name: 'Awa Koné', email: 'awa@example.org' },
        { name: 'Binta Sow', email: 'binta@example.org' },
      ])
      .returning({ id: users.id, name: users.name, email: users.email });
    writer = { user: made[0]!, ip: '127.0.0.1' };
    reviewer = { user: made[1]!, ip: '127.0.0.1' };
  });
  afterAll(async () => {
    await database.close();
  });

  it('creates a table, publishes a version, reads it in both languages and selects cells', async () => {
    const { db } = database;
    clearCellCache();
    expect((await createTable(db, { meta, english: { title: 'Population by region, sex and year' }, actor: writer })).ok).toBe(true);
    expect(await createTable(db, { meta, actor: writer })).toEqual({
      ok: false,
      error: 'Le code POP_TEST est déjà celui d’un autre tableau.',
      field: 'code',
    });
    // Nothing public before a version.
    expect(await getTable(db, 'POP_TEST')).toBeNull();
    expect((await listTablesForAdmin(db))[0]!.state).toBe('draft');

    await setSelfApproval(db, { allowed: true, user: null, actor: 'tests' });
    const first = await writeTableVersion(db, {
      code: 'POP_TEST',
      source: { payload: payload(), sourceFile: 'pop.px' },
      kind: 'revision',
      reason: 'Première publication.',
      actor: writer,
      approver: true,
      now: t0,
    });
    expect(first.ok && first.value).toEqual({ code: 'POP_TEST', number: 1, publishedAt: t0, cellCount: 12, review: 'approved' });
    expect(first.ok && first.tags).toContain('table:POP_TEST');

    const fr = await getTable(db, 'POP_TEST', { asOf: t0 });
    expect(fr).toMatchObject({
      code: 'POP_TEST',
      title: 'Population par région, sexe et année',
      notes: ['Chiffres arrondis.'],
      cellCount: 12,
      version: { number: 1, reason: 'Première publication.', kind: 'revision' },
    });
    expect(fr!.dimensions.map((d) => [d.code, d.role, d.values.length])).toEqual([
      ['REGION', 'plain', 2],
      ['SEXE', 'plain', 2],
      ['ANNEE', 'time', 3],
    ]);
    const en = await getTable(db, fr!.id, { lang: 'en', asOf: t0 });
    expect(en!.title).toBe('Population by region, sex and year');
    // A text without English is given in French.
    expect(en!.description).toBe('Population résidente au 1er janvier.');
    expect(en!.dimensions[0]!.values.map((v) => v.label)).toEqual(['Northern Region', 'Région du Sud']);
    expect(en!.dimensions[0]!.values[1]!.note).toBe('Limites de 2019.');
    expect(en!.measures).toEqual([{ code: 'POP', label: 'Population', unit: 'inhabitants', unitCode: 'PS', unitMult: 0, decimals: 0 }]);

    const all = await selectCells(db, fr!, {});
    expect(all.ok && all.value.values).toEqual([1000, 1001, 1002, 1100, 1101, 1102, 2000, 2001, 2002, 2100, 2101, null]);
    expect(all.ok && all.value.statuses).toEqual(['A', 'A', 'P', 'A', 'A', 'A', 'A', 'A', 'A', 'A', 'A', 'O']);
    expect(all.ok && all.value.notes).toEqual({ 5: { fr: 'Estimation.', en: 'Estimate.' } });

    // Both regions, men only, 2022 and 2024: the dimensions' order, whatever the order asked.
    const some = await selectCells(db, fr!, { ANNEE: ['2024', '2022'], SEXE: ['M'] });
    expect(some.ok && some.value).toMatchObject({ size: [2, 1, 2, 1], count: 4, values: [1100, 1102, 2100, null] });
    expect(some.ok && some.value.statuses).toEqual(['A', 'A', 'A', 'O']);
    // The notes follow the cells to their place in the selection (cell 5 = R01, M, 2024).
    expect(some.ok && some.value.notes).toEqual({ 1: { fr: 'Estimation.', en: 'Estimate.' } });
    expect(await selectCells(db, fr!, { SEXE: ['X'] })).toMatchObject({ ok: false });

    expect((await publishedTableRefs(db, t0)).map((r) => r.code)).toEqual(['POP_TEST']);
    expect((await listPublicTables(db, { lang: 'en', at: t0 })).map((t) => t.title)).toEqual(['Population by region, sex and year']);
  });

  it('keeps versions: a scheduled one is public at its time only, asOf reads the past, identical cells are refused', async () => {
    const { db } = database;
    const same = await writeTableVersion(db, {
      code: 'POP_TEST',
      source: { payload: payload() },
      kind: 'revision',
      reason: '',
      actor: writer,
      approver: true,
      now: minutes(1),
    });
    expect(same).toEqual({ ok: false, error: 'Rien ne change par rapport à la version précédente : rien à publier.' });
    const scheduled = await writeTableVersion(db, {
      code: 'POP_TEST',
      source: { payload: payload(5) },
      publishAt: minutes(60),
      kind: 'correction',
      reason: 'Correction des effectifs du Nord.',
      actor: writer,
      approver: true,
      now: minutes(2),
    });
    expect(scheduled.ok && scheduled.value.number).toBe(2);
    expect(scheduled.ok && scheduled.tags).toEqual([]);
    // The number is not reused: the refused one wrote nothing.
    expect((await tableVersionsOf(db, (await getTable(db, 'POP_TEST'))!.id, { scheduled: true })).map((v) => v.number)).toEqual([2, 1]);
    const again = await writeTableVersion(db, {
      code: 'POP_TEST',
      source: { payload: payload(9) },
      kind: 'revision',
      reason: '',
      actor: writer,
      approver: true,
      now: minutes(3),
    });
    expect(again.ok).toBe(false);
    expect(!again.ok && again.error).toMatch(/^Le tableau POP_TEST a déjà une version programmée \(version 2, le 12 octobre 2026/);

    expect((await getTable(db, 'POP_TEST', { asOf: minutes(59) }))!.version.number).toBe(1);
    const later = await getTable(db, 'POP_TEST', { asOf: minutes(61) });
    expect(later!.version).toMatchObject({ number: 2, kind: 'correction', reason: 'Correction des effectifs du Nord.' });
    const cells = await selectCells(db, later!, { REGION: ['R01'], SEXE: ['F'] });
    expect(cells.ok && cells.value.values).toEqual([1005, 1006, 1007]);
    expect((await getTable(db, 'POP_TEST', { scheduled: true }))!.version.number).toBe(2);

    expect(await announceDueTableVersions(db, minutes(30))).toEqual({ versions: [], tags: [] });
    const announced = await announceDueTableVersions(db, minutes(61));
    expect(announced.versions).toEqual([{ code: 'POP_TEST', number: 2 }]);
    expect(announced.tags).toContain('table:POP_TEST');
    expect((await announceDueTableVersions(db, minutes(62))).versions).toEqual([]);
  });

  it('reviews a writer’s version: public nowhere until a second person approves it', async () => {
    const { db } = database;
    await setSelfApproval(db, { allowed: false, user: null, actor: 'tests' });
    const now = minutes(120);
    const submitted = await writeTableVersion(db, {
      code: 'POP_TEST',
      source: { payload: payload(20) },
      kind: 'revision',
      reason: 'Estimations 2024.',
      actor: writer,
      approver: false,
      now,
    });
    expect(submitted.ok && submitted.value.review).toBe('submitted');
    expect((await getTable(db, 'POP_TEST', { asOf: minutes(200) }))!.version.number).toBe(2);
    const table = (await getTable(db, 'POP_TEST'))!;
    expect((await pendingTableVersion(db, table.id, now))?.number).toBe(3);
    expect((await listTablesForAdmin(db, { now }))[0]!.state).toBe('review');
    expect((await tableVersionsAwaitingReview(db)).map((v) => [v.code, v.number, v.createdByName])).toEqual([['POP_TEST', 3, 'Awa Koné']]);

    const own = await approveTableVersion(db, { code: 'POP_TEST', number: 3, actor: writer, now });
    expect(!own.ok && own.error).toMatch(
      /^Vous avez écrit la dernière version de le tableau POP_TEST|^Vous avez écrit la dernière version/,
    );
    expect(await returnTableVersion(db, { code: 'POP_TEST', number: 3, note: ' ', actor: reviewer, now })).toEqual({
      ok: false,
      error: 'Dites au rédacteur ce qu’il faut revoir.',
      field: 'note',
    });
    expect((await returnTableVersion(db, { code: 'POP_TEST', number: 3, note: 'Vérifier le Sud.', actor: reviewer, now })).ok).toBe(true);
    expect(await approveTableVersion(db, { code: 'POP_TEST', number: 3, actor: reviewer, now })).toEqual({
      ok: false,
      error: 'La version 3 du tableau POP_TEST a été renvoyée à son rédacteur : il l’annule et en prépare une nouvelle.',
    });
    expect((await cancelTableVersion(db, { code: 'POP_TEST', number: 3, actor: writer, now })).ok).toBe(true);

    const fourth = await writeTableVersion(db, {
      code: 'POP_TEST',
      source: { payload: payload(30) },
      kind: 'revision',
      reason: 'Estimations 2024, revues.',
      actor: writer,
      approver: false,
      now,
    });
    expect(fourth.ok && fourth.value.number).toBe(3);
    const approved = await approveTableVersion(db, { code: 'POP_TEST', number: 3, actor: reviewer, now: minutes(121) });
    expect(approved.ok && approved.value).toEqual({ publishedAt: minutes(121), public: true });
    expect(approved.ok && approved.tags).toContain('table:POP_TEST');
    const shown = (await getTable(db, 'POP_TEST', { asOf: minutes(122) }))!;
    expect(shown.version.number).toBe(3);
    const cells = await selectCells(db, shown, { REGION: ['R01'], SEXE: ['F'], ANNEE: ['2022'] });
    expect(cells.ok && cells.value.values).toEqual([1030]);
    // Read as of before the approval, the table is the one of then.
    expect((await getTable(db, 'POP_TEST', { asOf: minutes(120) }))!.version.number).toBe(2);

    const audit = await db.select({ action: auditEntries.action }).from(auditEntries);
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'table.create',
        'table.publish',
        'table.schedule',
        'table.submit',
        'table.return',
        'table.unschedule',
        'table.approve',
      ]),
    );
  });

  it('changes the description under an optimistic lock', async () => {
    const { db } = database;
    const row = (await getTable(db, 'POP_TEST'))!.row;
    const stale = await updateTableMeta(db, { code: 'POP_TEST', expectedVersion: row.version + 1, meta, actor: writer });
    expect(stale.ok).toBe(false);
    const done = await updateTableMeta(db, {
      code: 'POP_TEST',
      expectedVersion: row.version,
      meta: { ...meta, notes: 'Chiffres arrondis à l’unité.' },
      english: { notes: 'Rounded.' },
      actor: writer,
    });
    expect(done.ok).toBe(true);
    const en = (await getTable(db, 'POP_TEST', { lang: 'en' }))!;
    expect(en.notes).toEqual(['Rounded.']);
    expect(en.title).toBe('Population by region, sex and year');
  });
});
