/** Calling the back-office's content actions the way its forms do (a server action by its id), without the forms. */
import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** Calls the content action `name` (app/admin/(shell)/content-actions.ts) with `input`, signed in on `request`; returns Next's answer. */
export async function callAction(request: APIRequestContext, name: string, input: unknown): Promise<string> {
  const manifest = JSON.parse(readFileSync('.next/server/server-reference-manifest.json', 'utf8')) as {
    node: Record<string, { exportedName: string; filename?: string }>;
  };
  const id = Object.entries(manifest.node).find(([, a]) => a.exportedName === name && a.filename?.includes('content-actions'))?.[0];
  expect(id, name).toBeTruthy();
  const response = await request.post('/admin/news', {
    headers: { 'Next-Action': id!, Accept: 'text/x-component', 'Content-Type': 'text/plain;charset=UTF-8' },
    data: JSON.stringify([input]),
    maxRedirects: 0,
  });
  expect(response.status()).toBe(200);
  return response.text();
}

/**
 * Waits until React has hydrated this element (its props are attached to the DOM node): a click on
 * a client button before that is lost. After a full page load on a busy machine, hydration can
 * take seconds; a person reaches for the button after it, a test does not.
 */
export async function whenHydrated(locator: Locator): Promise<Locator> {
  await expect
    .poll(() => locator.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactProps$'))), { timeout: 30_000 })
    .toBe(true);
  return locator;
}

/**
 * Clicks a back-office form's button until `shown` is visible. The click waits for hydration; if the
 * screen has not changed after it, the form's own status line says why: a conflict (« rechargez la
 * page », the screen still held the version before the previous write) is met as a person would —
 * reload, fill in again (`before`), click again — and any other answer fails at once with its words, so CI says what happened.
 */
export async function submitUntil(
  page: Page,
  button: () => Locator,
  shown: Locator,
  { before, timeout = 30_000 }: { before?: () => Promise<unknown>; timeout?: number } = {},
): Promise<void> {
  const deadline = Date.now() + timeout;
  for (let attempt = 1; ; attempt++) {
    await before?.();
    const target = await whenHydrated(button());
    const status = target.locator('xpath=ancestor::form').getByRole('status');
    await target.click();
    try {
      await expect(shown).toBeVisible({ timeout: 5_000 });
      return;
    } catch (error) {
      const said = ((await status.allInnerTexts().catch(() => [])) as string[]).join(' ').trim();
      const conflict = said.includes('rechargez la page');
      if (Date.now() > deadline || (said !== '' && !conflict))
        throw new Error(`Essai ${attempt} sans effet ; le formulaire dit : « ${said || 'rien'} ».`, { cause: error });
      console.warn(`submitUntil : essai ${attempt} sans effet (« ${said || 'rien'} ») ; la page est rechargée.`);
      await page.reload();
      // The click may have worked, its answer later than 5 s (a loaded machine): the reloaded page says
      // so, and the form to send again may be gone with it (a cancelled release has none).
      const done = await shown.waitFor({ state: 'visible', timeout: 3_000 }).then(
        () => true,
        () => false,
      );
      if (done) return;
    }
  }
}
