/**
 * The minute is the minute (issue 41): an item scheduled in the back-office for a coming minute
 * reaches a reader of the area's list as soon as the server's clock reaches that minute, though the
 * scheduler's periodic run (SCHEDULER_SECONDS, 15 s) is not due then: the production server arms a
 * timer for the next due time (lib/ops/scheduler.ts) and expires the cache tags in its own process
 * (lib/ops/expire.ts) — the reader's copies of the list, in every cache, are dropped at once. The
 * test clock (e2e/helpers/clock.ts) brings the minute; nothing waits for it.
 */
import { expect, test } from '@playwright/test';
import { signIn } from './helpers/login';
import { scheduleNewDraft } from './helpers/schedule';
import { moveClockTo } from './helpers/clock';

const LIST = '/indice/ipc';
/** The promise (docs/series-and-calendar.md): on the site within 5 s of its minute. */
const WITHIN_MS = 5_000;

test('@clock une mise en ligne programmée se voit dès sa minute, pas avant', async ({ page, request }) => {
  const title = `Minute ${Date.now().toString(36)}`;
  await signIn(page, '/admin/indice/prix_consommation');
  const at = await scheduleNewDraft(page, title);
  await expect(page.getByTestId('etat')).toHaveText('Programmé');

  // A reader of the list before the minute: served (from the caches, read twice), without it.
  for (let i = 0; i < 2; i++) expect(await (await request.get(LIST)).text()).not.toContain(title);
  // Half a minute before it (the clock then runs on by itself): still not there.
  await moveClockTo(request, new Date(at.getTime() - 30_000));
  expect(await (await request.get(LIST)).text()).not.toContain(title);

  // The minute: the list shows it.
  await moveClockTo(request, at);
  const movedAt = Date.now();
  await expect.poll(async () => (await (await request.get(LIST)).text()).includes(title)).toBe(true);
  const elapsed = Date.now() - movedAt;
  console.log(`Visible ${elapsed} ms après que l’horloge a atteint sa minute.`);
  expect(elapsed, 'délai après la minute (ms)').toBeLessThan(WITHIN_MS);
});
