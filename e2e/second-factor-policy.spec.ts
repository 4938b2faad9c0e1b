/**
 * The second-factor policy in Chromium (issue 40), on an instance of its own: the policy is one
 * setting for the whole installation, and the other specs sign in as the demo accounts with a
 * password alone. A new installation (its own PGlite directory, same build) with an Administrateur
 * and a Responsable de publication made by `npm run user:create`: the Administrateur requires a
 * second factor of publishers from Utilisateurs. The Responsable, signed in with a password, is
 * sent to enrolment from every back-office page, and the admin API answers a French 403; once an
 * authenticator app is enrolled (secret read from the page, code by otplib), the back-office opens.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { freePort, startServer, type RunningServer } from '../testing/spawn-server';

const password = 'une longue phrase de passe pour la règle';
const admin = { email: 'admin-regle@example.org', password, name: 'Administratrice règle' };
const publisher = { email: 'responsable-regle@example.org', password, name: 'Responsable règle' };
let server: RunningServer | undefined;
let dataDir = '';

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'insstat-mfa-policy-'));
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', STORAGE_DRIVER: 'local' };
  for (const [account, access] of [
    [admin, ['--role', 'admin']],
    [publisher, ['--role', 'publisher', '--areas', 'ipc']],
  ] as const) {
    const args = ['--email', account.email, '--password', account.password, '--name', account.name, ...access];
    const made = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/user-create.ts', ...args], { env, encoding: 'utf8' });
    expect(made.status, made.stderr + made.stdout).toBe(0);
  }
  const port = await freePort();
  server = await startServer({
    port,
    extraEnv: { DATA_DIR: dataDir, DATABASE_URL: '', STORAGE_DRIVER: 'local', SITE_URL: `http://127.0.0.1:${port}` },
  });
});

test.afterAll(async () => {
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function typePassword(page: Page, account: { email: string; password: string }, next = '/admin') {
  await page.goto(`${server!.baseUrl}/admin/connexion?suite=${encodeURIComponent(next)}`);
  await page.getByLabel('Adresse électronique').fill(account.email);
  await page.getByLabel('Mot de passe').fill(account.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

test('règle du second facteur : un Responsable sans facteur est conduit à en enregistrer un, tout le reste lui répond 403, puis l’administration s’ouvre', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const base = server!.baseUrl;

  // The Administrateur turns the policy on (no factor of their own yet: the setting applies to them next).
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await typePassword(adminPage, admin, '/admin/users');
  await expect(adminPage).toHaveURL(/\/admin\/users$/);
  await adminPage.getByLabel('Second facteur obligatoire pour les Administrateurs et les Responsables de publication').check();
  await adminPage.getByRole('button', { name: 'Enregistrer la règle du second facteur' }).click();
  await expect(adminPage).toHaveURL(/\/admin\/second-facteur$/);
  await adminContext.close();

  // The Responsable's password opens enrolment only.
  const context = await browser.newContext();
  const page = await context.newPage();
  await typePassword(page, publisher);
  await expect(page).toHaveURL(/\/admin\/second-facteur$/);
  await expect(page.getByRole('heading', { name: 'Activez un second facteur', level: 1 })).toBeVisible();
  for (const pathname of ['/admin', '/admin/indice/prix_consommation', '/admin/calendrier', '/admin/users/profil']) {
    await page.goto(`${base}${pathname}`);
    await expect(page, pathname).toHaveURL(/\/admin\/second-facteur$/);
  }
  // The API and the actions: refused by the server itself, in French, nothing written.
  const listed = await page.request.get(`${base}/api/admin/publications?area=ipc`);
  expect(listed.status()).toBe(403);
  expect(await listed.text()).toMatch(/second facteur/);
  const created = await page.request.post(`${base}/api/admin/publications/bulk`, {
    headers: { origin: base, 'content-type': 'application/json' },
    data: { action: 'trash', ids: [1] },
  });
  expect(created.status()).toBe(403);

  // Enrolment: an authenticator app, then the back-office opens.
  await page.goto(`${base}/admin/second-facteur`);
  await page.getByRole('button', { name: 'Configurer une application d’authentification' }).click();
  const secret = (await page.locator('[data-secret]').textContent())!.trim();
  await page.getByLabel('Code à 6 chiffres affiché par l’application').fill(generateSync({ secret }));
  await page.getByRole('button', { name: 'Activer' }).click();
  await expect(page.getByRole('region', { name: 'Codes de secours' }).getByRole('listitem')).toHaveCount(10);
  // The recovery codes stay on screen (shown once) with the way on.
  await expect(page).toHaveURL(/\/admin\/second-facteur$/);
  await page.getByRole('link', { name: 'Continuer vers l’administration' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('button', { name: 'Se déconnecter' })).toBeVisible();
  expect((await page.request.get(`${base}/api/admin/publications?area=ipc`)).status()).toBe(200);
  await context.close();
});
