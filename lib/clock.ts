/**
 * "Now" for what the calendar decides: a scheduled publication's time, a release's minute, an
 * embargo, a series or table version's time, a tender's deadline, the due clock and the scheduler's
 * timer all read it here. It is the system clock, except on a test server (`INSSTAT_TEST_CLOCK=on`,
 * which lib/env.ts accepts only on loopback), where the end-to-end tests move it forward
 * (`POST /api/test/horloge`) to see a release at its minute without waiting for the minute.
 * Durations, rate limits, sessions, second factors and cache ages keep the system clock: they
 * measure time that really passed.
 *
 * Shared through `globalThis` like the due clock (lib/ops/due-clock.ts): the production server's
 * scheduler and Next's bundles are separate module graphs in one process, and both read it.
 */
import { env } from '@/lib/env';

type Listener = (now: Date) => void | Promise<void>;
type ClockState = { offsetMs: number; listeners: Set<Listener> };

export class ClockNotMovableError extends Error {
  constructor() {
    super('L’horloge de ce serveur ne se déplace pas : seul un serveur de test (INSSTAT_TEST_CLOCK=on, en boucle locale) le permet.');
  }
}

/** A clock that can be moved only when `movable` (a test server); otherwise the system clock, always. */
export function createClock(movable: boolean, state: ClockState = { offsetMs: 0, listeners: new Set() }) {
  const nowMs = () => (movable ? Date.now() + state.offsetMs : Date.now());
  return {
    movable,
    nowMs,
    /** Calls `listener` after each move; returns how to stop. */
    onMove(listener: Listener): () => void {
      state.listeners.add(listener);
      return () => state.listeners.delete(listener);
    },
    /**
     * Moves the clock forward to `at` (never back: a time already passed stays passed) and waits for
     * every listener — the scheduler's run of what became due — before returning the new "now".
     */
    async moveTo(at: Date): Promise<Date> {
      if (!movable) throw new ClockNotMovableError();
      state.offsetMs = Math.max(state.offsetMs, at.getTime() - Date.now());
      const moved = new Date(nowMs());
      await Promise.all([...state.listeners].map((listener) => listener(moved)));
      return moved;
    },
  };
}

const g = globalThis as typeof globalThis & { __insstatTestClock?: ClockState };
const clock = createClock(env.INSSTAT_TEST_CLOCK, (g.__insstatTestClock ??= { offsetMs: 0, listeners: new Set() }));

/** Whether this server's clock can be moved (a test server). */
export const testClockEnabled = (): boolean => clock.movable;

/** Milliseconds since the epoch by the calendar's clock. */
export const currentTimeMs = (): number => clock.nowMs();

/** The calendar's "now". */
export const currentTime = (): Date => new Date(clock.nowMs());

/** Calls `listener` after each move of the test clock (never, on a server whose clock cannot move); returns how to stop. */
export const onClockMove = (listener: Listener): (() => void) => clock.onMove(listener);

/** Moves the test clock forward to `at`; throws `ClockNotMovableError` on any server but a test server. */
export const moveClockTo = (at: Date): Promise<Date> => clock.moveTo(at);
