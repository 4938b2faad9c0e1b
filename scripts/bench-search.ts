/**
 * The search part of `npm run bench`: 10 000 published publications with French text and 2 000 of
 * them with a real PDF (pdfkit), whose text goes through the extraction queue as an upload's would;
 * then two-word queries, 20 at a time — on the query function (before the server opens the
 * database) and on `/recherche` over HTTP — with their p50, p95 and p99, and the index's size.
 * Every other publication has an English title and summary (issue 29): the same measures run with
 * English queries, on English pages (`locale: 'en'`, `/en/recherche`, suggestions with `lang=en`).
 * Everything seeded is removed at the end.
 */
import { Readable } from 'node:stream';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { openDatabase } from '@/lib/db/open';
import { queryRows } from '@/lib/db/raw';
import { files, publicationFiles, publications } from '@/lib/db/schema';
import { extractQueuedNow } from '@/lib/search/extraction';
import { enableSearchIndex, searchIndexSize } from '@/lib/search/memory';
import { search, warmSearchIndex } from '@/lib/search/query';
import { getStorage, newStorageKey } from '@/lib/storage';
import { textPdf as pdf } from '@/testing/pdf';

const AREA = 'autres';
const PREFIX = 'bench-recherche-';
const COUNT = Number(process.env.BENCH_SEARCH_ROWS ?? 10_000);
const PDFS = Number(process.env.BENCH_SEARCH_PDFS ?? 2_000);
const CONCURRENCY = 20;

const topics = [
  'prix du riz',
  'production de coton',
  'recensement des ménages',
  'emploi des jeunes',
  'exportations de bétail',
  'consommation des ménages',
  'scolarisation des filles',
  'santé maternelle',
  'commerce extérieur',
  'production industrielle',
  'pluviométrie et récoltes',
  'inflation des produits alimentaires',
  'accès à l’eau potable',
  'électrification rurale',
  'transport routier',
  'finances publiques',
  'dette extérieure',
  'pêche artisanale',
  'élevage transhumant',
  'secteur informel',
];
/** The topics in English (same order), for the English half of the corpus. */
const topicsEn = [
  'price of rice',
  'cotton production',
  'household census',
  'youth employment',
  'livestock exports',
  'household consumption',
  'girls’ school enrolment',
  'maternal health',
  'foreign trade',
  'industrial production',
  'rainfall and harvests',
  'food price inflation',
  'access to drinking water',
  'rural electrification',
  'road transport',
  'public finance',
  'external debt',
  'artisanal fishing',
  'transhumant livestock farming',
  'informal sector',
];
const sentencesEn = [
  'The results show a marked increase on the previous year.',
  'Data were collected from a representative sample of households.',
  'Prices recorded in urban markets rose faster than in rural areas.',
  'Agricultural production depends heavily on the season’s rainfall.',
  'Exports fell because of lower world prices.',
  'Women’s activity rate remains below that of men.',
  'Imports of petroleum products weigh on the trade balance.',
  'Health indicators are improving in most regions.',
];
const regions = ['Djanta', 'Kalaban', 'Tanbaly', 'Sorodougou', 'Bankasso', 'Niamana', 'Kourou', 'Siby', 'Fana', 'Bougouni'];
const sentences = [
  'Les résultats montrent une hausse sensible par rapport à l’année précédente.',
  'La collecte a été réalisée auprès d’un échantillon représentatif de ménages.',
  'Les prix relevés sur les marchés urbains ont progressé plus vite qu’en milieu rural.',
  'La production agricole dépend fortement de la pluviométrie de la saison.',
  'Les exportations ont reculé en raison de la baisse des cours mondiaux.',
  'Le taux d’activité des femmes reste inférieur à celui des hommes.',
  'Les importations de produits pétroliers pèsent sur la balance commerciale.',
  'Les indicateurs de santé s’améliorent dans la plupart des régions.',
  'La méthodologie suit les recommandations internationales en vigueur.',
  'Les données provisoires seront révisées lors de la prochaine publication.',
];

