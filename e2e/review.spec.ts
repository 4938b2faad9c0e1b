/**
 * A second pair of eyes before a note goes out (lib/review), with the demo accounts
 * (demo/demo-account.ts): the Rédacteur of the price indices writes a CPI note and submits it;
 * they have no control to approve or publish it; the Responsable de publication finds it in « À
 * relire », sends it back with a reason (a missing reason is refused next to its field), the
 * Rédacteur reads the reason, corrects and submits again, the Responsable approves it and
 * schedules it. The demo's own waiting item is in the list.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { demoEditor, demoPublisher } from '../demo/demo-account';
import { submitUntil } from './helpers/actions';
import { signIn } from './helpers/login';
import { moveClockTo, nextMinute } from './helpers/clock';

async function signedIn(browser: Browser, account: { email: string; password: string }, next = '/admin'): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, next, account);
  return page;
}

const future = () => new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 16);

test('note IPC soumise par le rédacteur, renvoyée avec raison, corrigée, approuvée par le responsable de publication, programmée', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const title = `Note IPC à relire ${Date.now().toString(36)}`;
  const editor = await signedIn(browser, demoEditor, '/admin/indice/prix_consommation');
  await editor.getByRole('link', { name: 'Nouvel élément' }).click();
  await editor.getByRole('textbox', { name: 'Titre', exact: true }).fill(title);
  await editor.getByRole('button', { name: 'Créer le brouillon' }).click();
  await expect(editor).toHaveURL(/\/\d+$/);
  await expect(editor.getByTestId('relecture')).toHaveText('En rédaction');
  const editPath = new URL(editor.url()).pathname;

  await expect(editor.getByRole('region', { name: 'Publication' })).toContainText('Soumettez ce brouillon pour relecture');
  await editor.getByRole('button', { name: 'Soumettre pour relecture' }).click();
  await expect(editor.getByTestId('relecture')).toContainText('Soumis pour relecture');
  // Submitted: the panel no longer advises to submit, it says what comes next.
  await expect(editor.getByRole('region', { name: 'Publication' })).toContainText('Ce brouillon est soumis pour relecture');
  await expect(editor.getByRole('region', { name: 'Publication' })).not.toContainText('Soumettez ce brouillon');
  // The Rédacteur has no control to approve or publish it.
  await expect(editor.getByRole('button', { name: 'Approuver' })).toHaveCount(0);
  await expect(editor.getByRole('button', { name: 'Mettre en ligne maintenant' })).toHaveCount(0);
  await editor.goto('/admin/relire');
  await expect(
    editor.getByRole('table', { name: /Vos éléments en attente de relecture/ }).getByRole('link', { name: title }),
  ).toBeVisible();

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
  // The page's refresh has landed (the server names who approved): the form is drawn again for the
  // new version then, which empties a date typed before it.
  await expect(publisher.getByTestId('relecture')).toHaveText(/^Approuvé \(.+, /);
  await publisher.getByLabel('Programmer la mise en ligne (UTC)').fill(future());
  await publisher.getByRole('button', { name: 'Programmer', exact: true }).click();
  await expect(publisher.getByTestId('etat')).toHaveText('Programmé');

  // Leave the demo site as it was: back to draft, in the trash.
  await publisher.getByRole('button', { name: 'Annuler la programmation' }).click();
  await expect(publisher.getByTestId('etat')).toHaveText('Brouillon');
  await publisher.getByRole('button', { name: 'Mettre à la corbeille' }).click();
  await expect(publisher.getByTestId('etat')).toHaveText('Dans la corbeille');
});

/** A release confirmed at `at` (a whole minute, UTC as the e2e server's zone), through the creation form; returns its admin path. */
async function releaseAt(page: Page, title: string, at: Date): Promise<string> {
  await page.goto('/admin/calendrier/nouvelle');
  await page.getByRole('textbox', { name: 'Titre', exact: true }).fill(title);
  await page.getByLabel('Rubrique').selectOption('ipc');
  await page.getByLabel('Date et heure de parution (UTC)').fill(at.toISOString().slice(0, 16));
  await page.getByRole('button', { name: 'Annoncer la parution' }).click();
  await expect(page).toHaveURL(/\/admin\/calendrier\/\d+$/);
  return new URL(page.url()).pathname;
}

/** A CPI draft with its own address, created on the current page's account; returns its public path. */
async function cpiDraft(page: Page, title: string, slug: string): Promise<string> {
  await page.goto('/admin/indice/prix_consommation');
  await page.getByRole('link', { name: 'Nouvel élément' }).click();
  await page.getByRole('textbox', { name: 'Titre', exact: true }).fill(title);
  await page.getByRole('textbox', { name: 'Adresse (fin de l’URL)' }).fill(slug);
  await page.getByRole('button', { name: 'Créer le brouillon' }).click();
  await expect(page).toHaveURL(/\/\d+$/);
  return `/indice/ipc/${slug}`;
}

/** Cancels the release on screen (a test leaves no release of its own on the demo calendar). */
async function cancelRelease(page: Page) {
  const cancel = page.getByRole('region', { name: 'Annuler', exact: true });
  await submitUntil(
    page,
    () => cancel.getByRole('button', { name: 'Annuler la parution' }),
    page.getByText('Cette parution est annulée : elle ne change plus.'),
    {
      before: () => cancel.getByLabel('Avis d’annulation (publié)').fill('Parution de test retirée du calendrier.'),
    },
  );
}

async function link(page: Page, releasePath: string, title: string) {
  await page.goto(releasePath);
  const option = page.locator('#link-publication option').filter({ hasText: title });
  await page.getByLabel('Publication à sortir avec cette parution').selectOption((await option.getAttribute('value'))!);
  await page.getByRole('button', { name: 'Lier à la parution' }).click();
  await expect(page.getByRole('region', { name: 'Contenus de la parution' }).getByRole('link', { name: title })).toBeVisible();
}

