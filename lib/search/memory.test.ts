/**
 * The in-memory index answers as the SQL does: the same hits in the same order, the same counts,
 * over a corpus of a few hundred documents and queries with prefixes, alternatives and filters;
 * and it follows writes (edits, unpublishing, the trash) once caught up.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publications } from '@/lib/db/schema';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import { enableSearchIndex, indexAnswers, readTsquery, readTsvector, searchIndexSize } from './memory';
import { search, warmSearchIndex, type SearchResult } from './query';

describe('readTsvector and readTsquery', () => {
  it('reads lexemes with the parts they occur in', () => {
    expect(readTsvector("'prix':1A,9 'riz':2A 'l''eau':3B 'menag':4C 'coton':7")).toEqual([
      ['prix', 1 | 4 | 8],
      ['riz', 1 | 4 | 8],
      ["l'eau", 2 | 4 | 8],
      ['menag', 4 | 8],
      ['coton', 8],
    ]);
  });

  it('reads and, or, prefixes and parentheses; refuses phrases, negations and weights', () => {
    expect(readTsquery("'prix' & ( 'riz' | 'riz':* )")).toEqual({
      op: '&',
      left: { lexeme: 'prix', prefix: false },
      right: { op: '|', left: { lexeme: 'riz', prefix: false }, right: { lexeme: 'riz', prefix: true } },
    });
    // & binds tighter than |.
    expect(readTsquery("'a' | 'b' & 'c'")).toEqual({
      op: '|',
      left: { lexeme: 'a', prefix: false },
      right: { op: '&', left: { lexeme: 'b', prefix: false }, right: { lexeme: 'c', prefix: false } },
    });
    expect(readTsquery('')).toBe('empty');
    expect(readTsquery("'indic' <-> 'prix'")).toBeNull();
    expect(readTsquery("!'prix'")).toBeNull();
    expect(readTsquery("'prix':A")).toBeNull();
    expect(readTsquery("'prix' &")).toBeNull();
  });
});

const words = [
  'prix',
  'riz',
  'coton',
  'ménages',
  'emploi',
  'jeunes',
  'exportations',
  'bétail',
  'consommation',
  'santé',
  'commerce',
  'récoltes',
  'inflation',
  'pêche',
  'élevage',
  'marchés',
  'région',
  'hausse',
];
const areas = ['ipc', 'ice', 'rgph', 'annuaire_statistique', 'echantillonage'];

/** A deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed;
  return () => (s = (s * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
}

const shape = (r: SearchResult) => ({
  total: r.total,
  pages: r.pages,
  partial: r.partial,
  correctedText: r.correctedText,
  hits: r.hits.map((h) => [h.sourceId, h.inDocument, h.title, h.excerpt]),
  facets: r.facets,
  suggestions: r.suggestions,
});

describe.each(testDatabaseKinds)('the index in memory (%s)', (kind) => {
  let database: TestDatabase;
  const db = () => database.db;
  const NOW = new Date('2026-11-20T10:00:00Z');

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const r = random(7);
    const pick = () => words[Math.floor(r() * words.length)]!;
    const phrase = (n: number) => Array.from({ length: n }, pick).join(' ');
    await db()
      .insert(publications)
      .values(
        Array.from({ length: 300 }, (_, i) => {
          const status = r() < 0.8 ? 'published' : r() < 0.5 ? 'draft' : 'scheduled';
          // Some dates shared, some items of the future, a few trashed.
          const at = new Date(Date.UTC(2020 + Math.floor(r() * 8), Math.floor(r() * 12), 1 + Math.floor(r() * 3)));
          return {
            area: areas[Math.floor(r() * areas.length)]!,
            slug: `m-${i}`,
            title: `Note ${i} : ${phrase(3)}`,
            summary: r() < 0.7 ? `Sur ${phrase(4)}.` : '',
            body: r() < 0.7 ? `<p>${phrase(10)}</p>` : '',
            status: status as 'published' | 'draft' | 'scheduled',
            publishedAt: status === 'draft' ? null : at,
            deletedAt: r() < 0.05 ? at : null,
          };
        }),
      );
  });
  afterAll(() => database?.close());

  const both = async (q: string, extra: Partial<Parameters<typeof search>[1]> = {}) => {
    enableSearchIndex(db(), false);
    const inSql = await search(db(), { q, scope: 'public', now: NOW, ...extra });
    enableSearchIndex(db(), true);
    await warmSearchIndex(db());
    const before = indexAnswers(db());
    const inMemory = await search(db(), { q, scope: 'public', now: NOW, ...extra });
    expect(indexAnswers(db()), q).toBeGreaterThan(before);
    return { inSql, inMemory };
  };

  it('gives the same hits, order, counts and excerpts as the SQL', async () => {
    const queries = [
      'prix riz',
      'coton',
      'ménages emploi ',
      'consomm',
      'exportation bétail',
      'santé hausse récoltes',
      'march',
      'pêche élevage ',
      'inexistant',
      'riz coton prix emploi ',
    ];
    let compared = 0;
    for (const q of queries) {
      for (const extra of [{}, { page: 2 }, { area: 'ipc' }, { year: 2024 }, { kind: 'publications' as const, year: 2021 }]) {
        const { inSql, inMemory } = await both(q, extra);
        expect(shape(inMemory), `${q} ${JSON.stringify(extra)}`).toEqual(shape(inSql));
        compared += inSql.total;
      }
    }
    // The comparison was about something.
    expect(compared).toBeGreaterThan(500);
  });

  it('follows edits, unpublishing and the trash once caught up', async () => {
    await warmSearchIndex(db());
    const [first] = await db().select().from(publications).where(eq(publications.slug, 'm-1'));
    await db()
      .update(publications)
      .set({
        title: 'Note sur la pluviométrie exceptionnelle',
        status: 'published',
        publishedAt: new Date('2026-01-01'),
        deletedAt: null,
        area: 'ipc',
      })
      .where(eq(publications.id, first!.id));
    const found = await both('pluviométrie exceptionnelle');
    expect(found.inMemory.hits.map((h) => h.sourceId)).toEqual([String(first!.id)]);
    expect((await both(first!.title)).inMemory.hits.map((h) => h.sourceId)).not.toContain(String(first!.id));

    const coton = await both('coton');
    const ids = coton.inMemory.hits.slice(0, 3).map((h) => Number(h.sourceId));
    await db().update(publications).set({ status: 'draft' }).where(eq(publications.id, ids[0]!));
    await db().update(publications).set({ deletedAt: NOW }).where(eq(publications.id, ids[1]!));
    await db().delete(publications).where(eq(publications.id, ids[2]!));
    const after = await both('coton');
    expect(after.inMemory.total).toBe(coton.inMemory.total - 3);
    expect(shape(after.inMemory)).toEqual(shape(after.inSql));
    await db()
      .update(publications)
      .set({ status: 'published', deletedAt: null })
      .where(inArray(publications.id, ids.slice(0, 2)));
    expect((await both('coton')).inMemory.total).toBe(coton.inMemory.total - 1);
    expect(searchIndexSize(db())?.documents).toBeGreaterThan(150);
  });

  it('is not used behind a write another instance committed: that search goes to SQL', async () => {
    await warmSearchIndex(db());
    // As another instance would: the generation moves with the row, in its transaction.
    const published = sql`status = 'published', published_at = '2026-01-01', deleted_at = null, area = 'ipc'`;
    await db().execute(sql`update publications set title = 'Note sur la transhumance', ${published} where slug = 'm-2'`);
    const before = indexAnswers(db());
    expect((await search(db(), { q: 'transhumance', scope: 'public', now: NOW })).total).toBe(1);
    expect(indexAnswers(db())).toBe(before);
  });
});