/** A small deterministic generator, so two runs measure the same corpus. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}
const pick = <T>(r: () => number, list: readonly T[]) => list[Math.floor(r() * list.length)]!;

async function removeRows(db: Awaited<ReturnType<typeof openDatabase>>['db']) {
  const old = await db
    .select({ fileId: publicationFiles.fileId })
    .from(publicationFiles)
    .innerJoin(publications, eq(publications.id, publicationFiles.publicationId))
    .where(and(eq(publications.area, AREA), like(publications.slug, `${PREFIX}%`)));
  await db.delete(publications).where(and(eq(publications.area, AREA), like(publications.slug, `${PREFIX}%`)));
  const ids = old.map((o) => o.fileId);
  const storage = getStorage();
  for (let i = 0; i < ids.length; i += 500) {
    const batch = ids.slice(i, i + 500);
    const rows = await db.delete(files).where(inArray(files.id, batch)).returning({ key: files.storageKey });
    await Promise.all(rows.map((r) => storage.delete(r.key).catch(() => {})));
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
const summary = (latencies: number[]) => {
  const s = [...latencies].sort((a, b) => a - b);
  return { p50: Math.round(percentile(s, 0.5)), p95: Math.round(percentile(s, 0.95)), p99: Math.round(percentile(s, 0.99)) };
};

/** Two-word queries a reader would type, over the corpus's words. */
export const benchQueries = [
  'prix riz',
  'coton production',
  'recensement ménages',
  'emploi jeunes',
  'exportations bétail',
  'consommation ménages',
  'scolarisation filles',
  'santé maternelle',
  'commerce extérieur',
  'production industrielle',
  'pluviométrie récoltes',
  'inflation alimentaires',
  'eau potable',
  'électrification rurale',
  'transport routier',
  'finances publiques',
  'dette extérieure',
  'pêche artisanale',
  'élevage transhumant',
  'secteur informel',
  'marchés urbains',
  'balance commerciale',
  'cours mondiaux',
  'taux activité',
  'données provisoires',
  'Djanta prix',
  'Kalaban coton',
  'Tanbaly riz',
  'Bougouni ménages',
  'Fana emploi',
];

/** The same kind of queries, as an English reader types them on English pages. */
export const benchQueriesEn = [
  'rice price',
  'cotton production',
  'household census',
  'youth employment',
  'livestock exports',
  'household consumption',
  'girls enrolment',
  'maternal health',
  'foreign trade',
  'industrial production',
  'rainfall harvests',
  'food inflation',
  'drinking water',
  'rural electrification',
  'road transport',
  'public finance',
  'external debt',
  'artisanal fishing',
  'livestock farming',
  'informal sector',
  'urban markets',
  'trade balance',
  'world prices',
  'activity rate',
  'health indicators',
  'Djanta prices',
  'Kalaban cotton',
  'Tanbaly rice',
  'Bougouni households',
  'Fana employment',
];

