/**
 * Applies the versioned migrations of drizzle/migrations. Run as its own step
 * (`npm run db:migrate`, and by `npm start` before the server opens the database).
 */
import path from 'node:path';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import type { Database } from './open';

const migrationsFolder = path.resolve(process.cwd(), 'drizzle/migrations');

/** An arbitrary constant: the advisory lock that serializes migrations across app instances. */
const MIGRATION_LOCK = 7_240_611;

/** Brings the schema up to date. On Postgres, concurrent callers wait for each other. */
export async function migrateDatabase(database: Database, databaseUrl?: string): Promise<void> {
  if (database.pglite) {
    await migratePglite(drizzlePglite(database.pglite), { migrationsFolder });
    return;
  }
  if (!databaseUrl) throw new Error('migrateDatabase: URL Postgres manquante.');
  // One dedicated connection, so the advisory lock and the migration share a session.
  const client = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await client`select pg_advisory_lock(${MIGRATION_LOCK})`;
    await migratePostgres(drizzlePostgres(client), { migrationsFolder });
    await client`select pg_advisory_unlock(${MIGRATION_LOCK})`;
  } finally {
    await client.end({ timeout: 5 });
  }
}
