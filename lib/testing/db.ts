/**
 * Test databases: a fresh in-memory PGlite, and, when DATABASE_URL is set, a fresh Postgres
 * database created for the test file and dropped after it. Both are migrated.
 */
import { randomBytes } from 'node:crypto';
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

/** Opens a new, empty, migrated database of that kind. Call `close()` when done. */
export async function createTestDatabase(kind: 'pglite' | 'postgres', { migrate = true } = {}): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await openDatabase({ pgliteDir: 'memory://' });
    if (migrate) await migrateDatabase(database);
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
