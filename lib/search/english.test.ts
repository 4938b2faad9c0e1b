/**
 * Search on English pages (issue 29), on real databases, answered from the index in memory and all
 * in SQL: English words find the items translated into English as their French equivalents find
 * them on French pages; untranslated items are found by their French words and said to be French;
 * codes and acronyms match in both languages; English queries never show what visitors may not
 * see; and the French search gives the same answers with or without English texts.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/lib/db/raw';
import { fileTexts, files, galleries, galleryImages, publicationFiles, publications, type Translations } from '@/lib/db/schema';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import { clearSearchCache } from './cache';
import { enableSearchIndex, indexAnswers } from './memory';
import { search, suggest, warmSearchIndex, type SearchResult } from './query';

const NOW = new Date('2026-11-20T10:00:00Z');
const day = (d: string) => new Date(`${d}T08:00:00Z`);
const text = (segments: { text: string }[]) => segments.map((s) => s.text).join('');
const ids = (r: SearchResult) => r.hits.map((h) => `${h.source}:${h.sourceId}`).sort();

const modes = testDatabaseKinds.flatMap((kind) => [
  { kind, memory: true },
  { kind, memory: false },
]);

describe.each(modes)('English search ($kind, index en mémoire : $memory)', ({ kind, memory }) => {
  let database: TestDatabase;
  const db = () => database.db;
  const translated = new Set<string>();
  type PubTranslations = Translations<'title' | 'summary' | 'body' | 'periodLabel'>;
  const pub = async (values: Partial<typeof publications.$inferInsert> & { title: string; translations?: PubTranslations }) => {
    const [row] = await db()
      .insert(publications)
      .values({ area: 'ipc', slug: randomUUID().slice(0, 8), status: 'published', publishedAt: day('2026-01-10'), ...values })
      .returning();
    if (values.translations?.en?.title) translated.add(`publications:${row!.id}`);
    return row!;
  };
  const find = async (q: string, locale: 'fr' | 'en') => {
    clearSearchCache();
    if (!memory) return search(db(), { q, scope: 'public', now: NOW, locale, perPage: 50 });
    await warmSearchIndex(db());
    const before = indexAnswers(db());
    const result = await search(db(), { q, scope: 'public', now: NOW, locale, perPage: 50 });
    // Acronyms and phrases need word positions: those go to SQL.
    if (!/\b(ipc|cpi|rgph)\b/i.test(q)) expect(indexAnswers(db()), q).toBeGreaterThan(before);
    return result;
  };
  /** The items found that have an English title: what both languages must agree on. */
  const translatedIds = (r: SearchResult) => ids(r).filter((id) => translated.has(id));

  beforeAll(async () => {
    clearSearchCache();
    database = await createTestDatabase(kind);
    enableSearchIndex(database.db, memory);
    await pub({
      title: 'Indice des prix à la consommation, octobre 2026',
      summary: 'Les prix à la consommation augmentent de 0,4 %.',
      publishedAt: day('2026-11-05'),
      translations: { en: { title: 'Consumer price index, October 2026', summary: 'Consumer prices rise by 0.4%.' } },
    });
    // Untranslated on purpose: English pages find it by its French words and codes.
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
      translations: {
        en: { title: 'Foreign trade: cotton exports', summary: 'Annual review.', body: '<p>Cotton remains the first export.</p>' },
      },
    });
    await pub({
      area: 'rgph',
      title: 'Résultats définitifs du recensement général de la population et de l’habitat',
      summary: 'Ménages et logements, 2023.',
      publishedAt: day('2025-06-01'),
      translations: {
        en: { title: 'Final results of the general population and housing census', summary: 'Households and dwellings, 2023.' },
      },
    });
    const annuaire = await pub({
      area: 'annuaire_statistique',
      title: 'Annuaire statistique 2025',
      summary: 'Toutes les statistiques de l’année.',
      publishedAt: day('2026-03-01'),
      translations: { en: { title: 'Statistical yearbook 2025' } },
    });
    const [file] = await db()
      .insert(files)
      .values({
        storageKey: `k/${randomUUID()}.pdf`,
        name: 'secret.pdf',
        originalName: 'secret.pdf',
        mime: 'application/pdf',
        ext: 'pdf',
        size: 10,
        sha256: 'x',
        visibility: 'restricted',
      })
      .returning();
    await db().insert(publicationFiles).values({ publicationId: annuaire.id, fileId: file!.id });
    await db()
      .update(fileTexts)
      .set({ status: 'done', text: 'Fishing sampling frame, confidential.' })
      .where(eq(fileTexts.fileId, file!.id));
    // What visitors must never see, each with an English title that would match « fishing ».
    const fishing = { en: { title: 'Fishing report' } };
    await pub({ area: 'annuaire_statistique', title: 'Brouillon sur la pêche', status: 'draft', publishedAt: null, translations: fishing });
    await pub({ area: 'annuaire_statistique', title: 'Rapport sur la pêche', deletedAt: day('2026-11-01'), translations: fishing });
    await pub({
      area: 'annuaire_statistique',
      title: 'Note sur la pêche',
      status: 'scheduled',
      publishedAt: day('2026-12-01'),
      translations: fishing,
    });
    await pub({
      area: 'echantillonage',
      title: 'Plan de sondage de l’enquête pêche',
      translations: { en: { title: 'Fishing survey sampling plan' } },
    });
  });

  afterAll(async () => {
    await database?.close();
  });

  it.each([
    ['consumer price index', 'indice des prix à la consommation'],
    ['population census', 'recensement de la population'],
    ['exports', 'exportations'],
  ])('« %s » on English pages finds the translated items « %s » finds on French pages', async (english, french) => {
    const en = await find(english, 'en');
    const fr = await find(french, 'fr');
    expect(translatedIds(fr).length).toBeGreaterThan(0);
    expect(translatedIds(en)).toEqual(translatedIds(fr));
    for (const hit of en.hits.filter((h) => translated.has(`${h.source}:${h.sourceId}`))) {
      expect(hit.lang.title).toBe('en');
      expect(hit.title.some((s) => s.hit)).toBe(true);
    }
  });

  it('shows English titles and excerpts, stemmed and highlighted in English', async () => {
    const r = await find('consumer prices', 'en');
    const hit = r.hits.find((h) => text(h.title) === 'Consumer price index, October 2026');
    expect(hit).toBeDefined();
    expect(hit!.lang).toEqual({ title: 'en', excerpt: 'en' });
    expect(hit!.excerpt.filter((s) => s.hit).map((s) => s.text.toLowerCase())).toContain('prices');
  });

  it('falls back to the French of untranslated items, marked French, and matches codes and acronyms in both', async () => {
    const byFrench = await find('céréales', 'en');
    expect(byFrench.hits.map((h) => [text(h.title), h.lang.title])).toEqual([['Indice des prix à la consommation, septembre 2026', 'fr']]);
    for (const q of ['CPI', 'IPC']) {
      const r = await find(q, 'en');
      expect(r.hits.map((h) => text(h.title)).sort(), q).toEqual([
        'Consumer price index, October 2026',
        'Indice des prix à la consommation, septembre 2026',
      ]);
    }
    const census = await find('RGPH', 'en');
    expect(census.hits.map((h) => text(h.title))).toEqual(['Final results of the general population and housing census']);
  });

  it('never shows an unpublished, trashed, scheduled, sampling or restricted item to an English query', async () => {
    for (const q of ['fishing', 'fishing report', 'sampling', 'confidential']) {
      const r = await find(q, 'en');
      expect(r.total, q).toBe(0);
      expect(r.hits, q).toEqual([]);
      expect(r.facets.areas, q).toEqual([]);
    }
    expect(await suggest(db(), 'fishin', NOW, 'en')).toEqual([]);
  });

  it('suggests English titles while typing, each saying its language', async () => {
    clearSearchCache();
    if (memory) await warmSearchIndex(db());
    const suggestions = await suggest(db(), 'consumer pri', NOW, 'en');
    expect(suggestions[0]).toMatchObject({ title: 'Consumer price index, October 2026', lang: 'en', source: 'publications' });
    expect(await suggest(db(), 'exportations du cot', NOW)).toEqual([
      {
        title: 'Commerce extérieur : les exportations de coton',
        url: expect.stringMatching(/^\/indice\/ice\//),
        kindLabel: 'Publications',
        source: 'publications',
      },
    ]);
  });

  it('completes and corrects English words from the English texts', async () => {
    expect((await find('housin', 'en')).hits.map((h) => text(h.title))).toEqual([
      'Final results of the general population and housing census',
    ]);
    const corrected = await find('cotten', 'en');
    expect(corrected.correctedText).toBe('cotton');
    expect(corrected.hits.map((h) => text(h.title))).toEqual(['Foreign trade: cotton exports']);
  });

  it('follows a gallery photo’s English caption', async () => {
    const [gallery] = await db()
      .insert(galleries)
      .values({ slug: 'atelier', title: 'Atelier régional', status: 'published', publishedAt: day('2026-02-01') })
      .returning();
    const [image] = await db()
      .insert(files)
      .values({
        storageKey: `k/${randomUUID()}.jpg`,
        name: 'p.jpg',
        originalName: 'p.jpg',
        mime: 'image/jpeg',
        ext: 'jpg',
        size: 1,
        sha256: 'y',
      })
      .returning();
    const [photo] = await db()
      .insert(galleryImages)
      .values({ galleryId: gallery!.id, fileId: image!.id, caption: 'Les enquêteurs à Ségou', alt: 'Trois enquêteurs' })
      .returning();
    expect((await find('interviewers', 'en')).total).toBe(0);
    await db()
      .update(galleryImages)
      .set({ translations: { en: { caption: 'The interviewers in Ségou', alt: 'Three interviewers' } } })
      .where(eq(galleryImages.id, photo!.id));
    expect((await find('interviewers', 'en')).hits.map((h) => h.source)).toEqual(['galleries']);
    expect((await find('interviewers', 'fr')).total).toBe(0);
  });
});

