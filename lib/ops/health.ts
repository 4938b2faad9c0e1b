/**
 * What load balancers and orchestrators ask: `GET /api/health` (the process answers) and
 * `GET /api/ready` (it can serve: the database answers a query and the file storage a lookup,
 * each within `timeoutMs`). Never cached; the answer names, in French, what is unreachable.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/open';
import { json } from '@/lib/http/responses';
import type { StorageDriver } from '@/lib/storage/types';

/** `GET /api/health`: the process is up (no dependency checked, so a database outage never restarts it). */
export function health(): Response {
  return json({ status: 'ok', uptimeSeconds: Math.round(process.uptime()) });
}

export type ReadinessDeps = { getDb: () => Promise<Db>; storage: () => StorageDriver; timeoutMs?: number };

type Check = { ok: true } | { ok: false; error: string };

async function check(work: () => Promise<unknown>, timeoutMs: number, message: string): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`pas de réponse en ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([work(), timeout]);
    return { ok: true };
  } catch (error) {
    return { ok: false, error: `${message} (${error instanceof Error ? error.message : String(error)})` };
  } finally {
    clearTimeout(timer);
  }
}

/** `GET /api/ready`: 200 when the database and the storage answer in time, 503 naming what does not. */
export async function readiness({ getDb, storage, timeoutMs = 2_000 }: ReadinessDeps): Promise<Response> {
  const [database, files] = await Promise.all([
    check(async () => (await getDb()).execute(sql`select 1`), timeoutMs, 'La base de données est injoignable'),
    // A lookup of a key that never exists: reaches the disk or the bucket without reading anything.
    check(async () => storage().size('insstat-ready-check'), timeoutMs, 'Le stockage des fichiers est injoignable'),
  ]);
  const ok = database.ok && files.ok;
  const describe = (c: Check) => (c.ok ? 'ok' : c.error);
  return json({ status: ok ? 'ok' : 'indisponible', database: describe(database), storage: describe(files) }, { status: ok ? 200 : 503 });
}
