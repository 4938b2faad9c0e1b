import { openDatabase, type Database, type Db } from './open';

const globalForDb = globalThis as typeof globalThis & { __insstatDb?: Promise<Database> };

/**
 * The process's one database handle. Kept on `globalThis` because Next loads modules several
 * times in one process (pages, route handlers, proxy), and PGlite must be opened only once.
 * Server code imports `getDb` from `@/lib/db`; this file exists for `proxy.ts`.
 */
export function getDb(): Promise<Db> {
  globalForDb.__insstatDb ??= openDatabase().catch((error: unknown) => {
    globalForDb.__insstatDb = undefined;
    throw error;
  });
  return globalForDb.__insstatDb.then((d) => d.db);
}
