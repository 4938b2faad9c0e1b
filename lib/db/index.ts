import 'server-only';
import { openDatabase, type Database, type Db } from './open';

export type { Db } from './open';

const globalForDb = globalThis as typeof globalThis & { __insstatDb?: Promise<Database> };

/**
 * The server's one database handle. Kept on `globalThis` because Next can load this module
 * several times in one process (pages, route handlers), and PGlite must be opened only once.
 */
export function getDb(): Promise<Db> {
  globalForDb.__insstatDb ??= openDatabase().catch((error: unknown) => {
    globalForDb.__insstatDb = undefined;
    throw error;
  });
  return globalForDb.__insstatDb.then((d) => d.db);
}
