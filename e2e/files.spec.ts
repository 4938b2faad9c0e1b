/**
 * The file library: several files uploaded at once through the picker with a progress bar each and
 * a French message for the refused one, rename, delete (refused while used), Range downloads and
 * restricted files.
 */
import { expect, test } from '@playwright/test';
import { apiSignIn, signIn } from './helpers/login';

const pdf = (size: number) => {
  const head = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');
  const body = Buffer.alloc(size - head.length - 6, 0x41);
  for (let i = 0; i < body.length; i++) body[i] = (i * 7919) % 251;
  return Buffer.concat([head, body, Buffer.from('\n%%EOF')]);
};

test('envoyer plusieurs fichiers, voir la progression et l’erreur, renommer, supprimer', async ({ page }) => {
  await signIn(page, '/admin/fichiers');
  const name = `Rapport e2e ${Date.now()}`;
  await page.getByLabel('choisissez des fichiers').setInputFiles([
    { name: `${name}.pdf`, mimeType: 'application/pdf', buffer: pdf(400_000) },
    { name: 'faux.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<!doctype html><html><script>alert(1)</script></html>') },
  ]);
  const uploads = page.getByRole('list', { name: 'Envois en cours' });
  await expect(uploads.getByRole('progressbar', { name: `Envoi de ${name}.pdf` })).toBeVisible();
  await expect(uploads.getByRole('listitem').filter({ hasText: `${name}.pdf` })).toContainText('Envoyé.');
  await expect(uploads.getByRole('listitem').filter({ hasText: 'faux.pdf' }).getByRole('alert')).toContainText("n'est pas un PDF");

  // The library lists it (refreshed), with its uploader and no use.
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: `${name}.pdf` }) });
  await expect(row).toContainText('Compte de démonstration');
  await expect(row).toContainText('Nulle part');

  await row.getByRole('button', { name: `Renommer ${name}.pdf` }).click();
  await page.getByLabel(`Nouveau nom de ${name}.pdf`).fill(`${name} (révisé)`);
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  const renamed = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: `${name} (révisé).pdf` }) });
  await expect(renamed).toBeVisible();

  page.once('dialog', (dialog) => void dialog.accept());
  await renamed.getByRole('button', { name: /^Supprimer/ }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Fichier supprimé.' })).toBeVisible();
  await expect(renamed).toHaveCount(0);
});

test('supprimer un fichier utilisé est refusé avec la liste des usages', async ({ page }) => {
  await signIn(page, '/admin/fichiers?type=xlsx');
  const used = page
    .getByRole('row')
    .filter({ hasNot: page.getByText('Nulle part') })
    .filter({ has: page.getByRole('button', { name: /^Supprimer/ }) })
    .first();
  const fileName = (await used.getByRole('rowheader').textContent())!.trim();
  page.once('dialog', (dialog) => void dialog.accept());
  await used.getByRole('button', { name: /^Supprimer/ }).click();
  await expect(page.locator('[data-sonner-toast]')).toContainText('est utilisé');
  await page.reload();
  await expect(page.getByRole('rowheader', { name: fileName })).toBeVisible();
});

test('Range : les octets 1000 à 1999 exactement ; fichier réservé : 404 au visiteur, 200 connecté', async ({
  request,
  page,
  playwright,
  baseURL,
}) => {
  await apiSignIn(request);
  const list = (await (await request.get('/api/files?type=pdf')).json()) as {
    files: { url: string; size: number; restricted: boolean; sha256: string }[];
  };
  const open = list.files.find((f) => !f.restricted && f.size > 2000)!;
  const whole = Buffer.from(await (await request.get(open.url)).body());
  const part = await request.get(open.url, { headers: { Range: 'bytes=1000-1999' } });
  expect(part.status()).toBe(206);
  expect(part.headers()['content-range']).toBe(`bytes 1000-1999/${open.size}`);
  expect(Buffer.from(await part.body()).equals(whole.subarray(1000, 2000))).toBe(true);

  let restricted = list.files.find((f) => f.restricted);
  for (let p = 2; !restricted && p < 20; p++) {
    const more = (await (await request.get(`/api/files?type=pdf&page=${p}`)).json()) as typeof list;
    restricted = more.files.find((f) => f.restricted);
  }
  expect(restricted, 'un fichier réservé dans la démo').toBeTruthy();
  const visitor = await playwright.request.newContext({ baseURL });
  expect((await visitor.get(restricted!.url)).status()).toBe(404);
  await visitor.dispose();
  expect((await request.get(restricted!.url)).status()).toBe(200);
  void page;
});
