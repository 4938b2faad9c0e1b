/**
 * Scheduled releases, above the domains it drives (content kinds, the calendar's releases and their
 * review holds, series versions): puts online every item whose scheduled time has come, and the
 * timer the production server runs it on, for every kind of the index (each has the life cycle, so each can
 * be scheduled). No Next imports: the caller passes how to reach the database and how to
 * invalidate cache tags.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/open';
import { queryRows } from '@/lib/db/raw';
import { pruneCacheTags } from '@/lib/cache/prune';
import { allKinds } from '@/lib/content/kinds';
import type { AnyKind } from '@/lib/content/kinds/kind';
import { mergeTags, publishDueOfKind } from '@/lib/content/mutations/lifecycle';
import { publishDueReleases } from '@/lib/releases/links';
import { heldPublications } from '@/lib/releases/review';
import { announceDueVersions } from '@/lib/series/versions';
import { announceDueTableVersions } from '@/lib/tables/versions';
import { enqueueCorrectionAlerts, enqueueReleaseAlerts } from '@/lib/alerts/enqueue';
import { nextDueTime, onDueTimeChange, refreshDueTime } from './due-clock';
import { currentTime, currentTimeMs, onClockMove } from '@/lib/clock';

export type PublishedItem = { entity: string; id: number; title: string };

/** Key of the transaction lock one run holds: runs from several instances or crons take turns. */
const SCHEDULER_LOCK = 0x1e5_5ca1;

/**
 * Publishes every scheduled item (of `kinds`) whose release time is at or before `now`, with one
 * audit entry each (`{entity}.publish`, no user), marks the calendar releases due as published, and
 * announces the series versions whose time has come, and queues the subscribers' email alerts of
 * the releases and corrections now public (lib/alerts/enqueue.ts), all in one transaction. Idempotent and safe to
 * run from several app instances or crons at once: the transaction holds a database lock, and a run
 * that finds it taken returns nothing (the other run publishes), so each item is published and
 * audited once. Returns what was published and the cache tags to invalidate.
 */
