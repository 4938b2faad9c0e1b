// npm run bench — load test of the production build: starts scripts/production-server.ts (NODE_ENV=production)
// on a free port with the current DATA_DIR / DATABASE_URL, warms the pages, then runs each bench
// section in turn. Prints a table and writes bench-results/latest.json.
//
// Add a measurement by appending a section to `sections` below: it receives the server's base URL
// and returns rows (one per measured target).
import './load-env';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { autocannon } from './autocannon';
import { benchAdmin, benchReadsUnderWrites, removeBenchPublications, seedBenchPublications } from './bench-admin';
import { benchFiles, type FileBenchResult } from './bench-files';
import { benchSearchHttp, removeSearchCorpus, seedAndMeasureSearch } from './bench-search';
import { benchSeriesImport } from './bench-series';
import { measuredPages, startServer, warm } from '../testing/spawn-server';

type BenchRow = {
  target: string;
  /** Average requests per second. */
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  non2xx: number;
  /** Connection errors, timeouts included. */
  errors: number;
  timeouts: number;
  totalRequests: number;
};

type BenchSection = {
  name: string;
  description: string;
  run(baseUrl: string): Promise<BenchRow[]>;
};

const CONNECTIONS = 50;
const DURATION_SECONDS = 10;

async function hammer(target: string, url: string): Promise<BenchRow> {
  console.log(`  ${target} : ${CONNECTIONS} connexions, ${DURATION_SECONDS} s…`);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_SECONDS });
  return {
    target,
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    totalRequests: result.requests.total,
  };
}

const sections: BenchSection[] = [
  {
    name: 'Pages publiques',
    description:
      'Accueil, page IPC et première publication IPC, servies depuis le ' +
      `cache (${CONNECTIONS} connexions, ${DURATION_SECONDS} s chacune)`,
    async run(baseUrl) {
      const pages = await measuredPages(baseUrl);
      await warm(
        baseUrl,
        pages.map((p) => p.path),
      );
      const rows: BenchRow[] = [];
      for (const page of pages) rows.push(await hammer(`${page.name} (${page.path})`, `${baseUrl}${page.path}`));
      return rows;
    },
  },
  {
    name: 'Séries',
    description:
      `L’API ouverte, 12 dernières valeurs en JSON (${CONNECTIONS} connexions, ${DURATION_SECONDS} s ; ` +
      'limite de débit levée pour la mesure ; la page de la série est mesurée avec les pages publiques)',
    async run(baseUrl) {
      const targets = [['API, lastNObservations=12', '/api/v1/series/IPC?lastNObservations=12']] as const;
      await warm(
        baseUrl,
        targets.map(([, p]) => p),
      );
      const rows: BenchRow[] = [];
      for (const [name, p] of targets) rows.push(await hammer(`${name} (${p})`, `${baseUrl}${p}`));
      return rows;
    },
  },
];

