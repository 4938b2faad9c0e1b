// Series part of `npm run bench`: the time to import 10,000 values (read and check the file, then
// publish them as versions), in this process on a fresh in-memory database, so the figure is the
// import's own and not the network's. Goal (issue 11): under 2 s.
import { performance } from 'node:perf_hooks';
import { migrateDatabase } from '@/lib/db/migrate';
import { openDatabase } from '@/lib/db/open';
import { users } from '@/lib/db/schema';
import { publishImport, stageImport } from '@/lib/series/imports';
import { createSeries } from '@/lib/series/versions';

const SERIES = 10;
const MONTHS = 1000;

/** A long-layout French CSV: SERIES series × MONTHS months = 10,000 values. */
function csv(): Uint8Array {
  const lines = ['code;période;valeur;statut'];
  for (let s = 0; s < SERIES; s++) {
    for (let m = 0; m < MONTHS; m++) {
      const year = 1940 + Math.floor(m / 12);
      const month = String((m % 12) + 1).padStart(2, '0');
      lines.push(`BENCH_${s};${year}-${month};${(100 + s + m / 10).toFixed(1).replace('.', ',')};A`);
    }
  }
  return new TextEncoder().encode(`${lines.join('\n')}\n`);
}

export async function benchSeriesImport(): Promise<Record<string, string | number>> {
  const database = await openDatabase({ pgliteDir: 'memory://' });
  try {
    await migrateDatabase(database);
    const { db } = database;
    const [user] = await db
      .insert(users)
      .values({ name: 'Banc d’essai', email: 'bench@example.org' })
      .returning({ id: users.id, name: users.name, email: users.email });
    const actor = { user: user!, ip: null };
    for (let s = 0; s < SERIES; s++) {
      await createSeries(db, {
        meta: {
          code: `BENCH_${s}`,
          label: `Série de mesure ${s}`,
          unit: 'indice',
          basePeriod: '',
          frequency: 'monthly',
          decimals: 1,
          seasonalAdjustment: 'none',
          source: '',
          methodology: '',
          area: 'ipc',
          headline: false,
          imfIndicator: null,
        },
        actor,
      });
    }
    const bytes = csv();
    const t0 = performance.now();
    const { id } = await stageImport(db, { filename: 'bench.csv', bytes, actor });
    const t1 = performance.now();
    // Measures the write; a submitted version (no self-approval here) writes the same rows.
    const result = await publishImport(db, { id, kind: 'revision', reason: 'Mesure', actor, approver: true });
    const t2 = performance.now();
    if (!result.ok) throw new Error(result.error);
    const values = result.value.reduce((n, v) => n + v.changed, 0);
    return {
      'valeurs importées': values,
      'taille du fichier (Ko)': Math.round(bytes.length / 1024),
      'lecture et vérification (ms)': Math.round(t1 - t0),
      'publication en versions (ms)': Math.round(t2 - t1),
      'import complet (ms, objectif < 2000)': Math.round(t2 - t0),
    };
  } finally {
    await database.close();
  }
}