describe.each(testDatabaseKinds)('French search without and with English texts (%s)', (kind) => {
  let database: TestDatabase;
  afterAll(async () => {
    await database?.close();
  });

  it('gives the same results, counts, excerpts and suggestions once items have English', async () => {
    database = await createTestDatabase(kind);
    const db = database.db;
    const values = [
      ['ipc', 'Indice des prix à la consommation, octobre 2026', 'Les prix à la consommation augmentent.', 'Consumer price index'],
      ['ice', 'Commerce extérieur : les exportations de coton', 'Bilan annuel des exportations.', 'Foreign trade: cotton exports'],
      ['rgph', 'Recensement général de la population et de l’habitat', 'Ménages, population.', 'Population and housing census'],
      ['annuaire_statistique', 'Annuaire statistique 2025', 'Toutes les statistiques, y compris les prix.', 'Statistical yearbook'],
    ] as const;
    const rows = [];
    for (const [i, [area, title, summary]] of values.entries()) {
      const [row] = await db
        .insert(publications)
        .values({ area, slug: `p${i}`, title, summary, status: 'published', publishedAt: day(`2026-0${i + 1}-10`) })
        .returning();
      rows.push(row!);
    }
    const queries = [
      'prix',
      'indice des prix à la consommation',
      'exportations',
      'recensement',
      'IPC',
      'RGPH',
      'consomation',
      'statist',
      'population prix',
    ];
    const run = async () => {
      const out = [];
      for (const memory of [true, false]) {
        enableSearchIndex(db, memory);
        for (const q of queries) {
          clearSearchCache();
          if (memory) await warmSearchIndex(db);
          out.push(await search(db, { q, scope: 'public', now: NOW }));
          out.push(await suggest(db, q, NOW));
        }
      }
      return out;
    };
    const before = await run();
    for (const [i, row] of rows.entries()) {
      const en = values[i]![3];
      await db
        .update(publications)
        .set({ translations: { en: { title: en, summary: `${en}: prices, census, exports.` } } })
        .where(eq(publications.id, row.id));
    }
    const [english] = await queryRows<{ n: number | string }>(db, sql`select count(*) as n from search_documents where title_en <> ''`);
    expect(Number(english!.n)).toBe(values.length);
    expect(await run()).toEqual(before);
  });
});
