/** Signing in as the demo accounts the seed creates (README states their credentials): the administrator unless said otherwise. */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { demoAccount } from '../../demo/demo-account';

export { demoAccount };

type Account = { email: string; password: string };

/** Signs in through the form, as a person would, and waits for the page asked for (the dashboard by default). */
export async function signIn(page: Page, next = '/admin', account: Account = demoAccount): Promise<void> {
  await page.goto(next === '/admin' ? '/admin/connexion' : `/admin/connexion?suite=${encodeURIComponent(next)}`);
  await page.getByLabel('Adresse électronique').fill(account.email);
  await page.getByLabel('Mot de passe').fill(account.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(new RegExp(`${next.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`));
}

/**
 * Signs a page's browser context in through the user API (the session cookie lands in the
 * context): for tests about what a connected user sees, where the sign-in form and the dashboard
 * it opens are not what is tested (the sign-in journeys use `signIn`).
 */
export async function signInContext(page: Page): Promise<void> {
  await apiSignIn(page.request);
}

/** Signs in through the API; the request context keeps the cookie. Returns the bearer token. */
export async function apiSignIn(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/user/login', { data: { email: demoAccount.email, password: demoAccount.password } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}
