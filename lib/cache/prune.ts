/**
 * Keeps `cache_tags` small: one row per tag ever expired would otherwise grow forever (every
 * publication, file and series has its own tags). Rows older than `CACHE_TAGS_KEEP_DAYS` are
 * deleted, and the newest deleted date is kept as the floor row `FLOOR_TAG`: a process that starts
 * later treats every cache entry written at or before the floor as stale (lib/cache/tag-store.ts),
 * so a deleted row can never let an entry older than its change through. Such entries are older
 * than a month: re-rendering them once costs nothing.
 *
 * Run by the scheduler (lib/ops/scheduler.ts) inside its locked transaction, so two instances
 * never prune at once. No `server-only` here: the custom server's scheduler imports it.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/open';
import { queryRows } from '@/lib/db/raw';

/** Not a tag Next could use (tags are paths or `kind:…` names): the date below which rows were pruned. */
export const FLOOR_TAG = '*pruned-before';
export const CACHE_TAGS_KEEP_DAYS = 30;

/** Deletes the rows changed before `now` − `keepDays` and raises the floor to the newest of them; returns how many. */
export async function pruneCacheTags(db: Db, now: Date = new Date(), keepDays = CACHE_TAGS_KEEP_DAYS): Promise<number> {
  const cutoff = new Date(now.getTime() - keepDays * 86_400_000);
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`with gone as (
          delete from cache_tags where revalidated_at < ${cutoff.toISOString()}::timestamptz and tag <> ${FLOOR_TAG}
          returning revalidated_at
        ), floor as (
          insert into cache_tags (tag, revalidated_at)
          select ${FLOOR_TAG}, max(revalidated_at) from gone having count(*) > 0
          on conflict (tag) do update set revalidated_at = greatest(cache_tags.revalidated_at, excluded.revalidated_at)
        )
        select count(*) as n from gone`,
  );
  return Number(row?.n ?? 0);
}
