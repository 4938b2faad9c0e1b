// npm run bench:tables — a selection of 10,000 cells (100 places × 100 years) from the million-cell
// table POP_GRANDE, requested by 20 connections at once: in JSON-stat from the API, and as the
// table's page (whose HTML table stops at 2,500 cells: the same selection shows the cap's message,
// and a 2,500-cell selection the full HTML table). Prints p50, p95 and p99 latencies (goal for the
// API: p95 < 100 ms). Uses the current DATA_DIR / DATABASE_URL, adding POP_GRANDE when missing;
// BENCH_URL measures a server already running instead (POP_GRANDE must be there); BENCH_SECONDS
// sets each measurement's duration (default 10); BENCH_PID, the process id of that server, for its CPU time.
//
// The machine is shared: latencies under load say more about the load than about the server. So the
// bench also prints, per target, the server's CPU time per request (its process's user + system time,
// /proc/{pid}/stat, over 200 API requests or 30 pages one at a time: independent of the load), and serves the API's
// answer from nginx (when installed) with the same 20 connections in the same run, as the reference
// of what this machine and this client allow.
import './load-env';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrateDatabase } from '@/lib/db/migrate';
import { openDatabase } from '@/lib/db/open';
import { env } from '@/lib/env';
import { findTable } from '@/lib/tables/queries';
import { insertBigTable } from '@/testing/tables-fixture';
import { connectOrStartServer, freePort } from '../testing/spawn-server';

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

/** User + system CPU time of process `pid` so far, in ms (Linux). */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** The server's CPU time per request, over `n` requests one at a time (null: no process id known). */
async function cpuPerRequest(url: string, pid: number | undefined, n = 200): Promise<number | null> {
  if (!pid || !fs.existsSync(`/proc/${pid}/stat`)) return null;
  const before = cpuMs(pid);
  for (let i = 0; i < n; i++) await (await fetch(url, { headers: { 'x-forwarded-for': '127.0.0.1' } })).arrayBuffer();
  return Math.round(((cpuMs(pid) - before) / n) * 100) / 100;
}

/** nginx serving `body` on a free port, for the reference (null when nginx is not installed). */
async function nginxServing(body: Uint8Array): Promise<{ url: string; stop(): void } | null> {
  if (spawnSync('sh', ['-c', 'command -v nginx']).status !== 0) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'insstat-bench-nginx-'));
  const port = await freePort();
  fs.mkdirSync(path.join(dir, 'www'));
  fs.writeFileSync(path.join(dir, 'www', 'answer.json'), body);
  // nginx's workers run as another user: they must be able to read the file.
  for (const p of [dir, path.join(dir, 'www')]) fs.chmodSync(p, 0o755);
  fs.chmodSync(path.join(dir, 'www', 'answer.json'), 0o644);
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `worker_processes 1; pid ${dir}/nginx.pid; error_log ${dir}/error.log; daemon on;
events { worker_connections 1024; }
http { access_log off; default_type application/json; sendfile on; gzip off;
  server { listen 127.0.0.1:${port}; root ${dir}/www; } }
`,
  );
  if (spawnSync('nginx', ['-c', path.join(dir, 'nginx.conf')]).status !== 0) return null;
  return {
    url: `http://127.0.0.1:${port}/answer.json`,
    stop() {
      const pid = Number(fs.readFileSync(path.join(dir, 'nginx.pid'), 'utf8'));
      process.kill(pid, 'SIGTERM');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
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
    const cpu = await cpuPerRequest(url, server.pid ?? (Number(process.env.BENCH_PID) || undefined), t.path.startsWith('/api/') ? 200 : 30);
    console.log(`  ${t.name} : ${CONNECTIONS} connexions, ${SECONDS} s…`);
    const { latencies, failures, bytes } = await load(url);
    const sorted = latencies.sort((a, b) => a - b);
    rows.push({
      cible: t.name,
      'CPU/requête ms': cpu ?? '—',
      requêtes: sorted.length,
      'req/s': Math.round(sorted.length / SECONDS),
      'p50 ms': Math.round(percentile(sorted, 50)),
      'p95 ms': Math.round(percentile(sorted, 95)),
      'p99 ms': Math.round(percentile(sorted, 99)),
      'non-200': failures,
      octets: bytes,
    });
  }
  // The reference: the API's very bytes from nginx, loaded the same way in the same run.
  const body = new Uint8Array(await (await fetch(`${server.baseUrl}${targets[0]!.path}`)).arrayBuffer());
  const nginx = await nginxServing(body);
  if (nginx) {
    try {
      console.log(`  Référence nginx (la réponse de l’API, mêmes octets) : ${CONNECTIONS} connexions, ${SECONDS} s…`);
      const { latencies, failures, bytes } = await load(nginx.url);
      const sorted = latencies.sort((a, b) => a - b);
      rows.push({
        cible: 'Référence : nginx, la même réponse',
        'CPU/requête ms': '—',
        requêtes: sorted.length,
        'req/s': Math.round(sorted.length / SECONDS),
        'p50 ms': Math.round(percentile(sorted, 50)),
        'p95 ms': Math.round(percentile(sorted, 95)),
        'p99 ms': Math.round(percentile(sorted, 99)),
        'non-200': failures,
        octets: bytes,
      });
    } finally {
      nginx.stop();
    }
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
