/**
 * The demo's surveys: the DDI files kept in demo/microdata are what the generator writes (and
 * well-formed DDI 2.5); imported by the seed's own path they give a household survey of a few
 * hundred variables over five files (public-use, licensed, one open) and the census sample
 * (licensed), online, found by a variable's word.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toDdi25 } from '@/lib/microdata/ddi/export';
import { findPublicSurvey, searchVariables } from '@/lib/microdata/queries';
import { users } from '@/lib/db/schema';
import { createTestDatabase, type TestDatabase } from '@/testing/db';
import { demoDdiFolder, demoSurveys, seedDemoSurveys } from './microdata';

describe('the demo surveys', () => {
  it('keeps DDI files that are what the generator writes', () => {
    for (const s of demoSurveys) {
      const book = s.build();
      const expected = toDdi25(book, { id: book.study.idno, producedBy: 'Institut national de la statistique' });
      expect(fs.readFileSync(path.join(demoDdiFolder, s.file), 'utf8'), `${s.file}: run tsx demo/write-microdata-ddi.ts`).toBe(expected);
    }
  });

  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    await database?.close();
  });

  it('imports them with their files’ tiers, online and searchable', async () => {
    const db = database.db;
    const [admin] = await db
      .insert(users)
      .values({ email: 'demo@example.org', name: 'Démo', passwordHash: 'x', role: 'admin' })
      .returning();
    const now = new Date('2026-06-01T00:00:00Z');
    const count = await seedDemoSurveys(db, {
      now,
      actor: { user: { id: admin!.id, name: 'Démo', email: 'demo@example.org' } },
      openFileId: null,
    });
    expect(count).toBeGreaterThan(300);
    const household = await findPublicSurvey(db, 'ehcvm-2024', now);
    expect(household?.variableCount).toBeGreaterThan(250);
    expect(Object.fromEntries(household!.files.map((f) => [f.ddiId, f.access]))).toEqual({
      CONSOA: 'licensed',
      CONSONA: 'licensed',
      IND: 'public-use',
      MEN: 'public-use',
      PEDAG: 'open',
    });
    const census = await findPublicSurvey(db, 'rgph-3-echantillon', now);
    expect(census?.files.every((f) => f.access === 'licensed')).toBe(true);
    const hits = await searchVariables(db, { q: 'fréquentation scolaire', now, limit: 20, offset: 0 });
    expect(new Set(hits.map((h) => h.survey.slug))).toEqual(new Set(['ehcvm-2024', 'rgph-3-echantillon']));
  });
});
