import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@/lib/db/schema';
import { setSelfApproval } from '@/lib/review/settings';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import { cancelTableImport, publishTableImport, stageTableImport, tableImportView } from './imports';
import { getTable, selectCells, tableVersionsOf } from './queries';
import { dataTableImports } from './schema';
import { createTable, type Actor } from './versions';

const px = new Uint8Array(fs.readFileSync(path.join(__dirname, 'import/fixtures/population.px')));
const utf8 = (text: string) => new TextEncoder().encode(text);

describe.each(testDatabaseKinds)('table imports on %s', (kind) => {
  let database: TestDatabase;
  let actor: Actor;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await setSelfApproval(database.db, { allowed: true, user: null, actor: 'tests' });
    const [user] = await database.db
      .insert(users)
      .values({ name: 'Awa Koné', email: 'awa@example.org' })
      .returning({ id: users.id, name: users.name, email: users.email });
    actor = { user: user!, ip: '127.0.0.1' };
    await createTable(database.db, {
      meta: { code: 'POP', area: 'demographie', title: 'Population', description: '', source: '', method: '', notes: '' },
      actor,
    });
  });
  afterAll(async () => {
    await database.close();
  });

  it('stages a PX file with its report, publishes it as version 1, then previews a CSV revision against it', async () => {
    const { db } = database;
    const staged = await stageTableImport(db, { code: 'POP', filename: 'population.px', bytes: px, actor });
    expect(staged.ok).toBe(true);
    const id = staged.ok ? staged.value.id : '';
    const view = (await tableImportView(db, id))!;
    expect(view.report).toMatchObject({ format: 'px', cellCount: 18, missing: 3, diff: null, errors: [] });
    expect(view.report.samples).toHaveLength(18);
    // Nothing public before publishing.
    expect(await getTable(db, 'POP')).toBeNull();
    const published = await publishTableImport(db, { id, kind: 'revision', reason: 'Recensement.', actor, approver: true });
    expect(published.ok && published.value).toMatchObject({ number: 1, cellCount: 18, review: 'approved' });
    expect(await tableImportView(db, id)).toBeNull();
    const table = (await getTable(db, 'POP', { lang: 'en' }))!;
    expect(table.dimensions[0]!.values[2]!.label).toBe('Eastern Region');
    const north = await selectCells(db, table, { REGION: ['R01'], SEXE: ['F'] });
    expect(north.ok && north.value.values).toEqual([512300, 518900, null]);

    // A file is the whole table: here every cell of 2022 and 2023 again (one revised), 2025 new, 2024 dropped.
    const old = await selectCells(db, table, { ANNEE: ['2022', '2023'] });
    const lines = ['REGION;SEXE;ANNEE;valeur;statut'];
    let n = 0;
    for (const r of ['R01', 'R02', 'R03'])
      for (const s of ['F', 'M'])
        for (const y of ['2022', '2023']) {
          const v = old.ok ? old.value.values[n] : null;
          const missing = old.ok && old.value.statuses[n++] === 'M' ? '-' : '..';
          lines.push(`${r};${s};${y};${r === 'R01' && s === 'F' && y === '2023' ? '519 000' : (v ?? missing)};`);
        }
    lines.push('R01;F;2025;530 000;P');
    const second = await stageTableImport(db, { code: 'POP', filename: 'revision.csv', bytes: utf8(lines.join('\n')), actor });
    const report = (await tableImportView(db, second.ok ? second.value.id : ''))!.report;
    expect(report.errors).toEqual([]);
    expect(report.dimensions.find((d) => d.code === 'ANNEE')).toMatchObject({ added: ['2025'], removed: ['2024'] });
    // 3 regions × 2 sexes × 3 years: 6 cells of 2025 new (5 of them absent, so missing), R01 F 2023 revised, the rest unchanged.
    expect(report.diff).toEqual({ previous: 1, new: 6, revised: 1, unchanged: 11, removed: 6 });
    expect(report.samples[0]).toEqual({
      key: ['R01', 'F', '2023'],
      before: { value: 518900, status: 'A' },
      after: { value: 519000, status: 'A' },
    });
    expect(report.warnings).toEqual(['5 cellule(s) absente(s) du fichier : sans valeur (statut O).']);
    // Labels and the table's order come from version 1.
    expect(report.dimensions[0]!.label).toEqual({ fr: 'région', en: 'region' });
    await cancelTableImport(db, second.ok ? second.value.id : '');
    expect(await db.select().from(dataTableImports)).toEqual([]);
  });

  it('keeps a wrong file’s report but never publishes it: nothing changes', async () => {
    const { db } = database;
    const staged = await stageTableImport(db, {
      code: 'POP',
      filename: 'faux.csv',
      bytes: utf8('REGION;ANNEE;valeur\nR01;2024;abc\n'),
      actor,
    });
    const id = staged.ok ? staged.value.id : '';
    expect((await tableImportView(db, id))!.report.errors).toEqual([
      { line: 2, message: 'Ligne 2 : « abc » n’est pas un nombre (exemples : 1 234,5 ou .. pour une valeur manquante).' },
    ]);
    expect(await publishTableImport(db, { id, kind: 'revision', reason: '', actor, approver: true })).toEqual({
      ok: false,
      error: 'Le fichier contient des erreurs : corrigez-le et envoyez-le à nouveau. Rien n’a été enregistré.',
    });
    const table = (await getTable(db, 'POP'))!;
    expect((await tableVersionsOf(db, table.id, { scheduled: true })).map((v) => v.number)).toEqual([1]);
    expect(await stageTableImport(db, { code: 'NOPE', filename: 'x.csv', bytes: utf8('a'), actor })).toEqual({
      ok: false,
      error: 'Le tableau NOPE n’existe pas ou plus.',
    });
  });

  it('takes the unit’s code and multiplier from the form, else reads them from the unit’s label', async () => {
    const { db } = database;
    const bytes = utf8('REGION;ANNEE;valeur\nR01;2024;1,5\nR02;2024;2\n');
    const coded = await stageTableImport(db, {
      code: 'POP',
      filename: 'valeurs.csv',
      bytes,
      actor,
      measure: { unit: { fr: 'valeur ajoutée' }, unitCode: 'XOF', unitMult: 6 },
    });
    const view = (await tableImportView(db, coded.ok ? coded.value.id : ''))!;
    expect(view.report.measure).toMatchObject({ unit: { fr: 'valeur ajoutée' }, unitCode: 'XOF', unitMult: 6 });
    await cancelTableImport(db, coded.ok ? coded.value.id : '');
    const read = await stageTableImport(db, {
      code: 'POP',
      filename: 'valeurs.csv',
      bytes,
      actor,
      measure: { unit: { fr: 'milliers de ménages' } },
    });
    expect((await tableImportView(db, read.ok ? read.value.id : ''))!.report.measure).toMatchObject({ unitCode: 'HH', unitMult: 3 });
    await cancelTableImport(db, read.ok ? read.value.id : '');
  });
});
