import { describe, expect, it } from 'vitest';
import { ClockNotMovableError, createClock, currentTimeMs, moveClockTo, testClockEnabled } from './clock';
import { parseEnv } from './env';

describe('the test clock', () => {
  it('is refused by the configuration anywhere but on loopback', () => {
    const base = { INSSTAT_TEST_CLOCK: 'on' };
    expect(() => parseEnv({ ...base, HOSTNAME: '0.0.0.0', SITE_URL: 'http://127.0.0.1:3100' })).toThrow(/INSSTAT_TEST_CLOCK/);
    expect(() => parseEnv({ ...base, HOSTNAME: '127.0.0.1', SITE_URL: 'https://www.institut-stat.example' })).toThrow(/boucle locale/);
    expect(() => parseEnv({ ...base })).toThrow(/INSSTAT_TEST_CLOCK/);
    expect(parseEnv({ ...base, HOSTNAME: '127.0.0.1', SITE_URL: 'http://127.0.0.1:3100' }).INSSTAT_TEST_CLOCK).toBe(true);
    expect(parseEnv({}).INSSTAT_TEST_CLOCK).toBe(false);
  });

  it('cannot be moved, and follows the system clock, on a server that is not a test server', async () => {
    expect(testClockEnabled()).toBe(false);
    await expect(moveClockTo(new Date(Date.now() + 3_600_000))).rejects.toThrow(ClockNotMovableError);
    expect(Math.abs(currentTimeMs() - Date.now())).toBeLessThan(1_000);

    const state = { offsetMs: 3_600_000, listeners: new Set<() => void>() };
    // An offset left in the shared state changes nothing either.
    expect(Math.abs(createClock(false, state).nowMs() - Date.now())).toBeLessThan(1_000);
  });

  it('moves forward only, and answers once its listeners are done', async () => {
    const clock = createClock(true);
    const seen: number[] = [];
    let finished = false;
    clock.onMove(async (at) => {
      seen.push(at.getTime());
      await new Promise((resolve) => setImmediate(resolve));
      finished = true;
    });
    const target = Date.now() + 10 * 60_000;
    const moved = await clock.moveTo(new Date(target));
    expect(finished).toBe(true);
    expect(moved.getTime()).toBeGreaterThanOrEqual(target);
    expect(clock.nowMs()).toBeGreaterThanOrEqual(target);
    // Back in time: stays where it is.
    const back = await clock.moveTo(new Date(Date.now() - 60_000));
    expect(back.getTime()).toBeGreaterThanOrEqual(target);
    expect(seen).toHaveLength(2);
  });
});
