/**
 * This process's knowledge of the next due time (lib/ops/next-due.ts), read synchronously where an
 * answer is sent (the shared caches' freshness ends there) and followed by the scheduler's timer.
 * Kept fresh by whoever learns that it may have changed: a write here (`invalidateTags`), another
 * instance's write (the tag store's notification), each scheduler run, the start.
 *
 * Shared through `globalThis`: the production server and Next's bundled modules are separate
 * module graphs in one process, and both read it.
 */
import type { Db } from '@/lib/db/open';
import { nextDueAt } from './next-due';
import { currentTimeMs } from '@/lib/clock';

type Listener = (next: Date | null) => void;
type Clock = {
  next: Date | null;
  /** The last due time seen to pass (it was the next one, then a read found another). */
  passed: Date | null;
  known: boolean;
  /** The read under way, and the one read queued after it for the calls made meanwhile. */
  refreshing: Promise<void> | null;
  queued: Promise<void> | null;
  listeners: Set<Listener>;
};

const g = globalThis as typeof globalThis & { __insstatDueClock?: Clock };
const clock = (g.__insstatDueClock ??= { next: null, passed: null, known: false, refreshing: null, queued: null, listeners: new Set() });

/** The next due time this process knows of (null: nothing ahead, or not read yet — see `dueTimeKnown`). */
export function nextDueTime(): Date | null {
  return clock.next;
}

/**
 * The last due time this process saw pass (null: none yet). Just after it, pages are being rendered
 * again with what it published: shared caches keep them only briefly (lib/http/cache-headers.ts).
 */
export function lastPassedDueTime(): Date | null {
  return clock.passed;
}

/** Whether the next due time was read at least once (before that, `nextDueTime()` says nothing). */
export function dueTimeKnown(): boolean {
  return clock.known;
}

/**
 * Reads the next due time again; listeners hear the new value when it changed. A call made while a
 * read is under way (it may have begun before the caller's write) waits for one more read after
 * it, shared by every call made meanwhile, and for that one only: callers during that read wait for
 * the next. (Each read used to run again while calls kept coming, and everyone waited for the last:
 * with writes and scheduler runs arriving faster than a read on a busy PGlite, a save's answer
 * could wait for seconds — an editor's action never answered in CI.)
 */
export function refreshDueTime(db: Db): Promise<void> {
  if (clock.refreshing) {
    const after = () => {
      clock.queued = null;
      return refreshDueTime(db);
    };
    return (clock.queued ??= clock.refreshing.then(after, after));
  }
  const read = (async () => {
    const next = await nextDueAt(db);
    const changed = !clock.known || next?.getTime() !== clock.next?.getTime();
    if (changed && clock.next && clock.next.getTime() <= currentTimeMs()) clock.passed = clock.next;
    clock.next = next;
    clock.known = true;
    if (changed) for (const listener of clock.listeners) listener(next);
  })();
  const refreshing = read.finally(() => {
    clock.refreshing = null;
  });
  clock.refreshing = refreshing;
  return refreshing;
}

/** Calls `listener` with every new next due time; returns how to stop. */
export function onDueTimeChange(listener: Listener): () => void {
  clock.listeners.add(listener);
  return () => clock.listeners.delete(listener);
}