/** Seeds the corpus (needs the database to itself) and measures the query function. */
export async function seedAndMeasureSearch(): Promise<Record<string, string | number>> {
  const database = await openDatabase();
  const db = database.db;
  const out: Record<string, string | number> = {};
  try {
    await removeRows(db);
    const r = random(42);
    // The English texts draw from their own sequence: the French corpus is the one measured before issue 29.
    const rEn = random(43);
    let started = Date.now();
    const start = Date.UTC(2016, 0, 1);
    for (let i = 0; i < COUNT; i += 500) {
      await db.insert(publications).values(
        Array.from({ length: Math.min(500, COUNT - i) }, (_, k) => {
          const n = i + k + 1;
          const topic = pick(r, topics);
          const t = topics.indexOf(topic);
          const region = pick(r, regions);
          const at = new Date(start + n * 8_640_000);
          const body = Array.from({ length: 6 }, () => pick(r, sentences)).join(' ');
          return {
            area: AREA,
            slug: `${PREFIX}${n}`,
            title: `Note n° ${n} : ${topic} à ${region}`,
            summary: `${pick(r, sentences)} Cette note porte sur ${topic} dans la région de ${region}.`,
            body: `<p>${body}</p>`,
            // Every other one translated, as an institute translates its newest and main items.
            translations:
              n % 2 === 0
                ? {
                    en: {
                      title: `Note no. ${n}: ${topicsEn[t]} in ${region}`,
                      summary: `${pick(rEn, sentencesEn)} This note covers ${topicsEn[t]} in the ${region} region.`,
                    },
                  }
                : {},
            status: 'published' as const,
            publishedAt: at,
            createdAt: at,
            updatedAt: at,
          };
        }),
      );
    }
    out['publications insérées (indexées par déclencheur)'] = `${COUNT} en ${((Date.now() - started) / 1000).toFixed(1)} s`;

    started = Date.now();
    const storage = getStorage();
    const targets = await db
      .select({ id: publications.id, title: publications.title })
      .from(publications)
      .where(and(eq(publications.area, AREA), like(publications.slug, `${PREFIX}%`)))
      .orderBy(publications.id)
      .limit(PDFS);
    for (const target of targets) {
      const lines = [target.title, ...Array.from({ length: 25 }, () => `${pick(r, sentences)} ${pick(r, topics)} à ${pick(r, regions)}.`)];
      const data = await pdf(lines);
      const key = newStorageKey('pdf');
      await storage.put(key, Readable.from(data), 'application/pdf');
      const [file] = await db
        .insert(files)
        .values({
          storageKey: key,
          name: `annexe-${target.id}.pdf`,
          originalName: `annexe-${target.id}.pdf`,
          mime: 'application/pdf',
          ext: 'pdf',
          size: data.length,
          sha256: 'banc',
        })
        .returning({ id: files.id });
      await db.insert(publicationFiles).values({ publicationId: target.id, fileId: file!.id });
    }
    out['PDF créés et stockés'] = `${targets.length} en ${((Date.now() - started) / 1000).toFixed(1)} s`;
    started = Date.now();
    const run = await extractQueuedNow(db, storage);
    const seconds = (Date.now() - started) / 1000;
    out['extraction du texte (file d’attente, processus fils)'] =
      `${run.done} lus, ${run.empty} vides, ${run.failed} en échec en ${seconds.toFixed(1)} s (${(run.done / seconds).toFixed(1)} PDF/s)`;

    const [size] = await queryRows<{
      documents: string | number;
      words: string | number;
      texts: string | number;
      rows: string | number;
      vocabulary: string | number;
    }>(
      db,
      sql`select pg_total_relation_size('search_documents') as documents, pg_total_relation_size('search_words') as words,
                 pg_total_relation_size('file_texts') as texts, (select count(*) from search_documents) as rows,
                 (select count(*) from search_words) as vocabulary`,
    );
    const mb = (v: string | number | undefined) => `${(Number(v ?? 0) / 1024 / 1024).toFixed(1)} Mo`;
    out['index : search_documents (texte, tsvector, GIN)'] = `${mb(size?.documents)} pour ${size?.rows} documents`;
    out['index : search_words (vocabulaire, trigrammes)'] = `${mb(size?.words)} pour ${size?.vocabulary} mots`;
    out['texte extrait : file_texts'] = mb(size?.texts);

    started = Date.now();
    await warmSearchIndex(db);
    const memorySize = searchIndexSize(db);
    out['index en mémoire (correspondances, rangs, comptes)'] = memorySize
      ? `${memorySize.documents} documents publics, ${memorySize.lexemes} lexèmes, ${memorySize.entries} entrées, ` +
        `~${(memorySize.bytes / 1024 / 1024).toFixed(1)} Mo, construit en ${((Date.now() - started) / 1000).toFixed(1)} s`
      : 'non construit';

    // The query function alone, 20 at a time, each query of the list 10 times: all in SQL, then with
    // the index; French queries (French pages), then English ones (English pages).
    for (const [locale, queries] of [
      ['fr', benchQueries],
      ['en', benchQueriesEn],
    ] as const)
      for (const memory of [false, true]) {
        enableSearchIndex(db, memory);
        if (memory) await warmSearchIndex(db);
        const latencies: number[] = [];
        const jobs = Array.from({ length: 10 }, () => queries).flat();
        let next = 0;
        started = Date.now();
        await Promise.all(
          Array.from({ length: CONCURRENCY }, async () => {
            while (next < jobs.length) {
              const q = jobs[next++]!;
              const t = performance.now();
              await search(db, { q, scope: 'public', locale });
              latencies.push(performance.now() - t);
            }
          }),
        );
        const s = summary(latencies);
        const language = locale === 'fr' ? '' : ', requêtes anglaises (pages anglaises)';
        out[
          `search() ${memory ? 'avec l’index en mémoire' : 'tout en SQL'}${language}, ${CONCURRENCY} à la fois (${latencies.length} requêtes)`
        ] = `p50 ${s.p50} ms, p95 ${s.p95} ms, p99 ${s.p99} ms, ${Math.round(latencies.length / ((Date.now() - started) / 1000))} req/s`;
      }
  } finally {
    await database.close();
  }
  return out;
}

