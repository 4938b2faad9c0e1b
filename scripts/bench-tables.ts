// npm run bench:tables — a selection of 10,000 cells (100 places × 100 years) from the million-cell
// table POP_GRANDE, requested by 20 connections at once: in JSON-stat from the API, and as the
// table's page (whose HTML table stops at 2,500 cells: the same selection shows the cap's message,
// and a 2,500-cell selection the full HTML table). Prints p50, p95 and p99 latencies (goal for the
// API: p95 < 100 ms). Uses the current DATA_DIR / DATABASE_URL, adding POP_GRANDE when missing;
// BENCH_URL measures a server already running instead (POP_GRANDE must be there); BENCH_SECONDS
// sets each measurement's duration (default 10).
import './load-env';
import { migrateDatabase } from '@/lib/db/migrate';
import { openDatabase } from '@/lib/db/open';
import { env } from '@/lib/env';
import { findTable } from '@/lib/tables/queries';
import { insertBigTable } from '@/testing/tables-fixture';
import { connectOrStartServer } from './spawn-server';

const CONNECTIONS = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

if (!process.env.BENCH_URL) {
  const database = await openDatabase();
  try {
    await migrateDatabase(database, env.DATABASE_URL);
    if (!(await findTable(database.db, 'POP_GRANDE'))) {
      console.log('Ajout du tableau POP_GRANDE (1 000 lieux × 1 000 années)…');
      await insertBigTable(database.db);
    }
  } finally {
    await database.close();
  }
}

const places = (n: number) => Array.from({ length: n }, (_, i) => `L${String(i).padStart(4, '0')}`);
const years = (n: number) => Array.from({ length: n }, (_, i) => String(1100 + 1000 - n + i));
const pageQuery = (p: string[], y: string[]) => [...p.map((c) => `LIEU=${c}`), ...y.map((c) => `ANNEE=${c}`)].join('&');
const targets = [
  { name: 'API JSON-stat, 10 000 cellules', path: `/api/v1/tables/POP_GRANDE/${places(100).join('+')}.?lastNObservations=100` },
  {
    name: 'Page, sélection de 10 000 cellules (message du plafond)',
    path: `/donnees/tableaux/POP_GRANDE?${pageQuery(places(100), years(100))}`,
  },
  { name: 'Page, 2 500 cellules (tableau HTML entier)', path: `/donnees/tableaux/POP_GRANDE?${pageQuery(places(50), years(50))}` },
];

/** `CONNECTIONS` loops requesting `url` for `SECONDS`: each request's latency. */
async function load(url: string): Promise<{ latencies: number[]; failures: number; bytes: number }> {
  const latencies: number[] = [];
  let failures = 0;
  let bytes = 0;
  const end = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < end) {
        const start = performance.now();
        const response = await fetch(url, { headers: { 'x-forwarded-for': '127.0.0.1' } });
        const body = await response.arrayBuffer();
        latencies.push(performance.now() - start);
        bytes = body.byteLength;
        if (response.status !== 200) failures++;
      }
    }),
  );
  return { latencies, failures, bytes };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

// The API's rate limit would answer 429 to the bench's thousands of requests.
const server = await connectOrStartServer(process.env.BENCH_URL, { API_RATE_LIMIT_PER_MINUTE: '10000000' });
try {
  const rows = [];
  for (const t of targets) {
    const url = `${server.baseUrl}${t.path}`;
    // Warm: the cells decoded once, the page's code loaded.
    for (let i = 0; i < 3; i++) {
      const r = await fetch(url);
      if (r.status !== 200) throw new Error(`${t.path} a répondu ${r.status} : ${(await r.text()).slice(0, 300)}`);
    }
    console.log(`  ${t.name} : ${CONNECTIONS} connexions, ${SECONDS} s…`);
    const { latencies, failures, bytes } = await load(url);
    const sorted = latencies.sort((a, b) => a - b);
    rows.push({
      cible: t.name,
      requêtes: sorted.length,
      'req/s': Math.round(sorted.length / SECONDS),
      'p50 ms': Math.round(percentile(sorted, 50)),
      'p95 ms': Math.round(percentile(sorted, 95)),
      'p99 ms': Math.round(percentile(sorted, 99)),
      'non-200': failures,
      octets: bytes,
    });
  }
  console.table(rows);
  const api = rows[0]!;
  console.log(
    api['p95 ms'] < 100
      ? `API : p95 ${api['p95 ms']} ms < 100 ms, objectif tenu.`
      : `API : p95 ${api['p95 ms']} ms ≥ 100 ms, objectif manqué.`,
  );
} finally {
  await server.stop();
}
