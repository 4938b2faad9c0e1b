/**
 * Press releases, the kind added by following docs/content-kinds.md (issue 39): the demo's on
 * `/communiques` in French and `/en/communiques` in English, each with its PDF, the scheduled one
 * not before its time, all found by the search; and in the back-office, a release whose PDF a
 * visitor cannot download before it is online, while a file that is not a PDF is refused in French.
 */
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { textPdf } from '../testing/pdf';
import { signIn } from './helpers/login';

const stamp = () => Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/** Uploads a new file through the library picker whose fieldset is labelled `label`. */
async function attach(page: Page, label: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page
    .getByRole('group', { name: label, exact: true })
    .getByRole('button', { name: /^(Choisir un fichier|Changer)/ })
    .click();
  const dialog = page.getByRole('dialog', { name: label });
  await dialog.getByLabel('choisissez des fichiers').setInputFiles(file);
  await expect(dialog).toBeHidden();
}

const toast = (page: Page, text: string | RegExp) =>
  expect(page.locator('[data-sonner-toast]').filter({ hasText: text }).first()).toBeVisible();

test('les communiqués de la démonstration : en français, en anglais, avec leur PDF, le programmé pas avant son heure, trouvés par la recherche', async ({
  page,
}) => {
  await page.goto('/communiques');
  await expect(page.getByRole('heading', { level: 1, name: 'Communiqués de presse' })).toBeVisible();
  const release = page.getByRole('article').filter({ hasText: 'Signature d’une convention avec l’université de Sahelia' });
  await expect(release.getByRole('link', { name: /Communiqué \(PDF\)/ })).toBeVisible();
  await expect(page.getByText('Journée africaine de la statistique')).toHaveCount(0);
  const pdf = await page.request.get((await release.getByRole('link', { name: /Communiqué \(PDF\)/ }).getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');

  await page.goto('/en/communiques');
  await expect(page.getByRole('heading', { level: 1, name: 'Press releases' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Agreement signed with the University of Sahelia' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Press release \(PDF\)/ }).first()).toBeVisible();

  await page.goto('/recherche?q=convention%20universit%C3%A9');
  await expect(page.getByRole('list', { name: 'Résultats de la recherche' })).toContainText(
    'Signature d’une convention avec l’université de Sahelia',
  );
  await page.goto('/en/recherche?q=agreement%20university');
  await expect(page.getByRole('main')).toContainText('Agreement signed with the University of Sahelia');
});

test('un communiqué : son PDF caché jusqu’à la mise en ligne, un fichier qui n’est pas un PDF refusé en français', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const id = stamp();
  const title = `Communiqué ${id}`;
  await signIn(page, '/admin/communiques');
  await page.getByRole('link', { name: 'Nouvel élément' }).click();
  await page.getByRole('textbox', { name: 'Titre', exact: true }).fill(title);
  await page.getByRole('textbox', { name: 'Résumé', exact: true }).fill(`Résumé ${id}`);

  // An image in the PDF's place: refused under the field, nothing created.
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#204060' } })
    .png()
    .toBuffer();
  await attach(page, 'Communiqué en PDF', { name: `image-${id}.png`, mimeType: 'image/png', buffer: png });
  await page.getByRole('button', { name: 'Créer le brouillon' }).click();
  await expect(page.getByText('Le document doit être un PDF : choisissez un autre fichier de la bibliothèque.').first()).toBeVisible();

  await attach(page, 'Communiqué en PDF', {
    name: `communique-${id}.pdf`,
    mimeType: 'application/pdf',
    buffer: await textPdf([`communique ${id}`]),
  });
  await page.getByRole('button', { name: 'Créer le brouillon' }).click();
  await toast(page, /créé \(brouillon\)/);
  await expect(page).toHaveURL(/\/\d+$/);

  // The PDF's address, from the file library (its « used by » names the draft).
  await page.goto(`/admin/fichiers?q=communique-${id}`);
  const row = page.getByRole('row').filter({ hasText: `communique-${id}` });
  await expect(row).toContainText(`Communiqué de presse : « ${title} » (document)`);
  const href = (await row.locator('a[href^="/fichiers/"]').first().getAttribute('href'))!;

  const visitor = await browser.newContext();
  expect((await visitor.request.get(href)).status()).toBe(404);

  await page.goBack();
  await page.getByRole('button', { name: 'Mettre en ligne maintenant' }).click();
  await toast(page, 'en ligne');
  expect((await visitor.request.get(href)).status()).toBe(200);
  const reader = await visitor.newPage();
  await reader.goto('/communiques');
  await expect(reader.getByRole('heading', { level: 2, name: title })).toBeVisible();

  // Leave the demo as it was.
  await page.getByRole('button', { name: 'Mettre à la corbeille' }).click();
  await expect(page.getByTestId('etat')).toHaveText('Dans la corbeille');
  await visitor.close();
});