/** Words of the corpus: their ordered pairs give thousands of distinct two-word queries. */
const words = [
  'prix',
  'riz',
  'coton',
  'production',
  'recensement',
  'ménages',
  'emploi',
  'jeunes',
  'exportations',
  'bétail',
  'consommation',
  'scolarisation',
  'filles',
  'santé',
  'maternelle',
  'commerce',
  'industrielle',
  'pluviométrie',
  'récoltes',
  'inflation',
  'alimentaires',
  'potable',
  'électrification',
  'rurale',
  'transport',
  'finances',
  'dette',
  'pêche',
  'élevage',
  'informel',
  'marchés',
  'urbains',
  'balance',
  'importations',
  'données',
  'région',
  'hausse',
  'baisse',
  'collecte',
  'méthodologie',
  'résultats',
  'sensible',
  'année',
  'échantillon',
  'représentatif',
  'relevés',
  'progressé',
  'milieu',
  'agricole',
  'saison',
  'mondiaux',
  'taux',
  'activité',
  'femmes',
  'hommes',
  'produits',
  'pétroliers',
  'commerciale',
  'indicateurs',
  'régions',
  'recommandations',
  'internationales',
  'provisoires',
  'publication',
  'note',
  ...regions,
];
const distinctQueries = words.flatMap((a) => words.filter((b) => b !== a).map((b) => `${a} ${b}`));
/**
 * The i-th query of a run: every pair once, then again written otherwise (capitals), so a query
 * never repeats and the results cache never answers (the search itself is the same).
 */
const distinctQuery = (i: number) => {
  const q = distinctQueries[i % distinctQueries.length]!;
  const lap = Math.floor(i / distinctQueries.length) % 4;
  return lap === 0
    ? q
    : lap === 1
      ? q[0]!.toUpperCase() + q.slice(1)
      : lap === 2
        ? q.toUpperCase()
        : q.replace(/ (.)/, (_, c: string) => ` ${c.toUpperCase()}`);
};

const page = (q: string) => `/recherche?q=${encodeURIComponent(q)}`;
const suggestions = (q: string) => `/api/recherche/suggestions?q=${encodeURIComponent(q)}`;
const pageEn = (q: string) => `/en/recherche?q=${encodeURIComponent(q)}`;
const suggestionsEn = (q: string) => `/api/recherche/suggestions?q=${encodeURIComponent(q)}&lang=en`;

/** English words of the corpus: their pairs are the English pages' distinct queries. */
const wordsEn = [
  ...new Set(
    [...topicsEn, ...sentencesEn]
      .join(' ')
      .toLowerCase()
      .match(/[a-z]{4,}/g)!,
  ),
];
const distinctQueriesEn = wordsEn.flatMap((a) => wordsEn.filter((b) => b !== a).map((b) => `${a} ${b}`));

