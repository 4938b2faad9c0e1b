// npm run bench:bounded — one anonymous GET must not take the server down (issue 37). Starts the
// production server (after `npm run build` when there is none) with the million-cell table
// POP_GRANDE (added to DATA_DIR / DATABASE_URL when missing), then GETs the whole table as XLSX,
// CSV, JSON-stat and SDMX-CSV one at a time, then the four at once, while autocannon loads `/`
// and the server's resident memory (VmRSS of its process and children, /proc) is sampled every
// 100 ms. Prints each answer's status, size and time, the memory growth over the idle server
// (goal < 300 MB) and readers' p99 on `/` meanwhile (goal < 1 s). Readers come at a steady rate
// (BENCH_READER_RATE requests a second, default 50, over BENCH_READERS connections, default 10),
// first alone (the control: what readers alone cost in memory and latency), then during the
// downloads. BENCH_PORT: the server's port (default: a free one).
//
// The machine may be shared: the load average is printed beside the figures.
import './load-env';
import fs from 'node:fs';
import os from 'node:os';
import { migrateDatabase } from '@/lib/db/migrate';
import { openDatabase } from '@/lib/db/open';
import { env } from '@/lib/env';
import { findTable } from '@/lib/tables/queries';
import { insertBigTable } from '@/testing/tables-fixture';
import { autocannon } from './autocannon';
import { startServer } from '../testing/spawn-server';

const READERS = Number(process.env.BENCH_READERS ?? 10);
const READER_RATE = Number(process.env.BENCH_READER_RATE ?? 50);
const SLICE_SECONDS = 5;
const formats = ['xlsx', 'csv', 'jsonstat', 'sdmx-csv'] as const;

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