export async function publishDueItems(
  db: Db,
  now: Date = currentTime(),
  kinds: readonly AnyKind[] = allKinds,
): Promise<{ published: PublishedItem[]; tags: string[] }> {
  return db.transaction(async (tx) => {
    const [lock] = await queryRows<{ ok: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${SCHEDULER_LOCK}) as ok`);
    if (!lock?.ok) return { published: [], tags: [] };
    const published: PublishedItem[] = [];
    const tagLists: string[][] = [];
    // Publications of a release whose minute came but which is not approved as a whole wait for it.
    const held = await heldPublications(tx, now);
    for (const kind of kinds) {
      for (const row of await publishDueOfKind(tx, kind, now, kind.entity === 'publication' ? held : [])) {
        published.push({ entity: kind.entity, id: row.id, title: row.title });
        tagLists.push(kind.tags(row));
      }
    }
    // Releases whose time has come are published, after the publications they carry.
    const due = await publishDueReleases(tx, now);
    for (const r of due.releases) published.push({ entity: 'release', id: r.id, title: r.title });
    tagLists.push(due.tags);
    // Series versions are public from their time by the reads themselves; the caches learn it here.
    const series = await announceDueVersions(tx, now);
    for (const v of series.versions) published.push({ entity: 'series', id: v.number, title: `${v.code}, version ${v.number}` });
    tagLists.push(series.tags);
    // Table versions likewise (lib/tables).
    const tables = await announceDueTableVersions(tx, now);
    for (const v of tables.versions) published.push({ entity: 'table', id: v.number, title: `${v.code}, version ${v.number}` });
    tagLists.push(tables.tags);
    // Subscribers' alerts, queued in this transaction: they go out if and only if the release or correction did.
    await enqueueReleaseAlerts(
      tx,
      due.releases.map((r) => r.id),
      now,
    );
    await enqueueCorrectionAlerts(tx, now);
    // Housekeeping under the same lock: expiries older than a month leave `cache_tags`.
    await pruneCacheTags(tx, now);
    return { published, tags: mergeTags(...tagLists) };
  });
}

export type SchedulerOptions = {
  /** The database of this app instance (opened lazily by the server). */
  getDb: () => Promise<Db>;
  /** Expires these cache tags (the server passes its in-process expiry, lib/ops/expire.ts). */
  invalidate: (tags: string[]) => void | Promise<void>;
  /** Time between two safety-net runs; 15 s by default. */
  intervalMs?: number;
  /**
   * Sends the email alerts due (lib/alerts/service.ts `sendDueAlerts`), started after each run and
   * not awaited: a long send never delays the next minute's publications.
   */
  sendAlerts?: (db: Db) => Promise<unknown>;
};

export type Scheduler = {
  /** Runs once now (a run under way is followed by one more, which it then waits for). */
  runNow(): Promise<void>;
  /** Stops the timers and waits for a run under way. */
  stop(): Promise<void>;
};

/**
 * Longest delay a Node timer accepts (about 24.8 days); a due time further ahead is re-armed
 * by the periodic runs long before.
 */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Runs `publishDueItems` at once, at the second of every due time the process knows of
 * (lib/ops/due-clock.ts: re-armed whenever a write, another instance's write or a run changes it),
 * and every `intervalMs` as a safety net (a due time learned late, a failed run). Runs never
 * overlap: a call during a run is followed by one more run once it ends, so a due time reached while
 * a periodic run is under way is never skipped. The timers do not keep the process alive, and a
 * failure is logged in French and retried at the next tick instead of crashing the server — a
 * failed cache invalidation included.
 */
export function startScheduler({ getDb, invalidate, intervalMs = 15_000, sendAlerts }: SchedulerOptions): Scheduler {
  let running: Promise<void> | null = null;
  let again = false;
  let followUp: Promise<void> | null = null;
  let stopped = false;
  let dueTimer: NodeJS.Timeout | null = null;
  // Tags of items already online whose invalidation failed: retried at every run until it works
  // (the next run finds nothing left to publish, so they would otherwise be lost).
  const pending = new Set<string>();

  const run = async () => {
    try {
      const db = await getDb();
      const { published, tags } = await publishDueItems(db, currentTime());
      if (published.length > 0) {
        console.info(`Mise en ligne programmée : ${published.map((p) => `« ${p.title} »`).join(', ')}.`);
      }
      if (sendAlerts) void sendAlerts(db).catch(() => {});
      for (const tag of tags) pending.add(tag);
      if (pending.size > 0) {
        await invalidate([...pending]);
        pending.clear();
      }
      // What is due next (the run may have published it, a write may have moved it): re-arms the timer.
      await refreshDueTime(db);
    } catch (error) {
      console.error(`Mise en ligne programmée : échec, nouvel essai dans ${Math.round(intervalMs / 1000)} s.`, error);
    }
  };

  const tick = (): Promise<void> => {
    if (stopped) return running ?? Promise.resolve();
    if (running) {
      again = true;
      // Settles after the run that follows this one (started in `finally` below, before this runs).
      followUp ??= running.then(() => running ?? undefined);
      return followUp;
    }
    const current = run().finally(() => {
      if (running === current) running = null;
      followUp = null;
      if (again && !stopped) {
        again = false;
        void tick();
      }
    });
    running = current;
    return current;
  };

  /** Arms the timer for `due` (null: nothing ahead; the periodic runs watch for new due times). */
  const arm = (due: Date | null) => {
    if (dueTimer) clearTimeout(dueTimer);
    dueTimer = null;
    if (!due || stopped) return;
    const delay = Math.min(Math.max(0, due.getTime() - currentTimeMs()), MAX_TIMER_MS);
    dueTimer = setTimeout(() => {
      dueTimer = null;
      // Timers may fire a millisecond early: a run before the due time would find nothing due yet.
      if (currentTimeMs() < due.getTime()) return arm(due);
      void tick();
    }, delay);
    dueTimer.unref?.();
  };

  const stopListening = onDueTimeChange(arm);
  // A test server's clock moved forward (lib/clock.ts): what became due is published before the move answers.
  const stopFollowingClock = onClockMove(() => {
    arm(nextDueTime());
    return tick();
  });
  arm(nextDueTime());
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref?.();
  void tick();

  return {
    runNow: tick,
    stop: async () => {
      stopped = true;
      stopListening();
      stopFollowingClock();
      clearInterval(timer);
      if (dueTimer) clearTimeout(dueTimer);
      await running;
    },
  };
}