function printSection(name: string, description: string, rows: BenchRow[]): void {
  const columns: [string, (r: BenchRow) => string][] = [
    ['cible', (r) => r.target],
    ['req/s (moy.)', (r) => String(r.requestsPerSecond)],
    ['latence p50 (ms)', (r) => String(r.latencyP50Ms)],
    ['latence p99 (ms)', (r) => String(r.latencyP99Ms)],
    ['non-2xx', (r) => String(r.non2xx)],
    ['erreurs (dont délais)', (r) => `${r.errors} (${r.timeouts})`],
  ];
  const widths = columns.map(([title, get]) => Math.max(title.length, ...rows.map((r) => get(r).length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(' │ ');
  console.log();
  console.log(`${name} — ${description}`);
  console.log(line(columns.map(([title]) => title)));
  console.log(line(widths.map((w) => '─'.repeat(w))));
  for (const row of rows) console.log(line(columns.map(([, get]) => get(row))));
}

async function main(): Promise<number> {
  // `npm run bench:search` measures the search alone.
  const onlySearch = Boolean(process.env.BENCH_ONLY_SEARCH);
  const withSearch = onlySearch || !process.env.BENCH_SKIP_SEARCH;
  const withAdmin = !onlySearch && !process.env.BENCH_SKIP_ADMIN;
  let searchResult: Record<string, string | number> | null = null;
  if (withSearch) {
    console.log('Recherche : 10 000 publications et 2 000 PDF de test dans « Autres publications » (retirés à la fin)…');
    searchResult = await seedAndMeasureSearch();
  }
  if (withAdmin) {
    console.log('10 000 brouillons de test dans la rubrique IPC (retirés à la fin)…');
    await seedBenchPublications();
  }
  // The API's and the suggestions' per-address limits would answer 429 to a load test from one address.
  const server = await startServer({
    extraEnv: { NODE_ENV: 'production', API_RATE_LIMIT_PER_MINUTE: '100000000', SEARCH_RATE_LIMIT_PER_MINUTE: '100000000' },
  });
  let adminResult: Record<string, string | number> | null = null;
  let writesResult: Record<string, string | number> | null = null;
  const results: { name: string; description: string; rows: BenchRow[] }[] = [];
  let filesResult: FileBenchResult | null = null;
  try {
    console.log(`Serveur de production : ${server.baseUrl}`);
    for (const section of onlySearch ? [] : sections) {
      console.log(`\n${section.name}`);
      results.push({ name: section.name, description: section.description, rows: await section.run(server.baseUrl) });
    }
    if (withAdmin) {
      console.log('\nBack-office : liste de 10 000 publications, délai de publication');
      adminResult = await benchAdmin(server.baseUrl);
      console.log('\nLecteurs pendant des sauvegardes : 50 connexions sur /indice/ipc, seules puis avec une sauvegarde par seconde');
      writesResult = await benchReadsUnderWrites(server.baseUrl);
    }
    if (searchResult) {
      console.log('\nRecherche : deux mots, 20 connexions');
      Object.assign(searchResult, await benchSearchHttp(server.baseUrl));
    }
    if (!onlySearch && !process.env.BENCH_SKIP_FILES) {
      console.log('\nFichiers : envoi et téléchargement d’un gros PDF');
      filesResult = await benchFiles(server.baseUrl, server.pid);
    }
  } finally {
    await server.stop();
    if (withAdmin) await removeBenchPublications();
    if (withSearch) await removeSearchCorpus();
  }

  const seriesImport = onlySearch
    ? {}
    : (console.log('\nSéries : import de 10 000 valeurs (base en mémoire, hors réseau)'), await benchSeriesImport());

  for (const r of results) printSection(r.name, r.description, r.rows);
  if (!onlySearch) {
    console.log('\nSéries — import de 10 000 valeurs (fichier CSV long, 10 séries × 1 000 mois)');
    for (const [key, value] of Object.entries(seriesImport)) console.log(`  ${key.padEnd(52)} ${String(value)}`);
  }
  if (adminResult) {
    console.log('\nBack-office — GET /api/admin/publications (20 requêtes par cas) et publication → page publique');
    for (const [key, value] of Object.entries(adminResult)) console.log(`  ${key.padEnd(52)} ${String(value)}`);
  }
  if (writesResult) {
    console.log('\nLecteurs pendant des sauvegardes — /indice/ipc, 50 connexions, 10 s sans puis avec une sauvegarde par seconde');
    for (const [key, value] of Object.entries(writesResult)) console.log(`  ${key.padEnd(52)} ${String(value)}`);
  }
  if (searchResult) {
    console.log('\nRecherche — 10 000 publications, 2 000 PDF ; requêtes de deux mots (objectif : p95 < 50 ms)');
    for (const [key, value] of Object.entries(searchResult)) console.log(`  ${key.padEnd(52)} ${String(value)}`);
  }
  if (filesResult) {
    console.log('\nFichiers — POST /api/files puis GET /fichiers/… du même fichier (mémoire : RSS du serveur)');
    for (const [key, value] of Object.entries(filesResult)) console.log(`  ${key.padEnd(52)} ${String(value)}`);
  }
  const report = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? '',
    database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    connections: CONNECTIONS,
    durationSeconds: DURATION_SECONDS,
    sections: results,
    admin: adminResult,
    readsUnderWrites: writesResult,
    files: filesResult,
    search: searchResult,
    seriesImport,
  };
  const file = path.join('bench-results', 'latest.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nRésultats écrits dans ${file}`);
  const bad = results.some((r) => r.rows.some((row) => row.non2xx > 0 || row.errors > 0));
  // A measurement, not a test: errors under load are reported, the exit code stays 0.
  if (bad) console.log('ATTENTION : des réponses non-2xx ou des erreurs (délais dépassés) pendant la mesure.');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