/** Resident memory of `pid` and its descendants, in bytes (Linux /proc). */
function rss(pid: number): number {
  let total = 0;
  const visit = (p: number) => {
    try {
      const status = fs.readFileSync(`/proc/${p}/status`, 'utf8');
      total += Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
      for (const task of fs.readdirSync(`/proc/${p}/task`)) {
        const children = fs.readFileSync(`/proc/${p}/task/${task}/children`, 'utf8').trim();
        for (const c of children ? children.split(' ') : []) visit(Number(c));
      }
    } catch {
      // Gone meanwhile.
    }
  };
  visit(pid);
  return total;
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined;
// The API's rate limit would answer 429 to autocannon's readers of the API; `/` is not limited.
const server = await startServer({ port, extraEnv: { API_RATE_LIMIT_PER_MINUTE: '10000000' }, timeoutMs: 300_000 });
const pid = server.pid!;
let peak = 0;
const sampler = setInterval(() => (peak = Math.max(peak, rss(pid))), 100);

type Answer = { format: string; mode: string; status: number; bytes: number; seconds: number; message: string };

/** GETs the whole table in `format`, reading the body as it comes (never holding it). */
async function download(format: string, mode: string): Promise<Answer> {
  const start = performance.now();
  // As a browser asks (gzip accepted), unless BENCH_IDENTITY=1 (the server's compression left out, to compare).
  const response = await fetch(`${server.baseUrl}/api/v1/tables/POP_GRANDE?format=${format}`, {
    headers: { 'accept-encoding': process.env.BENCH_IDENTITY === '1' ? 'identity' : 'gzip, deflate, br' },
  });
  let bytes = 0;
  let message = '';
  if (response.status === 200) {
    const reader = response.body!.getReader();
    try {
      for (let r = await reader.read(); !r.done; r = await reader.read()) bytes += r.value.byteLength;
    } catch (e) {
      // The server cut it (its time limit): reported, not a crash of the bench.
      message = `coupée : ${String(e).slice(0, 60)}`;
    }
  } else message = ((await response.json()) as { error?: string }).error ?? '';
  return { format, mode, status: response.status, bytes, seconds: (performance.now() - start) / 1000, message };
}

/** Runs `work` while autocannon loads `/` in slices of SLICE_SECONDS: readers' worst p99 and counts. */
async function whileReading<T>(work: () => Promise<T>): Promise<{ result: T; p99: number; p50: number; requests: number; non2xx: number }> {
  let done = false;
  const running = work().finally(() => (done = true));
  const slices: { p99: number; p50: number; total: number; non2xx: number }[] = [];
  while (!done) {
    const r = await autocannon({ url: `${server.baseUrl}/`, connections: READERS, duration: SLICE_SECONDS, overallRate: READER_RATE });
    slices.push({ p99: r.latency.p99, p50: r.latency.p50, total: r.requests.total, non2xx: r.non2xx + r.errors + r.timeouts });
  }
  return {
    result: await running,
    p99: Math.max(...slices.map((s) => s.p99)),
    p50: Math.max(...slices.map((s) => s.p50)),
    requests: slices.reduce((n, s) => n + s.total, 0),
    non2xx: slices.reduce((n, s) => n + s.non2xx, 0),
  };
}

try {
  // Warm: the pages' code loaded, the table's cells decoded once (a small selection).
  for (let i = 0; i < 5; i++) await (await fetch(`${server.baseUrl}/`)).arrayBuffer();
  await (await fetch(`${server.baseUrl}/api/v1/tables/POP_GRANDE/L0000.`)).arrayBuffer();
  await autocannon({ url: `${server.baseUrl}/`, connections: READERS, duration: 3 });
  const baseline = rss(pid);
  peak = baseline;
  console.log(`Serveur prêt (pid ${pid}) : ${mb(baseline)} Mo résidents au repos. Charge : ${load()}.`);

  const answers: Answer[] = [];
  const readers: { phase: string; p50: number; p99: number; requests: number; non2xx: number }[] = [];
  // The control: readers alone for 15 s (their own memory growth and latency on this machine).
  const alone = await whileReading(() => new Promise((resolve) => setTimeout(resolve, 15_000)));
  const controlPeak = peak;
  readers.push({ phase: 'seuls (témoin)', p50: alone.p50, p99: alone.p99, requests: alone.requests, non2xx: alone.non2xx });
  console.log(`  lecteurs seuls : p99 ${alone.p99} ms, pic ${mb(controlPeak)} Mo`);
  const one = await whileReading(async () => {
    for (const f of formats) {
      const a = await download(f, 'un à la fois');
      console.log(`  ${f} : ${a.status}, ${mb(a.bytes)} Mo en ${a.seconds.toFixed(1)} s (pic ${mb(peak)} Mo)`);
      answers.push(a);
    }
  });
  readers.push({ phase: 'un à la fois', p50: one.p50, p99: one.p99, requests: one.requests, non2xx: one.non2xx });
  const four = await whileReading(() => Promise.all(formats.map((f) => download(f, 'quatre ensemble'))));
  answers.push(...four.result);
  readers.push({ phase: 'quatre ensemble', p50: four.p50, p99: four.p99, requests: four.requests, non2xx: four.non2xx });
  clearInterval(sampler);

  console.table(
    answers.map((a) => ({
      format: a.format,
      mode: a.mode,
      statut: a.status,
      'taille Mo': Math.round((a.bytes / 1024 / 1024) * 10) / 10,
      s: Math.round(a.seconds * 10) / 10,
      message: a.message.slice(0, 80),
    })),
  );
  console.table(
    readers.map((r) => ({ 'lecteurs de /': r.phase, 'p50 ms': r.p50, 'p99 ms': r.p99, requêtes: r.requests, 'non-2xx': r.non2xx })),
  );
  const growth = peak - baseline;
  const worstP99 = Math.max(...readers.slice(1).map((r) => r.p99));
  const refusedWell = answers.every((a) => (a.status === 200 && !a.message) || a.status === 413 || a.status === 503);
  console.log(
    `Mémoire : ${mb(baseline)} Mo au repos, pic ${mb(controlPeak)} Mo avec les lecteurs seuls, pic ${mb(peak)} Mo en tout : ` +
      `croissance ${mb(growth)} Mo (objectif < 300 Mo).`,
  );
  console.log(`Lecteurs de / : p99 ${worstP99} ms au pire (objectif < 1 000 ms).`);
  console.log(`Charge de la machine (uptime) : ${load()}.`);
  const ok = growth < 300 * 1024 * 1024 && worstP99 < 1000 && refusedWell;
  console.log(ok ? 'Objectifs tenus.' : 'Objectif manqué.');
  process.exitCode = ok ? 0 : 1;
} finally {
  clearInterval(sampler);
  await server.stop();
}
