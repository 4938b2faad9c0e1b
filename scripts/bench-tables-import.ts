// npm run bench:tables-import — imports a generated table of 1,000,000 cells (PX, then tidy CSV) into
// a fresh embedded database (PGlite, on disk in a temporary folder), the way the back-office does:
// read and check the file (no database), stage it with its preview (one INSERT), publish it as a
// version (one short transaction copying the staged cells inside the database). Prints each step's
// time; « base occupée » is the time the database spends on the import's writes, the only time
// another request could wait for it. Goal (issue 27): under 30 s.
//
// « boucle bloquée » is the longest the server's event loop waited (perf_hooks.monitorEventLoopDelay,
// 10 ms resolution) while the file was read: in the calling thread (`parseTableFile`, how imports ran
// before) and in the worker thread the back-office uses (`readTableFile`); then over the whole staging
// and publication (PGlite runs in this thread: its writes block the loop too).
import './load-env';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { migrateDatabase } from '@/lib/db/migrate';
import { openDatabase } from '@/lib/db/open';
import { users } from '@/lib/db/schema';
import { setSelfApproval } from '@/lib/review/settings';
import { parseTableFile, readTableFile } from '@/lib/tables/import';
import { publishTableImport, stageTableImport } from '@/lib/tables/imports';
import { createTable } from '@/lib/tables/versions';

/** 100 régions × 2 sexes × 20 groupes d'âge × 10 milieux × 25 années = 1,000,000 cells. */
const dims = {
  REGION: Array.from({ length: 100 }, (_, i) => `R${String(i + 1).padStart(3, '0')}`),
  SEXE: ['F', 'M'],
  AGE: Array.from({ length: 20 }, (_, i) => `A${String(i * 5).padStart(2, '0')}`),
  MILIEU: Array.from({ length: 10 }, (_, i) => `M${i}`),
  ANNEE: Array.from({ length: 25 }, (_, i) => String(2000 + i)),
};
const CELLS = Object.values(dims).reduce((n, v) => n * v.length, 1);
const valueAt = (i: number) => (i % 997 === 0 ? null : ((i * 7919) % 100000) / 10);

function pxFile(): Uint8Array {
  const q = (v: string[]) => v.map((x) => `"${x}"`).join(',');
  const head = [
    'CHARSET="ANSI";',
    'LANGUAGE="fr";',
    'LANGUAGES="fr","en";',
    'DECIMALS=1;',
    'TITLE="Population (banc d’essai)";',
    'TITLE[en]="Population (benchmark)";',
    'CONTENTS="Population";',
    'UNITS="habitants";',
    'UNITS[en]="inhabitants";',
    'STUB="REGION","SEXE","AGE","MILIEU";',
    'STUB[en]="REGION","SEX","AGE","AREA";',
    'HEADING="ANNEE";',
    'HEADING[en]="YEAR";',
    ...Object.entries(dims).map(([d, v]) => `VALUES("${d}")=${q(v)};`),
    `TIMEVAL("ANNEE")=TLIST(A1),${q(dims.ANNEE)};`,
    'DATA=',
  ].join('\n');
  const rows: string[] = [];
  const width = dims.ANNEE.length;
  for (let r = 0; r < CELLS / width; r++) {
    const line: string[] = [];
    for (let c = 0; c < width; c++) {
      const v = valueAt(r * width + c);
      line.push(v === null ? '".."' : String(v));
    }
    rows.push(line.join(' '));
  }
  return new TextEncoder().encode(`${head}\n${rows.join('\n')};\n`);
}

function csvFile(): Uint8Array {
  const lines = ['REGION;SEXE;AGE;MILIEU;ANNEE;valeur;statut'];
  let i = 0;
  for (const r of dims.REGION)
    for (const s of dims.SEXE)
      for (const a of dims.AGE)
        for (const m of dims.MILIEU)
          for (const y of dims.ANNEE) {
            const v = valueAt(i++);
            lines.push(`${r};${s};${a};${m};${y};${v === null ? '..' : String(v).replace('.', ',')};`);
          }
  return new TextEncoder().encode(`${lines.join('\n')}\n`);
}

