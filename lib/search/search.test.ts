/**
 * French search on real databases (PGlite, and Postgres when configured): the index follows every
 * write by trigger; accents, stems, stop words, prefixes, typing mistakes, acronyms, phrases,
 * ranking, filters with counts, excerpts; and what visitors must never see — drafts, the trash,
 * scheduled items before their time, the sampling area, restricted files — in results, counts,
 * excerpts or suggestions.
 */
import { randomUUID } from 'node:crypto';
import { eq, getTableName, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allKinds } from '@/lib/content/kinds';
import { queryRows } from '@/lib/db/raw';
import { fileTexts, files, news, pages, publicationFiles, publications, series, seriesVersions } from '@/lib/db/schema';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import { cachedSearch, clearSearchCache } from './cache';
import { parseQuery } from './parse';
import { enableSearchIndex, indexAnswers } from './memory';
import { isSearchSource, search, suggest, warmSearchIndex, type SearchResult } from './query';

const NOW = new Date('2026-11-20T10:00:00Z');
const day = (d: string) => new Date(`${d}T08:00:00Z`);
const titles = (r: SearchResult) => r.hits.map((h) => h.title.map((s) => s.text).join(''));

describe('parseQuery', () => {
  it('reads phrases, words and the prefix being typed', () => {
    expect(parseQuery('"prix à la consommation" riz')).toMatchObject({
      phrases: ['prix à la consommation'],
      words: ['riz'],
      prefixLast: true,
    });
    expect(parseQuery('recensement 2023 ')).toMatchObject({ phrases: [], words: ['recensement', '2023'], prefixLast: false });
    expect(parseQuery('« riz local »')).toMatchObject({ phrases: ['riz local'], words: [], prefixLast: false });
    expect(parseQuery("l'<script>alert(1)</script>").words).toEqual(['l', 'script', 'alert', '1', 'script']);
  });
});

// Every case twice: visitors' searches answered from the index in memory (./memory.ts), and all in SQL.
const modes = testDatabaseKinds.flatMap((kind) => [
  { kind, memory: true },
  { kind, memory: false },
]);