test(
  'la note du rédacteur sort à sa minute avec sa parution approuvée ; une parution non approuvée ne sort pas et le dit',
  { tag: '@clock' },
  async ({ browser, request }) => {
    test.setTimeout(180_000);
    const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
    // A coming minute, with time for the whole journey before it (the test clock brings it after).
    const at = await nextMinute(request, 5 * 60_000);

    // The Rédacteur writes a CPI note and submits it; they cannot approve it.
    const editor = await signedIn(browser, demoEditor, '/admin');
    const noteTitle = `Note IPC de la parution ${id}`;
    const notePath = await cpiDraft(editor, noteTitle, `note-parution-${id}`);
    await editor.getByRole('button', { name: 'Soumettre pour relecture' }).click();
    await expect(editor.getByTestId('relecture')).toContainText('Soumis pour relecture');
    await expect(editor.getByRole('button', { name: 'Approuver' })).toHaveCount(0);

    // The Responsable links it to a release at the next minute and approves the release as a whole.
    const publisher = await signedIn(browser, demoPublisher, '/admin');
    const approvedPath = await releaseAt(publisher, `Parution approuvée ${id}`, at);
    await link(publisher, approvedPath, noteTitle);
    await submitUntil(
      publisher,
      () => publisher.getByRole('button', { name: 'Approuver la parution' }),
      publisher.getByTestId('relecture-parution').filter({ hasText: /^Approuvé$/ }),
    );
    await expect(publisher.getByRole('region', { name: /Relecture/ })).toContainText('elle sortira à son heure');

    // A second release at the same minute, with a note of its own, is never approved: the screen and
    // the dashboard say that nothing of it will go out.
    const heldTitle = `Note IPC retenue ${id}`;
    const heldNotePath = await cpiDraft(publisher, heldTitle, `note-retenue-${id}`);
    const heldPath = await releaseAt(publisher, `Parution non approuvée ${id}`, at);
    await link(publisher, heldPath, heldTitle);
    await expect(publisher.getByRole('alert').filter({ hasText: 'rien n’en sortira' })).toContainText('la parution elle-même');
    await publisher.goto('/admin');
    await expect(
      publisher
        .getByRole('region', { name: 'Parutions qui ne sortiront pas à leur heure' })
        .getByRole('link', { name: `Parution non approuvée ${id}` }),
    ).toBeVisible();

    // Before the minute neither note is public; at it (the test clock), the approved one is; the other never.
    expect((await request.get(notePath)).status()).toBe(404);
    await moveClockTo(request, at);
    await expect.poll(async () => (await request.get(notePath)).status()).toBe(200);
    expect((await request.get(heldNotePath)).status()).toBe(404);
    await publisher.goto(heldPath);
    await expect(
      publisher.getByRole('alert').filter({ hasText: 'L’heure de cette parution est passée : rien n’en est sorti' }),
    ).toBeVisible();
    await expect(publisher.getByText(/^programmée$/)).toBeVisible();

    // Leave no release at risk behind: the held note leaves the release, which is cancelled.
    await publisher.getByRole('button', { name: `Retirer « ${heldTitle} » de la parution` }).click();
    await expect(publisher.getByRole('region', { name: 'Contenus de la parution' }).getByRole('link', { name: heldTitle })).toHaveCount(0);
    await cancelRelease(publisher);
    await expect(publisher.getByRole('button', { name: /Soumettre la parution|Approuver la parution/ })).toHaveCount(0);
  },
);

test('le rédacteur prépare une parution : absente du calendrier public jusqu’à ce que le responsable de publication l’approuve', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const title = `Parution préparée ${Date.now().toString(36)}`;
  const editor = await signedIn(browser, demoEditor, '/admin/calendrier');
  await editor.getByRole('link', { name: 'Annoncer une parution' }).click();
  await expect(editor.getByText('Votre annonce est préparée hors du calendrier public')).toBeVisible();
  await editor.getByRole('textbox', { name: 'Titre', exact: true }).fill(title);
  await editor.getByLabel('Rubrique').selectOption('ipc');
  await editor.getByLabel('Date et heure de parution (UTC)').fill(new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 16));
  await editor.getByRole('button', { name: 'Annoncer la parution' }).click();
  await expect(editor).toHaveURL(/\/admin\/calendrier\/\d+$/);
  const releasePath = new URL(editor.url()).pathname;
  await expect(editor.getByText('En préparation : cette parution n’est pas encore sur le calendrier public.')).toBeVisible();
  await editor.getByRole('button', { name: 'Soumettre la parution pour relecture' }).click();
  await expect(editor.getByTestId('relecture-parution')).toHaveText('Soumis pour relecture');
  await expect(editor.getByRole('button', { name: 'Approuver la parution' })).toHaveCount(0);
  expect(await (await request.get('/calendrier')).text()).not.toContain(title);

  // The Responsable finds it in « À relire » and approves it: it is on the public calendar.
  const publisher = await signedIn(browser, demoPublisher, '/admin/relire');
  await publisher.getByRole('link', { name: title }).click();
  await expect(publisher).toHaveURL(new RegExp(`${releasePath}$`));
  await publisher.getByRole('button', { name: 'Approuver la parution' }).click();
  await expect(publisher.getByTestId('relecture-parution')).toHaveText('Approuvé');
  await expect.poll(async () => (await (await request.get('/calendrier')).text()).includes(title)).toBe(true);

  // Leave the demo calendar as it was.
  await cancelRelease(publisher);
});
