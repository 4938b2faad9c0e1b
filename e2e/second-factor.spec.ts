/**
 * Second factors (issue 40) in Chromium, each journey on an account of its own (other specs sign in
 * as the demo accounts, which must keep working with a password alone): a new Administrateur, made
 * by the demo administrator, enrols an authenticator app from its profile (the secret read from the
 * page, codes computed by otplib); its password alone then opens nothing, a wrong code is refused
 * in French, the right one opens /admin and is refused a second time, a recovery code works once.
 * A passkey is registered and used — after the password, and instead of it — with Chromium's
 * virtual authenticator, then removed. Each journey comes from an address of its own
 * (X-Forwarded-For, one trusted hop) so that its refused codes do not count against other specs'.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { signIn } from './helpers/login';

const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const password = 'une longue phrase de passe pour le second facteur';

/** The demo administrator creates an account with this role; answers its credentials. */
async function newAccount(page: Page, role: 'admin' | 'editor', name: string) {
  const email = `facteur-${stamp()}@example.org`;
  await signIn(page, '/admin/users');
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Créer le compte' }) });
  await form.getByLabel('Nom complet').fill(name);
  await form.getByLabel('Adresse électronique').fill(email);
  await form.getByLabel('Mot de passe initial').fill(password);
  await form.getByLabel('Rôle').selectOption(role);
  await form.getByRole('button', { name: 'Créer le compte' }).click();
  await expect(form.getByRole('status')).toHaveText(`Compte créé pour ${name}.`);
  return { email, password };
}

/** A browser context of its own, from an address of its own (a new one each run: failures are counted for 15 minutes). */
async function ownContext(browser: Browser, baseURL?: string) {
  const byte = () => 1 + Math.floor(Math.random() * 254);
  const address = `10.${byte()}.${byte()}.${byte()}`;
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': address }, ...(baseURL ? { baseURL } : {}) });
  return { context, page: await context.newPage() };
}

/**
 * The password step of the sign-in form, asking for the dashboard (`suite`): after a sign-out the
 * admin menu's prefetches, made as a visitor, may leave another admin page as the one to return to.
 */
async function typePassword(page: Page, account: { email: string; password: string }) {
  await page.goto('/admin/connexion?suite=%2Fadmin');
  await page.getByLabel('Adresse électronique').fill(account.email);
  await page.getByLabel('Mot de passe').fill(account.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

/** Signed in: on the dashboard, with the sign-out button of the admin frame. */
async function expectSignedIn(page: Page) {
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('button', { name: 'Se déconnecter' })).toBeVisible();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(/\/$/);
}

test('application d’authentification : le mot de passe seul n’ouvre rien, un mauvais code est refusé, le bon ouvre, jamais deux fois ; un code de secours sert une fois', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const account = await newAccount(page, 'admin', 'Administratrice TOTP');
  const { context, page: own } = await ownContext(browser);
  await signIn(own, '/admin/users/profil', account);

  await own.getByRole('button', { name: 'Configurer une application d’authentification' }).click();
  await expect(own.getByRole('img', { name: 'Code QR à scanner' }).locator('svg')).toBeVisible();
  const secret = (await own.locator('[data-secret]').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await own.getByLabel('Code à 6 chiffres affiché par l’application').fill(generateSync({ secret }));
  await own.getByRole('button', { name: 'Activer' }).click();
  const recovery = own.getByRole('region', { name: 'Codes de secours' }).getByRole('listitem');
  await expect(recovery).toHaveCount(10);
  const codes = await recovery.allTextContents();
  await expect(own.getByText('Codes de secours restants')).toContainText('10');
  await signOut(own);

  // The password alone: the form asks for the code, and /admin stays closed.
  await typePassword(own, account);
  const codeField = own.getByLabel('Code à 6 chiffres ou code de secours');
  await expect(codeField).toBeVisible();
  await own.goto('/admin');
  await expect(own).toHaveURL(/\/$/);

  // A wrong code: refused in French, still on the sign-in page.
  await typePassword(own, account);
  // The next period's code: the enrolment spent this one (one step of drift is allowed).
  const code = generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
  await codeField.fill(code === '000000' ? '111111' : '000000');
  await own.getByRole('button', { name: 'Valider le code' }).click();
  await expect(own.getByRole('status').filter({ hasText: 'Code incorrect ou déjà utilisé' })).toBeVisible();
  await expect(own).toHaveURL(/\/admin\/connexion/);
  // The right one opens the back-office.
  await codeField.fill(code);
  await own.getByRole('button', { name: 'Valider le code' }).click();
  await expectSignedIn(own);
  await signOut(own);

  // The same code a second time: refused; a recovery code then opens it.
  await typePassword(own, account);
  await codeField.fill(code);
  await own.getByRole('button', { name: 'Valider le code' }).click();
  await expect(own.getByRole('status').filter({ hasText: 'Code incorrect ou déjà utilisé' })).toBeVisible();
  await codeField.fill(codes[0]!);
  await own.getByRole('button', { name: 'Valider le code' }).click();
  await expectSignedIn(own);
  await signOut(own);

  // That recovery code, once spent, opens nothing.
  await typePassword(own, account);
  await codeField.fill(codes[0]!);
  await own.getByRole('button', { name: 'Valider le code' }).click();
  await expect(own.getByRole('status').filter({ hasText: 'Code incorrect ou déjà utilisé' })).toBeVisible();
  await expect(own).toHaveURL(/\/admin\/connexion/);
  await context.close();
});

test('clé d’accès : enregistrée depuis le profil, utilisée après le mot de passe puis à sa place, puis supprimée', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const account = await newAccount(page, 'editor', 'Rédacteur à clé');
  // WebAuthn refuses an IP address as its relying party: this journey talks to the server as localhost.
  const port = new URL(page.url()).port;
  const { context, page: own } = await ownContext(browser, `http://localhost:${port}`);
  const cdp = await context.newCDPSession(own);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  await signIn(own, '/admin/users/profil', account);
  await own.getByLabel('Nom de la nouvelle clé').fill('Ordinateur du bureau');
  await own.getByRole('button', { name: 'Ajouter une clé d’accès' }).click();
  await expect(own.getByRole('status').filter({ hasText: 'Clé d’accès « Ordinateur du bureau » enregistrée.' })).toBeVisible();
  await expect(own.getByRole('button', { name: 'Supprimer la clé « Ordinateur du bureau »' })).toBeVisible();
  await signOut(own);

  // After the password, the passkey is the second factor.
  await typePassword(own, account);
  await own.getByRole('button', { name: 'Utiliser ma clé d’accès' }).click();
  await expectSignedIn(own);
  await signOut(own);

  // Instead of the password.
  await own.goto('/admin/connexion?suite=%2Fadmin');
  await own.getByRole('button', { name: 'Utiliser une clé d’accès sans mot de passe' }).click();
  await expectSignedIn(own);
  await expect(own.getByTitle('Mon profil')).toHaveText('Rédacteur à clé');

  // Removed: the password alone signs in again.
  await own.goto('/admin/users/profil');
  await own.getByRole('button', { name: 'Supprimer la clé « Ordinateur du bureau »' }).click();
  await expect(own.getByText('Aucune clé d’accès enregistrée.')).toBeVisible();
  await signOut(own);
  await typePassword(own, account);
  await expectSignedIn(own);
  await context.close();
});
