/**
 * Opens the database: PGlite persisted under DATA_DIR by default, or any Postgres when
 * DATABASE_URL is set. Used by the server (through `lib/db/index.ts`), scripts and tests.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { dataDir, env } from '@/lib/env';
import { acquireDirectoryLock } from './lock';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded client, when the database is PGlite. */
  pglite?: PGlite;
  /** Runs raw SQL; used by migrations and tests. */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
};

export const pgliteDir = path.join(dataDir, 'pglite');
/** Copy of the embedded database that `npm run build` hands to Next's build workers. */
export const buildSnapshotPath = path.join(dataDir, 'build-snapshot.tar.gz');

const extensions = { pg_trgm, unaccent };

type OpenOptions = {
  /** Open this PGlite directory instead of DATA_DIR's (tests). `memory://` for an in-memory one. */
  pgliteDir?: string;
  /** The data an in-memory PGlite starts from (`dumpDataDir`'s archive), instead of an empty cluster. */
  pgliteData?: Blob;
  /** Open this Postgres URL instead of DATABASE_URL (tests). */
  databaseUrl?: string;
};

/** Opens the configured database. On PGlite, takes the directory's exclusive lock first. */
export async function openDatabase(options: OpenOptions = {}): Promise<Database> {
  if (options.pgliteDir) return openPglite(options.pgliteDir, options.pgliteData);
  const url = options.databaseUrl ?? env.DATABASE_URL;
  if (url) return openPostgres(url);
  if (env.INSSTAT_BUILD_SNAPSHOT || env.NEXT_PHASE === 'phase-production-build') return openBuildSnapshot();
  return openPglite(pgliteDir);
}

function openPostgres(url: string): Database {
  const client = postgres(url, {
    max: env.DATABASE_POOL_MAX,
    prepare: env.DATABASE_PREPARE,
    // A database that is down or overloaded fails the request in bounded time instead of hanging it.
    connect_timeout: env.DATABASE_CONNECT_TIMEOUT_SECONDS,
    // No wait between connection attempts. postgres.js's default backoff (up to 20 s, growing with
    // each failure) holds every query queued behind a failed connection: with the database gone, a
    // page's reads took 2 to 6 s each, 46 s for 40 at once (a page never served, 14 s in
    // e2e/outage.spec.ts), where each should fail at once and let the page cache answer. An attempt
    // is made only for a query that waits, and fails it: no loop while nobody asks.
    backoff: () => 0,
    ...(env.DATABASE_STATEMENT_TIMEOUT_MS > 0 ? { connection: { statement_timeout: env.DATABASE_STATEMENT_TIMEOUT_MS } } : {}),
    onnotice: () => {},
  });
  const db: Db = drizzlePostgres(client, { schema });
  return {
    db,
    kind: 'postgres',
    exec: async (sql) => {
      await client.unsafe(sql);
    },
    close: () => client.end({ timeout: 5 }),
  };
}

async function openPglite(dir: string, data?: Blob): Promise<Database> {
  if (dir.startsWith('memory://')) return wrapPglite(await PGlite.create({ extensions, ...(data ? { loadDataDir: data } : {}) }), () => {});
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const release = acquireDirectoryLock(dir);
  try {
    return wrapPglite(await PGlite.create(dir, { extensions }), release);
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * Next's build runs several worker processes. None may open the live directory: each loads the
 * snapshot `npm run build` wrote into a private in-memory database.
 */
async function openBuildSnapshot(): Promise<Database> {
  const snapshot = env.INSSTAT_BUILD_SNAPSHOT ?? buildSnapshotPath;
  if (!fs.existsSync(/*turbopackIgnore: true*/ snapshot)) {
    throw new Error(
      `Copie de la base pour la compilation introuvable (${snapshot}). Lancez « npm run build » ` +
        `(ou « npm start ») plutôt que « next build » : il prépare cette copie sans ouvrir la base en service.`,
    );
  }
  const blob = new Blob([fs.readFileSync(/*turbopackIgnore: true*/ snapshot)]);
  return wrapPglite(await PGlite.create({ loadDataDir: blob, extensions }), () => {});
}

function wrapPglite(client: PGlite, release: () => void): Database {
  const db: Db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    pglite: client,
    exec: async (sql) => {
      await client.exec(sql);
    },
    close: async () => {
      try {
        if (!client.closed) await client.close();
      } finally {
        release();
      }
    },
  };
}

/** Writes the build snapshot from an open PGlite database (see `openBuildSnapshot`). */
export async function writeBuildSnapshot(client: PGlite, target = buildSnapshotPath): Promise<void> {
  const dump = await client.dumpDataDir('gzip');
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const tmp = `${target}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(tmp, target);
}