/** Runs `work`, returning its result, its time and the event loop's longest wait meanwhile (ms). */
async function watched<T>(work: () => Promise<T>): Promise<{ value: T; ms: number; blockedMs: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  // The monitor counts from its first tick: let it tick once before the work starts.
  await new Promise((resolve) => setTimeout(resolve, 30));
  const t0 = performance.now();
  const value = await work();
  const ms = Math.round(performance.now() - t0);
  // Let the monitor's last timer fire, so a block at the very end is counted.
  await new Promise((resolve) => setTimeout(resolve, 20));
  histogram.disable();
  return { value, ms, blockedMs: Math.round(histogram.max / 1e6) };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'insstat-bench-tables-'));
const database = await openDatabase({ pgliteDir: path.join(dir, 'pglite') });
try {
  await migrateDatabase(database);
  const { db } = database;
  await setSelfApproval(db, { allowed: true, user: null, actor: 'bench' });
  const [user] = await db
    .insert(users)
    .values({ name: 'Banc d’essai', email: 'bench@example.org' })
    .returning({ id: users.id, name: users.name, email: users.email });
  const actor = { user: user!, ip: null };
  const results: Record<string, string | number>[] = [];
  for (const [format, make] of [
    ['PX', pxFile],
    ['CSV', csvFile],
  ] as const) {
    const code = `BENCH_${format}`;
    await createTable(db, {
      meta: { code, area: 'demographie', title: `Banc d’essai ${format}`, description: '', source: '', method: '', notes: '' },
      actor,
    });
    const bytes = make();
    const filename = `bench.${format.toLowerCase()}`;
    const inThread = await watched(() => parseTableFile({ bytes, filename }));
    const inWorker = await watched(() => readTableFile({ bytes, filename }));
    if (inWorker.value.errors.length > 0 || inThread.value.payload?.values.length !== inWorker.value.payload?.values.length)
      throw new Error('Le fil de lecture ne lit pas comme le fil principal.');
    const t0 = performance.now();
    const whole = await watched(async () => {
      const staged = await stageTableImport(db, { code, filename, bytes, actor });
      if (!staged.ok || staged.value.report.errors.length > 0)
        throw new Error(JSON.stringify(staged.ok ? staged.value.report.errors : staged));
      const t1 = performance.now();
      const published = await publishTableImport(db, {
        id: staged.value.id,
        kind: 'revision',
        reason: 'Banc d’essai.',
        actor,
        approver: true,
      });
      if (!published.ok) throw new Error(published.error);
      return { staged: staged.value, published: published.value, t1 };
    });
    const { staged, published, t1 } = whole.value;
    const t2 = t0 + whole.ms;
    results.push({
      format,
      'taille (Mo)': Math.round(bytes.length / 1e5) / 10,
      cellules: published.cellCount,
      'lecture dans le fil (ms)': inThread.ms,
      'boucle bloquée, lecture dans le fil (ms)': inThread.blockedMs,
      'lecture en worker (ms)': staged.report.readMs,
      'boucle bloquée, lecture en worker (ms)': inWorker.blockedMs,
      'aperçu (ms)': Math.round(t1 - t0 - staged.report.readMs),
      'publication (ms)': Math.round(t2 - t1),
      'total (s)': Math.round((t2 - t0) / 100) / 10,
      'base occupée (ms)': Math.round(t1 - t0 - staged.report.readMs + t2 - t1),
      'boucle bloquée, import entier (ms)': whole.blockedMs,
    });
  }
  console.table(results);
  const worst = Math.max(...results.map((r) => Number(r['total (s)'])));
  console.log(`Import de ${CELLS.toLocaleString('fr-FR')} cellules : ${worst} s au plus (objectif : moins de 30 s).`);
  if (worst >= 30) process.exitCode = 1;
} finally {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
