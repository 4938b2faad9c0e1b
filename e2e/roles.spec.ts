/**
 * Roles as a team uses them, with the demo accounts (demo/demo-account.ts): a Rédacteur of the
 * price indices and the news writes a CPI note as a draft and cannot put it online — no control for
 * it, and the bulk route refuses it (403, French, nothing changes); a Responsable de publication
 * puts it online. The Rédacteur cannot open the accounts screen, cannot create an account through
 * the user API, and cannot edit a publication of another area, with no control to do so.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { demoEditor, demoPublisher } from '../demo/demo-account';
import { signIn } from './helpers/login';

/** A new browser context signed in as `account` through the sign-in form. */
async function signedIn(browser: Browser, account: { email: string; password: string }, next = '/admin'): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, next, account);
  return page;
}

test('un rédacteur écrit une note IPC en brouillon sans pouvoir la publier, même en lot ; le responsable de publication la publie', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const title = `Note IPC de la rédaction ${Date.now().toString(36)}`;
  const editor = await signedIn(browser, demoEditor, '/admin/indice/prix_consommation');
  await editor.getByRole('link', { name: 'Nouvel élément' }).click();
  await editor.getByRole('textbox', { name: 'Titre', exact: true }).fill(title);
  await editor.getByRole('button', { name: 'Créer le brouillon' }).click();
  await expect(editor.getByTestId('etat')).toHaveText('Brouillon');
  await expect(editor).toHaveURL(/\/\d+$/);
  const editUrl = editor.url();
  const id = Number(/\/(\d+)$/.exec(editUrl)![1]);
  // No control to put it online…
  await expect(editor.getByRole('button', { name: 'Mettre en ligne maintenant' })).toHaveCount(0);
  await expect(editor.getByRole('button', { name: /^Programmer/ })).toHaveCount(0);

  // …and the server refuses it anyway, in French, naming the role that is missing.
  const bulk = await editor.request.post('/api/admin/publications/bulk', {
    headers: { origin: baseURL! },
    data: { action: 'publish', ids: [id] },
  });
  expect(bulk.status()).toBe(403);
  expect(((await bulk.json()) as { error: string }).error).toMatch(/Rédacteur.*Responsable de publication ou Administrateur/);
  await editor.reload();
  await expect(editor.getByTestId('etat')).toHaveText('Brouillon');

  // The Responsable de publication puts it online.
  const publisher = await signedIn(browser, demoPublisher, new URL(editUrl).pathname);
  await publisher.getByRole('button', { name: 'Mettre en ligne maintenant' }).click();
  await expect(publisher.getByTestId('etat')).toHaveText('En ligne');

  // Online, the note is the public site's: the Rédacteur reads it but no longer edits it.
  await editor.reload();
  await expect(editor.getByTestId('etat')).toHaveText('En ligne');
  await expect(editor.getByRole('button', { name: 'Enregistrer', exact: true })).toHaveCount(0);

  // Leave the demo as it was.
  await publisher.getByRole('button', { name: 'Mettre à la corbeille' }).click();
  await expect(publisher.getByTestId('etat')).toHaveText('Dans la corbeille');
  await editor.context().close();
  await publisher.context().close();
});

test('un rédacteur n’ouvre pas les comptes, n’en crée pas par l’API, ne modifie pas d’autre rubrique, sans contrôle pour le faire', async ({
  browser,
  baseURL,
}) => {
  const editor = await signedIn(browser, demoEditor);
  // No entry to the accounts in the menu, and the screen itself refuses.
  await expect(editor.getByRole('link', { name: 'Utilisateurs', exact: true })).toHaveCount(0);
  await editor.goto('/admin/users');
  await expect(editor.getByRole('heading', { level: 1 })).toHaveText('Accès refusé');
  await expect(editor.getByRole('alert').filter({ hasText: 'réservé aux administrateurs' })).toBeVisible();
  await expect(editor.getByText('demo@inss-sahelia.example')).toHaveCount(0);
  const created = await editor.request.post('/api/user', {
    headers: { origin: baseURL! },
    data: { user: { email: `intrus-${Date.now()}@inss-sahelia.example`, name: 'Intrus', password: 'une phrase de passe assez longue' } },
  });
  expect(created.status()).toBe(403);

  // Another area's publication: readable, not editable.
  await editor.goto('/admin/demographie');
  await expect(editor.getByRole('link', { name: 'Nouvel élément' })).toHaveCount(0);
  const first = editor.getByRole('table').getByRole('row').nth(1).getByRole('link').first();
  await first.click();
  await expect(editor).toHaveURL(/\/admin\/demographie\/\d+$/);
  await expect(editor.getByRole('textbox', { name: 'Titre', exact: true })).toBeDisabled();
  await expect(editor.getByRole('button', { name: 'Enregistrer', exact: true })).toHaveCount(0);
  await expect(editor.getByRole('button', { name: 'Mettre à la corbeille' })).toHaveCount(0);
  await expect(editor.getByText(/Démographie.*ne fait pas partie de vos rubriques/)).toBeVisible();
  await editor.context().close();
});
