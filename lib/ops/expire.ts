/**
 * Expiry of cache tags without a request scope: what the production server's scheduler does in its
 * own process once it published something, instead of asking itself over HTTP (a request that
 * queued behind the readers' requests for 7 to 34 s on release day).
 *
 * Next's `revalidateTag` adds nothing the bump does not already give here: inside a request it only
 * records the tags for Next's own handlers (its file-system cache's tag manifest and the
 * `'use cache'` handler's), and both of ours (lib/cache/handlers/*.mjs) treat as a miss every entry
 * whose tags changed in the process's tag store at or after its render began; the render clock's
 * batchers follow the same store (`lastChangeAt`). So the bump, the public path index, the front
 * page cache and the due clock are the whole of it — and the bump's NOTIFY tells the other
 * instances (and the other workers of a cluster) at once. e2e/release-minute.spec.ts fails if a
 * Next upgrade starts serving a page past this.
 *
 * No Next imports and no `server-only`: loaded by the production server's own module graph.
 */
import type { Db } from '@/lib/db/open';
import { processTagStore } from '@/lib/cache/process-tag-store';
import { beginPageWrite, duringWrite } from '@/lib/http/page-cache';
import { invalidatePublicPathIndex } from '@/lib/routing/path-index';
import { refreshDueTime } from './due-clock';

/**
 * Expires `tagList` in this process and, through the shared tag store, on every other instance;
 * then renders the hot pages anew and drops the front cache's older copies (lib/http/page-cache.ts)
 * and reads the next due time again. Throws when the bump fails (the scheduler retries the tags).
 */
export async function expireTagsInProcess(db: Db, tagList: readonly string[]): Promise<void> {
  const tags = [...new Set(tagList)];
  if (tags.length === 0) return;
  // As any write: 1 s in the caches until its pages are rendered, and its purge after them.
  await duringWrite(() => expireAndRender(db, tags));
}

async function expireAndRender(db: Db, tags: string[]): Promise<void> {
  invalidatePublicPathIndex();
  // The bump first: until then Next's handlers still serve the old pages, and a copy stored from
  // one of them must count as older than the write (`beginPageWrite` below).
  await processTagStore()?.bump(tags);
  const pages = beginPageWrite();
  try {
    await pages.refresh();
  } finally {
    pages.finish();
  }
  await refreshDueTime(db);
}
