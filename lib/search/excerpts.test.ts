/**
 * The excerpts a search answered from the index writes once per document and query as it reads
 * there (`queryInDocument`, `runInMemory`'s kept rows) are the ones the whole query gives in SQL:
 * the same titles, excerpts, marks, order and counts, in French and in English, for distinct queries
 * that read the same in a document (« prix 123 », « prix 456 »), the second time from the kept rows,
 * with apostrophes (’ and ') in titles and texts, attached files' text, and texts long enough to be
 * cut where a word is (the cut word is not in the document's vector: those hits use the whole query).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fileTexts, files, publicationFiles, publications } from '@/lib/db/schema';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import { enableSearchIndex, indexAnswers, readTsquery, tsqueryText } from './memory';
import { search, warmSearchIndex, type SearchResult } from './query';

const NOW = new Date('2026-11-20T10:00:00Z');

describe('tsqueryText', () => {
  it('writes a tree back as Postgres reads it', () => {
    for (const text of ["'prix' & ( 'riz' | 'riz':* )", "( 'l''eau' | 'a\\\\b' ) & 'c':*", "'a' | 'b' & 'c'"]) {
      const tree = readTsquery(text);
      if (tree === null || tree === 'empty') throw new Error(text);
      expect(readTsquery(tsqueryText(tree))).toEqual(tree);
    }
  });
});

const shape = (r: SearchResult) => ({
  total: r.total,
  pages: r.pages,
  partial: r.partial,
  correctedText: r.correctedText,
  hits: r.hits.map((h) => [h.source, h.sourceId, h.inDocument, h.lang, h.title, h.excerpt]),
  facets: r.facets,
  suggestions: r.suggestions,
});

describe.each(testDatabaseKinds)('excerpts written once per document and query (%s)', (kind) => {
  let database: TestDatabase;
  const db = () => database.db;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const words = ['prix', 'riz', 'coton', 'ménages', 'emploi', 'consommation', 'l’indice', "aujourd'hui", 'aujourd’hui', 'récoltes'];
    const english = ['prices', 'rice', 'cotton', 'households', 'employment', 'consumption', 'the index’s', "today's", 'harvests'];
    let s = 11;
    const r = () => (s = (s * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    const pick = (list: string[], n: number) => Array.from({ length: n }, () => list[Math.floor(r() * list.length)]!).join(' ');
    // Filler up to the 20,000 characters an excerpt reads, then a word cut there after 5 letters (« zygom », « riziè »).
    const long = (tail: string) => `${'lorem ipsum '.repeat(1_665)}riz coton lore ${tail}`;
    const rows = await db()
      .insert(publications)
      .values([
        ...Array.from({ length: 120 }, (_, i) => ({
          area: i % 3 === 0 ? 'ipc' : 'annuaire_statistique',
          slug: `x-${i}`,
          title: `${i % 4 === 0 ? 'L’' : ''}Note ${i} : ${pick(words, 3)}`,
          summary: r() < 0.6 ? `Sur ${pick(words, 4)}.` : '',
          body: r() < 0.7 ? `<p>${pick(words, 12)}</p>` : '',
          status: 'published' as const,
          publishedAt: new Date(Date.UTC(2020 + (i % 6), i % 12, 1)),
          translations:
            i % 2 === 0
              ? { en: { title: `Note ${i}: ${pick(english, 3)}`, ...(r() < 0.5 ? { summary: `On ${pick(english, 5)}.` } : {}) } }
              : undefined,
        })),
        ...['zygomatiquement', 'rizières', 'cotonnades'].map((tail, i) => ({
          area: 'ipc',
          slug: `long-${i}`,
          title: `Long ${i}`,
          body: long(tail),
          status: 'published' as const,
          publishedAt: new Date('2026-02-01'),
        })),
      ])
      .returning({ id: publications.id });
    // Attached files' text: hits found only there show it.
    for (const [n, text] of [
      [5, 'Annexe : le prix du coton aujourd’hui, l’indice des récoltes.'],
      [7, `${'tableau '.repeat(6_300)}riz zygomatiquement`],
    ] as const) {
      const [file] = await db()
        .insert(files)
        .values({
          storageKey: `k/${randomUUID()}.pdf`,
          name: 'annexe.pdf',
          originalName: 'annexe.pdf',
          mime: 'application/pdf',
          ext: 'pdf',
          size: 10,
          sha256: randomUUID(),
          visibility: 'public',
        })
        .returning();
      await db().insert(publicationFiles).values({ publicationId: rows[n]!.id, fileId: file!.id });
      await db().update(fileTexts).set({ status: 'done', text }).where(eq(fileTexts.fileId, file!.id));
    }
  });
  afterAll(() => database?.close());

  /** The query all in SQL (the whole query's excerpts), then twice from the index: the second from the kept rows. */
  const compare = async (q: string, locale: 'fr' | 'en', extra: { page?: number; perPage?: number; area?: string; year?: number } = {}) => {
    enableSearchIndex(db(), false);
    const inSql = await search(db(), { q, scope: 'public', now: NOW, locale, ...extra });
    enableSearchIndex(db(), true);
    await warmSearchIndex(db());
    const before = indexAnswers(db());
    const first = await search(db(), { q, scope: 'public', now: NOW, locale, ...extra });
    const again = await search(db(), { q, scope: 'public', now: NOW, locale, ...extra });
    expect(indexAnswers(db()), q).toBeGreaterThan(before);
    const label = `${locale} ${q} ${JSON.stringify(extra)}`;
    expect(shape(first), label).toEqual(shape(inSql));
    expect(shape(again), label).toEqual(shape(inSql));
    return inSql;
  };

  it('gives the excerpts of the whole query, in both languages, written or kept', async () => {
    const queries = [
      // As the bench: a word and a number nobody wrote (nothing holds both: those holding some).
      'prix 123456789',
      'prix 987654',
      'coton 2024',
      'riz 55',
      'consommation 31',
      // Completed prefixes, alternatives that only some documents hold.
      'prix cons',
      'ménages co',
      'aujourd',
      'hui',
      'indice',
      'l’indice riz',
      "aujourd'hui coton",
      // Words cut at 20,000 or 50,000 characters (« zygom », « riziè », « coton »).
      'riz zygom 123',
      'coton riziè 77',
      'lorem cotona 5',
      'zygomatiquement',
      'cotonnade riz',
      'tableau riz',
      // English words on English pages (and French ones there).
      'prices 42',
      'rice cotton',
      'households 2023',
      'today',
      'index harvests 9',
      'consum',
    ];
    let hits = 0;
    for (const locale of ['fr', 'en'] as const)
      for (const q of queries)
        for (const extra of [{ perPage: 30 }, { page: 2 }, { area: 'ipc', year: 2026 }])
          hits += (await compare(q, locale, extra)).hits.length;
    // The comparison was about something.
    expect(hits).toBeGreaterThan(1_000);
    // About 15 s on a quiet 2-core machine: room for a loaded one.
  }, 180_000);

  it("marks a word cut at 20,000 characters, which the document's vector does not hold, as the whole query does", async () => {
    const found = await compare('coton zygom 123', 'fr', { year: 2026 });
    const marked = found.hits.flatMap((h) => h.excerpt.filter((s) => s.hit).map((s) => s.text.toLowerCase()));
    expect(marked).toContain('zygom');
  });

  it('answers a distinct query that reads the same in its hits with two statements: the generation, the completions and stems', async () => {
    enableSearchIndex(db(), true);
    await warmSearchIndex(db());
    for (const locale of ['fr', 'en'] as const) {
      await search(db(), { q: 'prix 1111', scope: 'public', now: NOW, locale });
      const statements = vi.spyOn(db(), 'execute');
      const result = await search(db(), { q: 'prix 2222', scope: 'public', now: NOW, locale });
      expect(statements).toHaveBeenCalledTimes(2);
      statements.mockRestore();
      expect(result.partial).toBe(true);
      expect(result.hits.length).toBeGreaterThan(0);
    }
  });
});
