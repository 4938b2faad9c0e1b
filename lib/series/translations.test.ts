/**
 * The English description of a series (issue 15): written with the French one in the same
 * versioned write, audited as `en.*`, blank fields left out, refused with a French message when too
 * long, and kept as it is by a save that does not send it.
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fromFlatForm } from '@/lib/content/schemas/translations';
import { auditEntries, series, users } from '@/lib/db/schema';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import type { SeriesMeta } from './model';
import { createSeries, seriesEnglishSchema, updateSeriesMeta, type Actor } from './versions';

const meta: SeriesMeta = {
  code: 'TEST_EN',
  label: 'Indice de test',
  unit: 'indice',
  basePeriod: 'base 100 = 2020',
  frequency: 'monthly',
  decimals: 1,
  seasonalAdjustment: 'none',
  source: 'Institut',
  methodology: '',
  area: 'ipc',
  headline: false,
  imfIndicator: null,
};

describe('the English description form of a series', () => {
  it('reads flat en.* fields and refuses a too-long English title with a French message under it', () => {
    const schema = fromFlatForm(z.object({ en: seriesEnglishSchema }));
    expect(schema.parse({ 'en.label': ' Test index ', 'en.unit': 'index', 'en.source': '' })).toEqual({
      en: { label: 'Test index', unit: 'index', source: '' },
    });
    const bad = schema.safeParse({ 'en.label': 'L'.repeat(201), 'en.methodology': 'M'.repeat(5001) });
    expect(bad.success ? null : bad.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['en.label', 'Le titre en anglais ne doit pas dépasser 200 caractères.'],
      // The thousands separator is French's narrow no-break space.
      ['en.methodology', expect.stringMatching(/^La méthode en anglais ne doit pas dépasser 5\s000 caractères\.$/)],
    ]);
  });
});

describe.each(testDatabaseKinds)('English description of series on %s', (kind) => {
  let database: TestDatabase;
  let actor: Actor;
  const row = async () => (await database.db.select().from(series).where(eq(series.code, 'TEST_EN')))[0]!;
  const audits = () =>
    database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityType, 'series'), eq(auditEntries.entityId, 'TEST_EN')))
      .orderBy(asc(auditEntries.id));

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const [user] = await database.db
      .insert(users)
      .values({ name: 'Awa Koné', email: 'awa@example.org' })
      .returning({ id: users.id, name: users.name, email: users.email });
    actor = { user: user!, ip: '127.0.0.1' };
  });
  afterAll(async () => {
    await database.close();
  });

  it('creates/updates the English description with the French, audits it, keeps it if absent, clears it, refuses stale saves', async () => {
    const { db } = database;
    const created = await createSeries(db, { meta, english: { label: 'Test index', unit: '' }, actor });
    expect(created).toMatchObject({ ok: true, value: { version: 1, translations: { en: { label: 'Test index' } } } });
    expect((await audits()).at(-1)!.after).toMatchObject({ label: 'Indice de test', 'en.label': 'Test index' });

    const updated = await updateSeriesMeta(db, {
      code: 'TEST_EN',
      expectedVersion: 1,
      meta,
      english: { label: 'Test index', unit: 'index', methodology: 'Laspeyres.' },
      actor,
    });
    expect(updated).toMatchObject({
      ok: true,
      value: { version: 2, translations: { en: { label: 'Test index', unit: 'index', methodology: 'Laspeyres.' } } },
    });
    const entry = (await audits()).at(-1)!;
    expect(entry.before).toMatchObject({ 'en.label': 'Test index', 'en.unit': null });
    expect(entry.after).toMatchObject({ 'en.label': 'Test index', 'en.unit': 'index', 'en.methodology': 'Laspeyres.' });

    // A save that does not carry the English description (older callers) leaves it as it is.
    const french = await updateSeriesMeta(db, {
      code: 'TEST_EN',
      expectedVersion: 2,
      meta: { ...meta, label: 'Indice de test révisé' },
      actor,
    });
    expect(french).toMatchObject({
      ok: true,
      value: { version: 3, label: 'Indice de test révisé', translations: { en: { unit: 'index' } } },
    });

    const stale = await updateSeriesMeta(db, { code: 'TEST_EN', expectedVersion: 2, meta, english: { label: 'Other' }, actor });
    expect(stale).toEqual({
      ok: false,
      error:
        'Quelqu’un a modifié cette série pendant que vous la modifiiez : rechargez la page, vos changements n’ont pas été enregistrés.',
    });
    expect((await row()).translations.en?.label).toBe('Test index');

    // Only the English fields sent change (issue 30): an empty one clears, one not sent stays.
    const unitOnly = await updateSeriesMeta(db, { code: 'TEST_EN', expectedVersion: 3, meta, english: { unit: 'points' }, actor });
    expect(unitOnly).toMatchObject({
      ok: true,
      value: { version: 4, translations: { en: { label: 'Test index', unit: 'points', methodology: 'Laspeyres.' } } },
    });

    const cleared = await updateSeriesMeta(db, {
      code: 'TEST_EN',
      expectedVersion: 4,
      meta,
      english: { label: '', unit: '', source: '', methodology: '' },
      actor,
    });
    expect(cleared).toMatchObject({ ok: true, value: { version: 5, translations: {} } });
    expect((await audits()).at(-1)!.after).toMatchObject({ 'en.label': null, 'en.unit': null, 'en.methodology': null });
  });
});
