// npx tsx scripts/profile-tables-api.ts — times each step of one API answer (JSON-stat, 10,000 cells of
// the million-cell POP_GRANDE), one request at a time and outside Next, so the figures do not depend
// on the machine's load the way latencies under 20 connections do: the table's read, the key's
// parsing and checks, the cells' decoding (first time) and selection, the rendering, the ETag.
// Uses a fresh in-memory PGlite.
import './load-env';
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { migrateDatabase } from '@/lib/db/migrate';
import { openDatabase } from '@/lib/db/open';
import { countCells, getTable, pickCells } from '@/lib/tables/queries';
import { renderTable } from '@/lib/tables/read/formats';
import { keyOf, narrowPeriods, parseKey } from '@/lib/tables/read/selection';
import { insertBigTable } from '@/testing/tables-fixture';

const database = await openDatabase({ pgliteDir: 'memory://' });
try {
  await migrateDatabase(database);
  const { db } = database;
  await insertBigTable(db);
  const places = Array.from({ length: 100 }, (_, i) => `L${String(i).padStart(4, '0')}`);
  const key = `${places.join('+')}.`;
  const steps: Record<string, number[]> = {};
  const time = async <T>(name: string, work: () => T | Promise<T>): Promise<T> => {
    const t0 = performance.now();
    const value = await work();
    (steps[name] ??= []).push(performance.now() - t0);
    return value;
  };
  for (let i = 0; i < 30; i++) {
    const table = (await time('lecture du tableau (base)', () => getTable(db, 'POP_GRANDE', { lang: 'fr' })))!;
    const keyed = await time('clé (parseKey)', () => parseKey(table.structure, key));
    if (!keyed.ok) throw new Error(keyed.error.fr);
    const narrowed = await time('périodes (narrowPeriods)', () => narrowPeriods(table.structure, keyed.value, { lastNObservations: 100 }));
    if (!narrowed.ok) throw new Error(narrowed.error.fr);
    const { selection } = narrowed.value;
    await time('compte (countCells)', () => countCells(table.structure, selection));
    await time('clé du cache (keyOf)', () => keyOf(table.structure, selection));
    const picked = await time(i === 0 ? 'cellules, 1re fois (décodage)' : 'cellules (pickCells)', () => pickCells(db, table, selection));
    if (!picked.ok) throw new Error(picked.error.fr);
    const body = await time('JSON-stat (renderTable)', () =>
      renderTable({ table, cells: picked.value }, 'jsonstat', 'fr', { agency: 'INS', href: 'http://x/api' }),
    );
    await time('ETag (sha256)', () => createHash('sha256').update(body).digest('base64url'));
    await time('encodage UTF-8', () => (typeof body === 'string' ? new TextEncoder().encode(body) : body));
  }
  const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
  console.table(Object.entries(steps).map(([étape, v]) => ({ étape, 'médiane ms': Math.round(median(v) * 100) / 100, fois: v.length })));
} finally {
  await database.close();
}
