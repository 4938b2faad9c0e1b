// npm run bench:tables-import — imports a generated table of 1,000,000 cells (PX, then tidy CSV) into
// a fresh embedded database (PGlite, on disk in a temporary folder), the way the back-office does:
// read and check the file (no database), stage it with its preview (one INSERT), publish it as a
// version (one short transaction copying the staged cells inside the database). Prints each step's
// time; « base occupée » is the time the database spends on the import's writes, the only time
// another request could wait for it. Goal (issue 27): under 30 s.
import './load-env';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { migrateDatabase } from '@/lib/db/migrate';
import { openDatabase } from '@/lib/db/open';
import { users } from '@/lib/db/schema';
import { setSelfApproval } from '@/lib/review/settings';
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
    const t0 = performance.now();
    const staged = await stageTableImport(db, { code, filename: `bench.${format.toLowerCase()}`, bytes, actor });
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
    const t2 = performance.now();
    results.push({
      format,
      'taille (Mo)': Math.round(bytes.length / 1e5) / 10,
      cellules: published.value.cellCount,
      'lecture du fichier (ms)': staged.value.report.readMs,
      'aperçu (ms)': Math.round(t1 - t0 - staged.value.report.readMs),
      'publication (ms)': Math.round(t2 - t1),
      'total (s)': Math.round((t2 - t0) / 100) / 10,
      'base occupée (ms)': Math.round(t1 - t0 - staged.value.report.readMs + t2 - t1),
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
