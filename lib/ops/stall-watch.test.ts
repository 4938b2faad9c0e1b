/** A turn of the event loop held past the limit is reported, with the second's GC pause and load; a quiet second is not. */
import { describe, expect, it } from 'vitest';
import { watchStalls, type Stall } from './stall-watch';

const busyFor = (ms: number) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    /* holds the event loop, as a long synchronous task does */
  }
};
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('watchStalls', () => {
  it('reports a second whose longest turn went past the limit, and not the quiet ones', async () => {
    const stalls: Stall[] = [];
    const stop = watchStalls(500, (s) => stalls.push(s));
    try {
      await wait(1_100);
      expect(stalls).toEqual([]);
      busyFor(1_000);
      // The check of that second, or of the next one when it ran before the delay was sampled.
      await wait(2_100);
      expect(stalls).toHaveLength(1);
      expect(stalls[0]!.delayMs).toBeGreaterThanOrEqual(500);
      expect(stalls[0]!.busy).toBeGreaterThan(0);
      expect(stalls[0]!.gcMs).toBeGreaterThanOrEqual(0);
    } finally {
      stop();
    }
  });

  it('is off at 0', () => {
    const stalls: Stall[] = [];
    watchStalls(0, (s) => stalls.push(s))();
    expect(stalls).toEqual([]);
  });
});
