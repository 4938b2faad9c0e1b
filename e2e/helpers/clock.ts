/**
 * The e2e server's calendar clock (lib/clock.ts, `/api/test/horloge`): scheduled work is tested by
 * moving it forward past the time, never by waiting for the time. Tests that move it run in the
 * `clock` lane (tag `@clock`, one at a time, playwright.config.ts); every test that schedules
 * anything takes its times from the server's clock, which runs ahead of this machine's once moved.
 */
import { expect, type APIRequestContext } from '@playwright/test';

const CLOCK = '/api/test/horloge';

/** The server's "now". */
export async function serverNow(request: APIRequestContext, baseURL = ''): Promise<Date> {
  const response = await request.get(`${baseURL}${CLOCK}`);
  expect(response.status(), 'horloge de test du serveur (INSSTAT_TEST_CLOCK=on)').toBe(200);
  return new Date(((await response.json()) as { now: string }).now);
}

/** The first whole minute at least `leadMs` (two minutes) after the server's "now" (the back-office's date fields have minute precision). */
export async function nextMinute(request: APIRequestContext, leadMs = 120_000, baseURL = ''): Promise<Date> {
  const now = await serverNow(request, baseURL);
  return new Date(Math.ceil((now.getTime() + leadMs) / 60_000) * 60_000);
}

/** `days` days after the server's "now", as a back-office date field takes it (UTC, to the minute). */
export async function daysAhead(request: APIRequestContext, days: number): Promise<string> {
  return new Date((await serverNow(request)).getTime() + days * 86_400_000).toISOString().slice(0, 16);
}

/**
 * Moves the server's clock to `at` and returns once the server has published what became due (its
 * scheduler's run answers the move); returns the server's new "now".
 */
export async function moveClockTo(request: APIRequestContext, at: Date, baseURL = ''): Promise<Date> {
  const response = await request.post(`${baseURL}${CLOCK}`, { data: { at: at.toISOString() }, timeout: 60_000 });
  expect(response.status(), await response.text()).toBe(200);
  return new Date(((await response.json()) as { now: string }).now);
}
