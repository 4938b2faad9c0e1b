/**
 * Test databases: a fresh in-memory PGlite, and, when DATABASE_URL is set, a fresh Postgres
 * database created for the test file and dropped after it. Both are migrated.
 *
 * A migrated PGlite starts from an archive of one migrated cluster (`dumpDataDir`), kept on disk
 * for every test file and worker of the run and rebuilt when the migrations or PGlite change:
 * loading it takes ~0.5 s where a new cluster (initdb) plus the migrations take ~1.5–2 s, and the
 * suite opens about a hundred of them.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { migrateDatabase } from '@/lib/db/migrate';
import { openDatabase, type Database } from '@/lib/db/open';
import { env } from '@/lib/env';

export type TestDatabase = Database & { label: string; url?: string };

/**
 * The databases every query test runs against: PGlite always, Postgres when configured — except on
 * the second database of a CI run (`INSSTAT_SECOND_DATABASE=1`, see scripts/test.sh), where the
 * PGlite cases already ran in the first pass and only Postgres is tested.
 */
export const testDatabaseKinds: ('pglite' | 'postgres')[] = !env.DATABASE_URL
  ? ['pglite']
  : process.env.INSSTAT_SECOND_DATABASE === '1'
    ? ['postgres']
    : ['pglite', 'postgres'];

/** Where the migrated cluster's archive is kept: named by the migrations' and PGlite's contents. */
function archivePath(): string {
  // The migrations and the SQL functions applied after them (lib/db/migrate.ts).
  const folder = path.resolve(process.cwd(), 'drizzle');
  const hash = createHash('sha256');
  for (const name of fs.readdirSync(folder, { recursive: true }).map(String).sort()) {
    const file = path.join(folder, name);
    if (fs.statSync(file).isFile()) hash.update(name).update(fs.readFileSync(file));
  }
  hash.update(JSON.parse(fs.readFileSync(path.resolve(process.cwd(), 'node_modules/@electric-sql/pglite/package.json'), 'utf8')).version);
  return path.join(os.tmpdir(), `insstat-test-cluster-${hash.digest('hex').slice(0, 16)}.tar`);
}

let archive: Promise<Blob> | undefined;

/** The archive of a migrated cluster: read from disk, or made once (written atomically: several workers may race). */
function migratedArchive(): Promise<Blob> {
  archive ??= (async () => {
    const file = archivePath();
    if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
    const database = await openDatabase({ pgliteDir: 'memory://' });
    await migrateDatabase(database);
    const blob = await database.pglite!.dumpDataDir('none');
    await database.close();
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(partial, Buffer.from(await blob.arrayBuffer()));
    fs.renameSync(partial, file);
    return blob;
  })();
  return archive;
}

/** Opens a new, empty, migrated database of that kind. Call `close()` when done. */
export async function createTestDatabase(kind: 'pglite' | 'postgres', { migrate = true } = {}): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = migrate
      ? await openDatabase({ pgliteDir: 'memory://', pgliteData: await migratedArchive() })
      : await openDatabase({ pgliteDir: 'memory://' });
    return { ...database, label: 'PGlite' };
  }
  const baseUrl = env.DATABASE_URL;
  if (!baseUrl) throw new Error('DATABASE_URL absent : pas de Postgres de test.');
  const name = `insstat_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  if (migrate) await migrateDatabase(database, url.toString());
  return {
    ...database,
    label: 'Postgres',
    url: url.toString(),
    close: async () => {
      await database.close();
      const drop = postgres(baseUrl, { max: 1, onnotice: () => {} });
      await drop.unsafe(`drop database if exists ${name} with (force)`);
      await drop.end();
    },
  };
}
