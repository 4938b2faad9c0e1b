/**
 * Applies the versioned migrations of drizzle/migrations, then the SQL functions of
 * drizzle/functions (their one definition: each file replaces what it defines, every run). Run as
 * its own step (`npm run db:migrate`, and by `npm start` before the server opens the database).
 */
import fs from 'node:fs';
import path from 'node:path';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import type { Database } from './open';

const migrationsFolder = path.resolve(process.cwd(), 'drizzle/migrations');
/** SQL functions defined once (issue 39): no migration redefines them, they change in these files. */
export const functionsFolder = path.resolve(process.cwd(), 'drizzle/functions');

/** The statements of drizzle/functions, file by file in name order (drizzle's `--> statement-breakpoint` separates them). */
export function functionStatements(): string[] {
  return fs
    .readdirSync(functionsFolder)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .flatMap((f) => fs.readFileSync(path.join(functionsFolder, f), 'utf8').split('--> statement-breakpoint'))
    .filter((s) => s.trim() !== '');
}

/** An arbitrary constant: the advisory lock that serializes migrations across app instances. */
const MIGRATION_LOCK = 7_240_611;

/** Brings the schema up to date. On Postgres, concurrent callers wait for each other. */
export async function migrateDatabase(database: Database, databaseUrl?: string): Promise<void> {
  if (database.pglite) {
    await migratePglite(drizzlePglite(database.pglite), { migrationsFolder });
    for (const statement of functionStatements()) await database.pglite.exec(statement);
    return;
  }
  if (!databaseUrl) throw new Error('migrateDatabase: URL Postgres manquante.');
  // One dedicated connection, so the advisory lock and the migration share a session.
  const client = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await client`select pg_advisory_lock(${MIGRATION_LOCK})`;
    await migratePostgres(drizzlePostgres(client), { migrationsFolder });
    for (const statement of functionStatements()) await client.unsafe(statement);
    await client`select pg_advisory_unlock(${MIGRATION_LOCK})`;
  } finally {
    await client.end({ timeout: 5 });
  }
}
