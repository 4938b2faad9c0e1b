/** Rows of a raw SQL query, whichever driver runs it (postgres-js returns an array, PGlite `{ rows }`). */
import type { SQL } from 'drizzle-orm';
import type { Db } from './open';

export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
