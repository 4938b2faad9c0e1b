/** Calling the back-office's content actions the way its forms do (a server action by its id), without the forms. */
import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext, type Locator } from '@playwright/test';

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
