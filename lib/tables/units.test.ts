import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/lib/db/raw';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import { guessUnit } from './units';

const labels: [string, string, number][] = [
  ['millions de francs CFA', 'XOF', 6],
  ['milliards de FCFA', 'XOF', 9],
  ['base 100 = 2020', 'IX', 0],
  ['Indice', 'IX', 0],
  ['%', 'PC', 0],
  ['pourcentage', 'PC', 0],
  ['points de pourcentage', 'PT', 0],
  ['habitants', 'PS', 0],
  ['milliers de personnes', 'PS', 3],
  ['ménages', 'HH', 0],
  ['tonnes', 'T', 0],
  ['millions d’euros', 'EUR', 6],
  ['km²', 'KM2', 0],
  ['', 'N', 0],
  ['naissances', 'N', 0],
];

describe('unit codes read from a label', () => {
  it.each(labels)('« %s » is %s × 10^%i', (label, code, mult) => {
    expect(guessUnit(label)).toEqual({ code, mult });
  });
});

// The migration gives stored structures the codes `guessUnit` gives new imports: the two rule sets agree.
describe.each(testDatabaseKinds)('the migration 0023 on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  }, 120_000);
  afterAll(async () => {
    await database.close();
  });

  it('codes each measure as guessUnit does, and keeps codes already there', async () => {
    const statements = fs
      .readFileSync('drizzle/migrations/0023_unit_codes.sql', 'utf8')
      .split('--> statement-breakpoint')
      .map((s) => s.trim());
    // One connection: the migration's helper is a temporary function.
    const coded = await database.db.transaction(async (tx) => {
      await tx.execute(sql.raw(statements[0]!));
      const out: unknown[] = [];
      for (const [label] of labels) {
        // Rows as either driver returns them (postgres-js: an array; PGlite: `{ rows }`).
        const [row] = await queryRows<{ m: unknown }>(
          tx,
          sql`select pg_temp.unit_codes(${JSON.stringify({ code: 'V', unit: { fr: label } })}::jsonb) as m`,
        );
        out.push(row!.m);
      }
      const [kept] = await queryRows<{ m: unknown }>(
        tx,
        sql`select pg_temp.unit_codes(${JSON.stringify({ code: 'V', unit: { fr: 'habitants' }, unitCode: 'HH', unitMult: 3 })}::jsonb) as m`,
      );
      out.push(kept!.m);
      return out;
    });
    expect(coded).toEqual([
      ...labels.map(([label, code, mult]) => ({ code: 'V', unit: { fr: label }, unitCode: code, unitMult: mult })),
      { code: 'V', unit: { fr: 'habitants' }, unitCode: 'HH', unitMult: 3 },
    ]);
  });
});