async function load(baseUrl: string, seconds: number, next: (i: number) => string, path = page) {
  const latencies: number[] = [];
  let errors = 0;
  let bytes = 0;
  let i = 0;
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < until) {
        const q = next(i++);
        const t = performance.now();
        try {
          const res = await fetch(`${baseUrl}${path(q)}`);
          // Read first, then added: `bytes += await …` would add to the value read before the wait.
          const size = (await res.arrayBuffer()).byteLength;
          bytes += size;
          if (res.status !== 200) errors++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t);
      }
    }),
  );
  const s = summary(latencies);
  return (
    `p50 ${s.p50} ms, p95 ${s.p95} ms, p99 ${s.p99} ms ; ${latencies.length} requêtes ` +
    `(${Math.round(latencies.length / seconds)}/s), ${Math.round(bytes / Math.max(1, latencies.length) / 1024)} Ko en moyenne, ` +
    `${errors} erreur(s) ou non-200`
  );
}

/**
 * Two-word searches on `/recherche`, 20 connections: every request a different query (the results
 * cache never helps), then the 30 queries of `benchQueries` over and over (what popular searches
 * cost once cached, with no write in between).
 */
export async function benchSearchHttp(baseUrl: string, seconds = 15): Promise<Record<string, string | number>> {
  // Warm-up (the server builds its index in memory at start, and the code gets compiled): 5 s of
  // queries the measure does not use.
  const warmQuery = (i: number) => `${words[i % words.length]} ${2016 + (Math.floor(i / words.length) % 11)}`;
  await load(baseUrl, 5, warmQuery);
  await load(baseUrl, 2, (i) => warmQuery(i + 400), suggestions);
  const offset = Math.floor(Math.random() * distinctQueries.length);
  // A different start each run, then each query once (capitals make a pair new again past the last).
  const distinct = await load(baseUrl, seconds, (i) => distinctQuery(offset + i));
  // The header box's JSON: the same search (its first six hits), without a page to render.
  const json = await load(baseUrl, seconds, (i) => distinctQuery(offset + 2 * distinctQueries.length + i), suggestions);
  for (const q of benchQueries) await fetch(`${baseUrl}/recherche?q=${encodeURIComponent(q)}`).then((r) => r.arrayBuffer());
  const repeated = await load(baseUrl, seconds, (i) => benchQueries[i % benchQueries.length]!);
  // English pages: English queries never repeated, on the page and in the header box.
  const offsetEn = Math.floor(Math.random() * distinctQueriesEn.length);
  const distinctEn = await load(
    baseUrl,
    seconds,
    (i) =>
      distinctQueriesEn[(offsetEn + i) % distinctQueriesEn.length]! +
      (i >= distinctQueriesEn.length ? ` ${Math.floor(i / distinctQueriesEn.length)}` : ''),
    pageEn,
  );
  const jsonEn = await load(
    baseUrl,
    seconds,
    (i) => distinctQueriesEn[(offsetEn + 7 * i) % distinctQueriesEn.length]!.toUpperCase() + (i >= distinctQueriesEn.length ? ` ${i}` : ''),
    suggestionsEn,
  );
  return {
    [`GET /recherche, deux mots tous différents (${distinctQueries.length} paires), ${CONCURRENCY} connexions, ${seconds} s`]: distinct,
    [`GET /api/recherche/suggestions, deux mots tous différents, ${CONCURRENCY} connexions, ${seconds} s`]: json,
    [`GET /recherche, ${benchQueries.length} recherches répétées (en cache), ${CONCURRENCY} connexions, ${seconds} s`]: repeated,
    [`GET /en/recherche, deux mots anglais tous différents (${distinctQueriesEn.length} paires), ${CONCURRENCY} connexions, ${seconds} s`]:
      distinctEn,
    [`GET /api/recherche/suggestions?lang=en, deux mots anglais différents, ${CONCURRENCY} connexions, ${seconds} s`]: jsonEn,
  };
}

export async function removeSearchCorpus(): Promise<void> {
  const database = await openDatabase();
  try {
    await removeRows(database.db);
  } finally {
    await database.close();
  }
}
