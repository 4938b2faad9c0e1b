/**
 * Starts the process's cache tag store (lib/cache/tag-store.ts) when the server starts
 * (instrumentation.ts): Postgres gets the shared table and the broadcast, PGlite the table only.
 */
import 'server-only';
import { getDb } from '@/lib/db/instance';
import { env } from '@/lib/env';
import { clearPageCache, thisWriteSettled } from '@/lib/http/page-cache';
import { schedulePurge } from '@/lib/cache/purge';
import { refreshDueTime } from '@/lib/ops/due-clock';
import { invalidatePublicPathIndex } from '@/lib/routing/path-index';
import { createTagStore } from '@/lib/cache/tag-store';
import { processTagStore, setProcessTagStore } from '@/lib/cache/process-tag-store';

const RETRY_MS = 5_000;

/**
 * Registers the store, then reads the table and starts listening. Never throws: with the database
 * unreachable, the store answers « stale » for every entry written before the start (nothing
 * older is served) and the start is retried every few seconds.
 */
export async function startProcessTagStore(): Promise<void> {
  // The build prerenders from a snapshot: no store, no listening worker processes.
  if (env.NEXT_PHASE === 'phase-production-build' || processTagStore()) return;
  const db = await getDb();
  const store = createTagStore({
    db,
    listenUrl: env.DATABASE_URL,
    // Another instance wrote: its pages, lists and paths are no longer what this process holds.
    onRemoteChange: () => {
      invalidatePublicPathIndex();
      clearPageCache();
      // It may have scheduled or moved something: this process's timer and headers follow.
      void refreshDueTime(db).catch((error: unknown) => console.error('Prochaine échéance : relecture impossible.', error));
    },
    // This process wrote: the caches in front drop the pages of these tags once the write is done
    // (lib/ops/invalidate.ts): its pages rendered here, the next due time read again (the pages the
    // caches fetch after the purge get a life that ends there). Only this write's end: the others'
    // renders are no business of its purge. Every bump runs inside a write (`duringWrite`).
    onLocalChange: (tags) => schedulePurge(tags, () => thisWriteSettled() ?? Promise.resolve()),
    onError: (error) => console.error('Étiquettes de cache : rattrapage impossible (nouvel essai à la prochaine requête).', error),
  });
  setProcessTagStore(store);
  const attempt = async (): Promise<void> => {
    try {
      await store.start();
      // At start: the next due time, before the first answer is sent.
      await refreshDueTime(db).catch((error: unknown) => console.error('Prochaine échéance : lecture impossible au démarrage.', error));
    } catch (error) {
      console.error(
        `Étiquettes de cache partagées illisibles (nouvel essai dans ${RETRY_MS / 1000} s) : ` +
          `les pages en cache d'avant le démarrage ne sont pas servies.`,
        error,
      );
      setTimeout(() => void attempt(), RETRY_MS).unref();
    }
  };
  await attempt();
}
