/**
 * The minute is the minute (issue 41): an item scheduled in the back-office for the next minute
 * reaches a reader reloading the area's list within a few seconds of that minute, though the
 * scheduler's periodic run (SCHEDULER_SECONDS, 15 s) is not due then: the production server arms a
 * timer for the next due time (lib/ops/scheduler.ts) and expires the cache tags in its own process
 * (lib/ops/expire.ts) — the reader's copies of the list, in every cache, are dropped at once.
 */
import { expect, test } from '@playwright/test';
import { signIn } from './helpers/login';
import { scheduleNewDraft } from './helpers/schedule';

const LIST = '/indice/ipc';
/**
 * Measured: +1.8 s on PGlite with a load average of ~20 (other engineers' builds). The periodic run
 * alone took up to 15 s more, the loop-back invalidation up to 34 s under load.
 */
const WITHIN_MS = 6_000;

test('@minute une mise en ligne programmée se voit dans les secondes qui suivent sa minute', async ({ page, request }) => {
  test.setTimeout(150_000);
  const title = `Minute ${Date.now().toString(36)}`;
  await signIn(page, '/admin/indice/prix_consommation');
  const at = await scheduleNewDraft(page, title);
  await expect(page.getByTestId('etat')).toHaveText('Programmé');

  // A reader reloads the list every 200 ms from before the minute: served from the caches meanwhile.
  let seenAt = 0;
  while (!seenAt) {
    const html = await (await request.get(LIST)).text();
    const now = Date.now();
    if (html.includes(title)) seenAt = now;
    else if (now > at.getTime() + 60_000) break;
    // Never before its minute.
    if (seenAt) expect(seenAt).toBeGreaterThanOrEqual(at.getTime());
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(seenAt, 'la liste montre la publication').toBeGreaterThan(0);
  console.log(`Visible ${((seenAt - at.getTime()) / 1000).toFixed(1)} s après sa minute.`);
  expect(seenAt - at.getTime()).toBeLessThan(WITHIN_MS);
});
