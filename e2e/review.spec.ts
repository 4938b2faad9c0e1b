/**
 * A second pair of eyes before a note goes out (lib/review), with the demo accounts
 * (lib/seed/demo-account.ts): the Rédacteur of the price indices writes a CPI note and submits it;
 * they have no control to approve or publish it; the Responsable de publication finds it in « À
 * relire », sends it back with a reason (a missing reason is refused next to its field), the
 * Rédacteur reads the reason, corrects and submits again, the Responsable approves it and
 * schedules it. The demo's own waiting item is in the list.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { demoEditor, demoPublisher } from '../lib/seed/demo-account';
import { signIn } from './helpers/login';

async function signedIn(browser: Browser, account: { email: string; password: string }, next = '/admin'): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, next, account);
  return page;
}

const future = () => new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 16);

test('une note IPC soumise par le rédacteur, renvoyée avec une raison, corrigée, approuvée par le responsable de publication puis programmée', async ({ browser }) => {
  test.setTimeout(120_000);
  const title = `Note IPC à relire ${Date.now().toString(36)}`;
  const editor = await signedIn(browser, demoEditor, '/admin/indice/prix_consommation');
  await editor.getByRole('link', { name: 'Nouvel élément' }).click();
  await editor.getByRole('textbox', { name: 'Titre', exact: true }).fill(title);
  await editor.getByRole('button', { name: 'Créer le brouillon' }).click();
  await expect(editor).toHaveURL(/\/\d+$/);
  await expect(editor.getByTestId('relecture')).toHaveText('En rédaction');
  const editPath = new URL(editor.url()).pathname;

  await editor.getByRole('button', { name: 'Soumettre pour relecture' }).click();
  await expect(editor.getByTestId('relecture')).toContainText('Soumis pour relecture');
  // The Rédacteur has no control to approve or publish it.
  await expect(editor.getByRole('button', { name: 'Approuver' })).toHaveCount(0);
  await expect(editor.getByRole('button', { name: 'Mettre en ligne maintenant' })).toHaveCount(0);
  await editor.goto('/admin/relire');
  await expect(editor.getByRole('table', { name: /Vos éléments en attente de relecture/ }).getByRole('link', { name: title })).toBeVisible();

  // The Responsable de publication finds it in « À relire », with the demo's waiting note.
  const publisher = await signedIn(browser, demoPublisher, '/admin/relire');
  const queue = publisher.getByRole('table', { name: /En attente de votre relecture/ });
  await expect(queue.getByRole('link', { name: 'Les relevés de prix s’étendent à trois nouvelles régions' })).toBeVisible();
  await queue.getByRole('link', { name: title }).click();
  await expect(publisher).toHaveURL(new RegExp(`${editPath}$`));

  // Sending back takes a reason: refused without, next to its field.
  await publisher.getByRole('button', { name: 'Renvoyer au rédacteur' }).click();
  const reason = publisher.getByRole('textbox', { name: 'Ce qu’il faut revoir' });
  await expect(reason).toHaveAttribute('aria-invalid', 'true');
  await expect(publisher.getByText('Dites au rédacteur ce qu’il faut revoir.').first()).toBeVisible();
  await expect(publisher.getByTestId('relecture')).toContainText('Soumis pour relecture');
  await reason.fill('Le glissement annuel de février est à vérifier.');
  await publisher.getByRole('button', { name: 'Renvoyer au rédacteur' }).click();
  await expect(publisher.getByTestId('relecture')).toHaveText(/^En rédaction/);

  // The Rédacteur reads why, corrects and submits again.
  await editor.goto(editPath);
  await expect(editor.getByRole('note').filter({ hasText: 'Renvoyé' })).toContainText('Le glissement annuel de février est à vérifier.');
  await editor.getByRole('textbox', { name: 'Titre', exact: true }).fill(`${title} (corrigée)`);
  await editor.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(editor.getByText('Tout est enregistré')).toBeVisible();
  await editor.getByRole('button', { name: 'Soumettre pour relecture' }).click();
  await expect(editor.getByTestId('relecture')).toContainText('Soumis pour relecture');

  // The Responsable approves it, then schedules it.
  await publisher.reload();
  await publisher.getByRole('button', { name: 'Approuver' }).click();
  await expect(publisher.getByTestId('relecture')).toContainText('Approuvé');
  await publisher.getByLabel('Programmer la mise en ligne (UTC)').fill(future());
  await publisher.getByRole('button', { name: 'Programmer', exact: true }).click();
  await expect(publisher.getByTestId('etat')).toHaveText('Programmé');

  // Leave the demo site as it was: back to draft, in the trash.
  await publisher.getByRole('button', { name: 'Annuler la programmation' }).click();
  await expect(publisher.getByTestId('etat')).toHaveText('Brouillon');
  await publisher.getByRole('button', { name: 'Mettre à la corbeille' }).click();
  await expect(publisher.getByTestId('etat')).toHaveText('Dans la corbeille');
});
