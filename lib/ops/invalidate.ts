import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import { revalidateTag } from 'next/cache';
import { beginPageWrite, duringWrite } from '@/lib/http/page-cache';
import { invalidatePublicPathIndex } from '@/lib/routing/path-index';
import { processTagStore } from '@/lib/cache/process-tag-store';
import { getDb } from '@/lib/db/instance';
import { refreshDueTime } from './due-clock';

/**
 * After a write: expires exactly these tags (the next request renders fresh content), the
 * proxy's index of existing paths and the front page cache, here and, through the shared tag
 * store (lib/cache/tag-store.ts), on every other app instance and after a restart. Call from
 * server actions and route handlers only, and await it before answering: the other instances
 * know of the change once it resolves.
 *
 * Under the production server, the pages readers are reading (`/`, the area page being read…)
 * are rendered again before it resolves, while readers keep getting the previous copies; then the
 * other copies are dropped (lib/http/page-cache.ts). So the editor, and every request that starts
 * after the answer, gets the new content, and readers never wait for these renders.
 *
 * The shared record is one statement right after the write's transaction, not inside it: a crash
 * between the two leaves the other instances' copies until their cache life ends (`content`
 * profile) — the write itself is never lost.
 *
 * Last, the process's next due time is read again (the write may have scheduled, moved or
 * withdrawn something): the scheduler's timer and the cache headers follow it from the answer on.
 */
/** The invalidations of the work running in this async context (`watchingInvalidations`). */
const watched = new AsyncLocalStorage<{ invalidated: boolean }>();

/**
 * Runs `work` and says whether it invalidated tags (`invalidateTags`): an admin action's answer then
 * already carries every cached page as of the write (lib/admin/action.ts).
 */
export async function watchingInvalidations<T>(work: () => Promise<T>): Promise<{ value: T; invalidated: boolean }> {
  const state = { invalidated: false };
  const value = await watched.run(state, work);
  return { value, invalidated: state.invalidated };
}

export async function invalidateTags(tagList: readonly string[]): Promise<void> {
  const tags = [...new Set(tagList)];
  // Only a tag Next was told of (`revalidateTag`) refreshes the action's answer: an empty list does not.
  const state = watched.getStore();
  if (state && tags.length > 0) state.invalidated = true;
  // Until the pages are rendered again, answers may show the old content: caches keep them 1 s,
  // and the purge of the caches in front waits for this write's end (lib/http/page-cache.ts).
  await duringWrite(() => expireAndRender(tags));
}

async function expireAndRender(tags: string[]): Promise<void> {
  for (const tag of tags) revalidateTag(tag, { expire: 0 });
  invalidatePublicPathIndex();
  try {
    await processTagStore()?.bump(tags);
  } catch (error) {
    // The write is done and this instance is up to date; only the other instances lag.
    console.error('Étiquettes de cache : la modification n’a pas pu être signalée aux autres instances.', error);
  }
  // Only now: Next applies `revalidateTag` at the end of this request, so until the bump a render
  // elsewhere may still get the old page from Next's cache — it must not count as rendered after the write.
  const pages = beginPageWrite();
  try {
    await pages.refresh();
  } finally {
    pages.finish();
  }
  try {
    await refreshDueTime(await getDb());
  } catch (error) {
    // The periodic run reads it again; until then the previous due time stands.
    console.error('Prochaine échéance : relecture impossible après la modification.', error);
  }
}
