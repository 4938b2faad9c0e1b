/**
 * A series version goes through a second pair of eyes (issue 24): the demo Rédacteur prepares
 * values of a series of their area, they are submitted for review and public nowhere; the
 * Responsable de publication approves them and the public page and the API show them. The demo's
 * self-approval setting is left as it is (other specs run beside this one and rely on it): a
 * Rédacteur's version is submitted whatever it says.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { demoAccount, signIn } from './helpers/login';
import { demoEditor, demoPublisher } from '../demo/demo-account';

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A page in a browser context of its own, signed in as `account`, on `path`. */
async function as(browser: Browser, account: { email: string; password: string }, path: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, path, account);
  return page;
}

test('une version préparée par un rédacteur attend la relecture, puis un responsable l’approuve et elle est publique', async ({
  browser,
}) => {
  // The demo administrator creates a series of area ipc, one of the Rédacteur's areas.
  const code = `REVUE_${stamp().toUpperCase()}`;
  const admin = await as(browser, demoAccount, '/admin/series/nouvelle');
  await admin.getByRole('textbox', { name: 'Code', exact: true }).fill(code);
  await admin.getByLabel('Titre en français').fill(`Série à relire ${code}`);
  await admin.getByLabel('Rubrique', { exact: true }).selectOption('ipc');
  await admin.getByRole('button', { name: 'Créer la série' }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/series/${code}$`));
  await admin.context().close();

  // The Rédacteur prepares a value: told it is submitted for review.
  const editor = await as(browser, demoEditor, `/admin/series/${code}`);
  const values = editor.getByRole('region', { name: 'Saisir des valeurs' });
  await expect(values.getByRole('note')).toContainText('Votre version sera soumise pour relecture');
  await values
    .getByRole('textbox', { name: /^Valeur, / })
    .first()
    .fill('123,4');
  await values.getByRole('button', { name: 'Soumettre les valeurs pour relecture' }).click();
  // The grid gives way to the waiting version: the message stays in the toast.
  await expect(
    editor
      .getByText(`Version soumise pour relecture : ${code} v1. Une seconde personne l’approuve avant sa mise en ligne`, { exact: false })
      .first(),
  ).toBeVisible();
  const pending = editor.getByRole('region', { name: 'Version 1 soumise pour relecture' });
  await expect(pending).toContainText('Vous avez écrit cette version : une seconde personne l’approuve avant sa mise en ligne.');
  await expect(editor.getByRole('region', { name: 'Versions', exact: true })).toContainText('Soumise pour relecture');
  // Nothing to approve for its writer.
  await expect(editor.getByRole('button', { name: 'Approuver' })).toHaveCount(0);
  await expect(editor.getByRole('button', { name: 'Renvoyer au rédacteur' })).toHaveCount(0);

  // Public nowhere yet.
  expect((await editor.request.get(`/api/v1/series/${code}`)).status()).toBe(404);
  await editor.context().close();

  // The Responsable finds it on « À relire » and approves it.
  const publisher = await as(browser, demoPublisher, '/admin/relire');
  await publisher.getByRole('link', { name: `${code}, version 1` }).click();
  await expect(publisher).toHaveURL(new RegExp(`/admin/series/${code}$`));
  await publisher.getByRole('button', { name: 'Approuver' }).click();
  // The waiting version's box goes (its forms with it): the list of versions says it is approved.
  await expect(publisher.getByRole('region', { name: 'Version 1 soumise pour relecture' })).toHaveCount(0);
  await expect(publisher.getByRole('region', { name: 'Versions', exact: true })).toContainText('Approuvée');

  // The public page and the API show the value.
  const api = await publisher.request.get(`/api/v1/series/${code}`);
  expect(api.status()).toBe(200);
  const body = (await api.json()) as { series: { observations: { value: number }[] }[] };
  expect(body.series[0]?.observations.map((o) => o.value)).toEqual([123.4]);
  await publisher.goto(`/indice/ipc/series/${code}`);
  await expect(publisher.getByRole('main')).toContainText('123,4');
  await publisher.context().close();
});
