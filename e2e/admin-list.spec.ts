/**
 * The back-office list of a publication area: filtering without reloading, bulk trash (the public
 * page disappears at once) and restore from the trash (it comes back); a box ticked while a search
 * loads stays ticked, and is what « Mettre en ligne » publishes.
 */
import { expect, test } from '@playwright/test';
import { demoPublisher } from '../demo/demo-account';
import { signIn } from './helpers/login';

test('rechercher, mettre à la corbeille puis restaurer une publication depuis la liste', async ({ page, request }) => {
  await signIn(page, '/admin/indice/prix_consommation');
  const table = page.getByRole('table', { name: 'Éléments de la rubrique' });
  await expect(table.getByRole('row')).not.toHaveCount(1);

  // A published row with a public page — the last one listed, not the newest publication that the
  // smoke spec and Lighthouse visit at the same time.
  const first = table
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: /^Voir/ }) })
    .last();
  const title = (await first.getByRole('rowheader').getByRole('link').textContent())!.trim();
  const publicUrl = (await first.getByRole('link', { name: /^Voir/ }).getAttribute('href'))!;
  expect((await request.get(publicUrl)).status()).toBe(200);

  // Searching filters in place: no navigation, the URL keeps the filter.
  let reloaded = false;
  page.once('load', () => (reloaded = true));
  await page.getByLabel('Rechercher un titre').fill(title);
  await expect(page).toHaveURL(/\?q=/);
  await expect(table.getByRole('rowheader', { name: title, exact: true })).toBeVisible();
  expect(reloaded).toBe(false);

  await table.getByRole('checkbox', { name: `Sélectionner « ${title} »` }).check();
  await page.getByRole('button', { name: 'Mettre à la corbeille' }).click();
  await expect(page.locator('[data-sonner-toast]')).toContainText('1 élément mis à la corbeille');
  await expect(table.getByRole('rowheader', { name: title, exact: true })).toHaveCount(0);
  expect((await request.get(publicUrl)).status()).toBe(404);

  await page.getByLabel('État').selectOption('trash');
  await table.getByRole('checkbox', { name: `Sélectionner « ${title} »` }).check();
  await page.getByRole('button', { name: 'Restaurer' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: '1 élément restauré' })).toBeVisible();
  expect((await request.get(publicUrl)).status()).toBe(200);
});

test('une case cochée pendant la recherche reste cochée et c’est elle qui part en ligne', async ({ page }) => {
  test.setTimeout(90_000);
  const title = `Brouillon liste ${Date.now().toString(36)}`;
  await signIn(page, '/admin/indice/prix_consommation', demoPublisher);
  await page.getByRole('link', { name: 'Nouvel élément' }).click();
  await page.getByRole('textbox', { name: 'Titre', exact: true }).fill(title);
  await page.getByRole('button', { name: 'Créer le brouillon' }).click();
  await expect(page).toHaveURL(/\/\d+$/);

  await page.goto('/admin/indice/prix_consommation');
  const table = page.getByRole('table', { name: 'Éléments de la rubrique' });
  const box = table.getByRole('checkbox', { name: `Sélectionner « ${title} »` });
  await expect(box).toBeVisible();
  // The search's answer is held back until the box is ticked: ticked while it loads.
  let answered = false;
  let letAnswerThrough = () => {};
  const answerHeld = new Promise<void>((resolve) => (letAnswerThrough = resolve));
  await page.route(/\/api\/admin\/\w+\?.*q=/, async (route) => {
    await answerHeld;
    await route.continue();
    answered = true;
  });
  await page.getByLabel('Rechercher un titre').fill(title);
  await box.check();
  letAnswerThrough();
  await expect(page).toHaveURL(/\?q=/);
  await expect.poll(() => answered).toBe(true);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(box).toBeChecked();
  await expect(page.getByText('1 sélectionné', { exact: true })).toBeVisible();

  // The ticked box is what goes online (the demo allows self-approval: the refusal when it is off,
  // saying why, is app/admin/(shell)/content-actions.test.ts's).
  await page.getByRole('button', { name: 'Mettre en ligne' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: '1 élément mis en ligne' })).toHaveAttribute('data-type', 'success');
  await expect(table.getByRole('row').filter({ hasText: title })).toContainText('En ligne');
});

test('tableau de bord : les titres des colonnes de « Contenus par rubrique » ne se touchent pas, même sur un écran étroit', async ({
  page,
}) => {
  await signIn(page, '/admin');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const headers = page.getByRole('table', { name: 'Contenus par rubrique' }).getByRole('columnheader');
    await expect(headers).toHaveText(['Rubrique', 'Éléments', 'Brouillons', 'Programmés']);
    // Each title's own text (not its cell): the space between one word and the next.
    const boxes = await headers.evaluateAll((cells) =>
      cells.map((cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        const box = range.getBoundingClientRect();
        return { left: box.left, right: box.right, fontSize: parseFloat(getComputedStyle(cell).fontSize) };
      }),
    );
    for (let i = 1; i < boxes.length; i++) {
      const gap = boxes[i]!.left - boxes[i - 1]!.right;
      expect(gap, `${width} px : espace avant la colonne ${i + 1}`).toBeGreaterThanOrEqual(boxes[i]!.fontSize);
    }
  }
});
