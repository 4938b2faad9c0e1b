/**
 * The back-office list of a publication area: filtering without reloading, bulk trash (the public
 * page disappears at once) and restore from the trash (it comes back).
 */
import { expect, test } from '@playwright/test';
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
  const title = (await first.getByRole('rowheader').textContent())!.trim();
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
