/**
 * A few slots for heavy work, and a short queue before them: what keeps a handful of large answers
 * (a million cells as XLSX) from taking every core and all the memory while readers wait for pages.
 * Past the queue, or after waiting too long in it, the caller is told no (the route answers 503
 * with `Retry-After`). Per process: each instance protects itself.
 */

/** Gives the slot back (idempotent). */
export type Release = () => void;

export type Slots = {
  /** A slot, at once or after waiting in the queue; null when the queue is full or the wait ran out. */
  take(): Promise<Release | null>;
  /** Slots in use and callers waiting (monitoring, tests). */
  state(): { busy: number; waiting: number };
};

/**
 * `slots` pieces of work at a time, `queue` callers waiting at most, each `waitMs` at most.
 */
export function createSlots({ slots, queue, waitMs }: { slots: number; queue: number; waitMs: number }): Slots {
  let busy = 0;
  const waiting: { give: (release: Release | null) => void; timer: ReturnType<typeof setTimeout> }[] = [];
  const releaser = (): Release => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = waiting.shift();
      if (next) {
        clearTimeout(next.timer);
        next.give(releaser());
      } else busy--;
    };
  };
  return {
    async take() {
      if (busy < slots) {
        busy++;
        return releaser();
      }
      if (waiting.length >= queue) return null;
      return new Promise<Release | null>((resolve) => {
        const entry = {
          give: resolve,
          timer: setTimeout(() => {
            const i = waiting.indexOf(entry);
            if (i >= 0) waiting.splice(i, 1);
            resolve(null);
          }, waitMs),
        };
        waiting.push(entry);
      });
    },
    state: () => ({ busy, waiting: waiting.length }),
  };
}