describe.each(modes)('search ($kind, index en mémoire : $memory)', ({ kind, memory }) => {
  let database: TestDatabase;
  const db = () => database.db;
  const pub = async (values: Partial<typeof publications.$inferInsert> & { title: string }) => {
    const [row] = await db()
      .insert(publications)
      .values({ area: 'ipc', slug: randomUUID().slice(0, 8), status: 'published', publishedAt: day('2026-01-10'), ...values })
      .returning();
    return row!;
  };
  const attach = async (publicationId: number, text: string, visibility: 'public' | 'restricted' = 'public') => {
    const [file] = await db()
      .insert(files)
      .values({
        storageKey: `k/${randomUUID()}.pdf`,
        name: 'doc.pdf',
        originalName: 'doc.pdf',
        mime: 'application/pdf',
        ext: 'pdf',
        size: 10,
        sha256: 'x',
        visibility,
      })
      .returning();
    await db().insert(publicationFiles).values({ publicationId, fileId: file!.id });
    // What the extraction worker records (lib/search/extraction.ts).
    await db().update(fileTexts).set({ status: 'done', text }).where(eq(fileTexts.fileId, file!.id));
    return file!;
  };
  const find = async (q: string, extra: Partial<Parameters<typeof search>[1]> = {}) => {
    if (!memory) return search(db(), { q, scope: 'public', now: NOW, ...extra });
    // The index caught up with the last write, then used (a query with a phrase goes to SQL).
    await warmSearchIndex(db());
    const before = indexAnswers(db());
    const result = await search(db(), { q, scope: 'public', now: NOW, ...extra });
    if (!/["«“]/.test(q) && !/\b(ipc|rgph)\b/i.test(q)) expect(indexAnswers(db()), q).toBeGreaterThan(before);
    return result;
  };

  beforeAll(async () => {
    clearSearchCache();
    database = await createTestDatabase(kind);
    enableSearchIndex(database.db, memory);
    await pub({
      title: 'Indice des prix à la consommation, octobre 2026',
      summary: 'Les prix à la consommation augmentent de 0,4 %.',
      publishedAt: day('2026-11-05'),
    });
    await pub({
      title: 'Indice des prix à la consommation, septembre 2026',
      summary: 'Hausse des prix des céréales.',
      publishedAt: day('2026-10-05'),
    });
    await pub({
      area: 'ice',
      title: 'Commerce extérieur : les exportations de coton',
      summary: 'Bilan annuel.',
      body: '<p>Le coton reste la première exportation.</p>',
    });
    await pub({
      area: 'rgph',
      title: 'Résultats définitifs du recensement général de la population et de l’habitat',
      summary: 'Ménages et logements, 2023.',
      publishedAt: day('2025-06-01'),
    });
    const annuaire = await pub({
      area: 'annuaire_statistique',
      title: 'Annuaire statistique 2025',
      summary: 'Toutes les statistiques de l’année.',
      publishedAt: day('2026-03-01'),
    });
    await attach(annuaire.id, 'Chapitre 7. Le prix du riz importé a baissé de 3 % sur les marchés de la capitale.');
    await attach(annuaire.id, 'Liste confidentielle des zones de dénombrement tirées au sort : Kalaban Coura.', 'restricted');
    await pub({ area: 'annuaire_statistique', title: 'Brouillon sur la pêche artisanale', status: 'draft', publishedAt: null });
    await pub({ area: 'annuaire_statistique', title: 'Rapport sur la pêche fluviale', status: 'published', deletedAt: day('2026-11-01') });
    await pub({
      area: 'annuaire_statistique',
      title: 'Note programmée sur la pêche lagunaire',
      status: 'scheduled',
      publishedAt: day('2026-12-01'),
    });
    await pub({ area: 'echantillonage', title: 'Plan de sondage de l’enquête pêche', summary: 'Réservé aux agents.' });
    await db()
      .insert(news)
      .values({
        slug: 'atelier',
        title: 'Atelier sur la consommation des ménages',
        excerpt: 'Un atelier',
        status: 'published',
        publishedAt: day('2026-09-01'),
      });
    await db()
      .insert(pages)
      .values({ key: 'mission', title: 'Présentation de l’institut', body: '<p>L’institut produit les statistiques officielles.</p>' });
    const [s] = await db()
      .insert(series)
      .values({
        code: 'IPC',
        area: 'ipc',
        label: 'Indice des prix à la consommation, ensemble',
        unit: 'indice',
        basePeriod: '2008',
        frequency: 'monthly',
      })
      .returning();
    await db()
      .insert(seriesVersions)
      .values({ seriesId: s!.id, number: 1, publishedAt: day('2026-01-01'), review: 'approved' });
    // A series whose only version waits for review: nothing of it is public, search does not find it.
    const [waiting] = await db()
      .insert(series)
      .values({
        code: 'IPP_REVUE',
        area: 'ippi',
        label: 'Prix du beurre de karité',
        unit: 'indice',
        basePeriod: '2020',
        frequency: 'monthly',
      })
      .returning();
    await db()
      .insert(seriesVersions)
      .values({ seriesId: waiting!.id, number: 1, publishedAt: day('2026-01-01'), review: 'submitted' });
  });
  afterAll(() => database?.close());

  it('ignores accents and finds the institutional pages and series', async () => {
    const r = await find('a la consommation');
    expect(titles(r)).toContain('Indice des prix à la consommation, octobre 2026');
    expect(r.hits.map((h) => h.source)).toEqual(expect.arrayContaining(['publications', 'news', 'series']));
    expect(titles(await find('presentation institut'))).toContain('Présentation de l’institut');
  });

  it('suggests titles while typing, plain (no excerpt is written for the header box)', async () => {
    if (memory) await warmSearchIndex(db());
    expect(await suggest(db(), 'exportations du cot', NOW)).toEqual([
      {
        title: 'Commerce extérieur : les exportations de coton',
        url: expect.stringMatching(/^\/indice\/ice\//),
        kindLabel: 'Publications',
        source: 'publications',
      },
    ]);
  });

  it('stems French words and drops stop words', async () => {
    expect(titles(await find('exportation'))).toEqual(['Commerce extérieur : les exportations de coton']);
    expect(titles(await find('les exportations du coton '))).toEqual(['Commerce extérieur : les exportations de coton']);
  });

  it('completes the word being typed', async () => {
    expect(titles(await find('recens'))).toContain('Résultats définitifs du recensement général de la population et de l’habitat');
    expect(titles(await find('consommat'))).toContain('Atelier sur la consommation des ménages');
  });

  it('tolerates a typing mistake and says what it searched instead', async () => {
    const r = await find('consomation ');
    expect(r.correctedText).toBe('consommation');
    expect(r.total).toBeGreaterThan(0);
  });

  it('understands acronyms', async () => {
    expect(titles(await find('RGPH '))).toContain('Résultats définitifs du recensement général de la population et de l’habitat');
    expect(titles(await find('ipc octobre '))).toContain('Indice des prix à la consommation, octobre 2026');
  });

  it('matches a phrase in quotes exactly', async () => {
    expect((await find('"prix à la consommation"')).total).toBeGreaterThanOrEqual(3);
    expect((await find('"consommation à la prix"')).total).toBe(0);
  });

  it('ranks title before summary before document text, newer first on ties', async () => {
    const r = await find('prix ');
    const t = titles(r);
    // Both October and September titles hold « prix »: the newer comes first.
    expect(t.slice(0, 2)).toEqual(['Indice des prix à la consommation, octobre 2026', 'Indice des prix à la consommation, septembre 2026']);
    // The yearbook only mentions « prix » in its attached PDF: last, marked as found in a document.
    const yearbook = r.hits.find((h) => h.title.map((s) => s.text).join('') === 'Annuaire statistique 2025');
    expect(yearbook?.inDocument).toBe(true);
    expect(r.hits.at(-1)).toBe(yearbook);
  });

  it('finds a sentence only inside a PDF, with a highlighted excerpt', async () => {
    const r = await find('riz importé');
    expect(titles(r)).toEqual(['Annuaire statistique 2025']);
    expect(r.hits[0]!.excerpt.filter((s) => s.hit).map((s) => s.text.toLowerCase())).toEqual(expect.arrayContaining(['riz', 'importé']));
    expect(r.hits[0]!.url).toBe('/indice/annuaire_statistique/' + r.hits[0]!.url!.split('/').at(-1));
  });

  it('counts by area, kind and year, each count ignoring its own filter', async () => {
    const r = await find('consommation');
    expect(r.facets.kinds).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ value: 'news', count: 1 }),
        expect.objectContaining({ value: 'publications', count: 2 }),
      ]),
    );
    const filtered = await find('consommation', { kind: 'news' });
    expect(filtered.total).toBe(1);
    expect(filtered.facets.kinds.find((f) => f.value === 'publications')?.count).toBe(2);
    expect((await find('consommation', { year: 2026, area: 'ipc' })).total).toBe(3);
  });

  it('never shows visitors drafts, the trash, scheduled items, the sampling area or restricted files', async () => {
    for (const q of ['pêche', 'peche', 'Kalaban', 'dénombrement', 'sondage']) {
      const r = await find(q);
      expect(r.total, q).toBe(0);
      expect([...r.facets.areas, ...r.facets.kinds, ...r.facets.years], q).toEqual([]);
      expect(r.suggestions, q).toEqual([]);
      expect(await suggest(db(), q, NOW), q).toEqual([]);
    }
    // A near word of a restricted text is not suggested either.
    expect((await find('Kalabane')).suggestions).toEqual([]);
    // The scheduled note is found once its time has come.
    expect(titles(await find('lagunaire', { now: new Date('2026-12-02T00:00:00Z') }))).toEqual([]);
    await db().update(publications).set({ status: 'published' }).where(eq(publications.title, 'Note programmée sur la pêche lagunaire'));
    expect(titles(await find('lagunaire'))).toEqual([]);
    expect(titles(await find('lagunaire', { now: new Date('2026-12-02T00:00:00Z') }))).toEqual(['Note programmée sur la pêche lagunaire']);
  });

  it('shows the back-office every status, the trash included, with links to edit', async () => {
    const r = await search(db(), { q: 'pêche', scope: 'admin', now: NOW });
    expect(titles(r).sort()).toEqual(
      [
        'Brouillon sur la pêche artisanale',
        'Note programmée sur la pêche lagunaire',
        'Plan de sondage de l’enquête pêche',
        'Rapport sur la pêche fluviale',
      ].sort(),
    );
    expect(r.hits.find((h) => h.deleted)?.adminUrl).toMatch(/^\/admin\/annuaire\/annuaire_stat\/\d+$/);
  });

  it('suggests close words that find something, when nothing is found', async () => {
    // « lagunaire » is a word of the scheduled note: never suggested before its time.
    const r = await find('cotom lagunnaire ');
    expect(r.total).toBe(0);
    expect(r.suggestions).toEqual(['coton']);
  });

  it('offers the documents holding some of the words when none holds them all', async () => {
    const r = await find('coton lagunes ');
    expect(r.partial).toBe(true);
    expect(titles(r)).toEqual(['Commerce extérieur : les exportations de coton']);
  });

  it('indexes every kind of the index: a new kind needs its trigger and its branch in search_reindex', async () => {
    for (const kind of allKinds) {
      const table = getTableName(kind.table);
      const triggers = await queryRows(
        db(),
        sql`select 1 from pg_trigger t join pg_class c on c.oid = t.tgrelid where c.relname = ${table} and t.tgname = 'search_index'`,
      );
      expect(triggers.length, table).toBe(1);
      // Raises « unknown source » for a kind search_reindex does not know.
      await db().execute(sql`select search_reindex(${kind.name}, -1)`);
      expect(isSearchSource(kind.name), kind.name).toBe(true);
    }
  });

  it('finds a series once a version of it is approved, not before', async () => {
    const found = async () => titles(await find('karité'));
    expect(await found()).toEqual([]);
    const [waiting] = await db().select().from(series).where(eq(series.code, 'IPP_REVUE'));
    await db().update(seriesVersions).set({ review: 'approved' }).where(eq(seriesVersions.seriesId, waiting!.id));
    expect(await found()).toEqual(['Prix du beurre de karité']);
  });

  it('follows unpublishing and restricting at once, through the results cache too', async () => {
    const first = await cachedSearch(db(), { q: 'exportation' });
    expect(first.total).toBe(1);
    // Nothing changed: the same answer, from memory.
    expect(await cachedSearch(db(), { q: 'exportation' })).toBe(first);
    await db()
      .update(publications)
      .set({ status: 'draft' })
      .where(eq(publications.title, 'Commerce extérieur : les exportations de coton'));
    expect((await cachedSearch(db(), { q: 'exportation' })).total).toBe(0);
    expect((await find('exportation')).total).toBe(0);
    const [yearbook] = await db().select().from(publications).where(eq(publications.title, 'Annuaire statistique 2025'));
    const [link] = await db().select().from(publicationFiles).where(eq(publicationFiles.publicationId, yearbook!.id));
    await db().update(files).set({ visibility: 'restricted' }).where(eq(files.id, link!.fileId));
    expect((await find('riz importé')).total).toBe(0);
  });
});
