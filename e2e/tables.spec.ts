/**
 * Tables with dimensions in the back-office (issue 27): the demo's tables are listed; a new version
 * of the population table is imported from its PX file with one value corrected, previewed (one
 * revised cell, old → new) and published; a wrong CSV is refused line by line and cancelled, writing
 * nothing; a new table is created empty; a series made a slice of a table follows its next version
 * (issue 27, item 5), and the demo's IPC says on its public page which table it comes from.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { whenHydrated } from './helpers/actions';
import { signIn } from './helpers/login';
import { expectNoSeriousA11yViolations } from './helpers/page-checks';

const pxFile = fs.readFileSync(path.join(import.meta.dirname, '../demo/tables/population.px'));

test('import PX → aperçu (une cellule révisée) → publication d’une correction ; fichier refusé ligne par ligne, rien d’écrit', async ({
  page,
}) => {
  // Two axe checks (5–10 s each on a loaded 2-core machine) and two file reads.
  test.setTimeout(120_000);
  await signIn(page, '/admin/tableaux');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tableaux de données');
  for (const title of [
    'Population résidente par région, sexe et groupe d’âge',
    'Exportations par produit et pays partenaire',
    'Indice des prix à la consommation par groupe de produits',
  ]) {
    await expect(page.getByRole('link', { name: title })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Population résidente par région, sexe et groupe d’âge' }).click();
  await expect(page).toHaveURL(/\/admin\/tableaux\/POP_REGION_SEXE_AGE$/);
  await expect(page.getByText(/^Version 1 — révision programmée/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The same PX file with the first cell (Capitale, femmes, 0 à 14 ans, 2019) corrected — by a different amount on each run,
  // so that a run against a database an earlier run changed still revises one cell.
  const text = pxFile.toString('latin1');
  const data = text.indexOf('DATA=');
  const first = /\d+/.exec(text.slice(data + 5))!;
  const corrected = `${text.slice(0, data + 5 + first.index)}${Number(first[0]) + 1 + (Date.now() % 997)}${text.slice(data + 5 + first.index + first[0].length)}`;
  await page.getByLabel('Fichier PX, CSV ou XLSX').setInputFiles({
    name: 'population-corrigee.px',
    mimeType: 'text/plain',
    buffer: Buffer.from(corrected, 'latin1'),
  });
  await page.getByRole('button', { name: 'Lire le fichier et voir l’aperçu' }).click();
  await expect(page).toHaveURL(/\/admin\/tableaux\/import\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aperçu de l’import');
  const summary = page.getByRole('list', { name: 'Résumé' });
  await expect(summary).toContainText('448 cellule(s), dont 8 sans valeur');
  await expect(summary).toContainText('1 révisée(s)');
  await expect(summary).toContainText('0 erreur(s)');
  const revised = page.getByRole('row', { name: /CAP · F · Y0T14 · 2019/ });
  await expect(revised).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Type de changement').selectOption('correction');
  await page.getByLabel('Raison, affichée dans « Versions précédentes »').fill('Correction des moins de 15 ans de la capitale en 2019.');
  await page.getByRole('button', { name: 'Publier cette version' }).click();
  await expect(page).toHaveURL(/\/admin\/tableaux\/POP_REGION_SEXE_AGE\?publie=/);
  await expect(page.getByRole('status').filter({ hasText: /Version \d+ publiée\./ })).toBeVisible();
  await expect(page.getByText(/— correction — en ligne$/)).toBeVisible();

  // A wrong CSV: every refused line named, nothing to publish; cancelling writes nothing.
  const versionsBefore = await page
    .getByRole('listitem')
    .filter({ hasText: /^Version \d+ —/ })
    .count();
  await page.getByLabel('Fichier PX, CSV ou XLSX').setInputFiles({
    name: 'faux.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('REGION;SEXE;AGE;ANNEE;valeur\nCAP;F;Y0T14;2019;douze\nCAP;F;Y0T14;20x9;1\n'),
  });
  await page.getByRole('button', { name: 'Lire le fichier et voir l’aperçu' }).click();
  await expect(page).toHaveURL(/\/admin\/tableaux\/import\/[0-9a-f-]{36}$/);
  const alert = page.getByRole('alert').filter({ hasText: 'Ligne 2' });
  await expect(alert).toContainText('Ligne 2 : « douze » n’est pas un nombre');
  await expect(alert).toContainText('Ligne 3 : « 20x9 » n’est pas une période');
  await expect(page.getByRole('button', { name: 'Publier cette version' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Annuler l’import (rien n’est enregistré)' }).click();
  await expect(page).toHaveURL(/\/admin\/tableaux\/POP_REGION_SEXE_AGE\?publie=/);
  await expect(page.getByRole('status').filter({ hasText: 'Import annulé : rien n’a été enregistré.' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: /^Version \d+ —/ })).toHaveCount(versionsBefore);
});

test('un nouveau tableau se crée vide : rien de public avant un import approuvé', async ({ page }) => {
  await signIn(page, '/admin/tableaux/nouveau');
  const code = `PRIX_VILLE_${Date.now().toString(36).toUpperCase()}`;
  await page.getByLabel('Code').fill(code);
  await page.getByLabel('Titre en français').fill('Prix moyens par ville');
  await page.getByLabel('Rubrique').selectOption('ipc');
  await page.getByLabel('Titre en anglais').fill('Average prices by city');
  await page.getByRole('button', { name: 'Créer le tableau' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/tableaux/${code}$`));
  await expect(page.getByText('Aucune version : importez un fichier pour créer la première.')).toBeVisible();
  // The same code again: refused in French under its field, what was typed kept.
  await page.goto('/admin/tableaux/nouveau');
  await page.getByLabel('Code').fill(code);
  await page.getByLabel('Titre en français').fill('Doublon');
  await page.getByRole('button', { name: 'Créer le tableau' }).click();
  await expect(page.getByText(`Le code ${code} est déjà celui d’un autre tableau.`).first()).toBeVisible();
  await expect(page.getByLabel('Titre en français')).toHaveValue('Doublon');
});

test('une série tranche d’un tableau : définie sur l’écran de la série, elle suit la version suivante du tableau ; l’IPC de démonstration dit de quel tableau il est issu', async ({
  page,
}) => {
  // Two imports and an axe check on a loaded 2-core machine.
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36).toUpperCase();
  const table = `PRIX_TRANCHE_${stamp}`;
  const code = `TRANCHE_${stamp}`;
  const csv = (alim: string) =>
    Buffer.from(`GROUPE;periode;valeur\nALIM;2026-08;100\nALIM;2026-09;${alim}\nLOGT;2026-08;90\nLOGT;2026-09;91\n`);
  const importTable = async (file: Buffer, reason: string) => {
    await page.goto(`/admin/tableaux/${table}`);
    await page.getByLabel('Fichier PX, CSV ou XLSX').setInputFiles({ name: 'prix.csv', mimeType: 'text/csv', buffer: file });
    await page.getByRole('button', { name: 'Lire le fichier et voir l’aperçu' }).click();
    await expect(page).toHaveURL(/\/admin\/tableaux\/import\/[0-9a-f-]{36}$/);
    await page.getByLabel('Raison, affichée dans « Versions précédentes »').fill(reason);
    await page.getByRole('button', { name: 'Publier cette version' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/tableaux/${table}\\?publie=`));
  };

  // A table of its own with one version, and a series of its own.
  await signIn(page, '/admin/tableaux/nouveau');
  await page.getByLabel('Code').fill(table);
  await page.getByLabel('Titre en français').fill(`Prix par groupe ${stamp}`);
  await page.getByLabel('Rubrique').selectOption('ipc');
  await page.getByRole('button', { name: 'Créer le tableau' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/tableaux/${table}$`));
  await importTable(csv('101,5'), 'Première version.');
  await page.goto('/admin/series/nouvelle');
  await page.getByRole('textbox', { name: 'Code', exact: true }).fill(code);
  await page.getByLabel('Titre en français').fill(`Prix alimentaires ${stamp}`);
  await page.getByLabel('Rubrique', { exact: true }).selectOption('ipc');
  await page.getByRole('button', { name: 'Créer la série' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/series/${code}$`));

  // The series' screen: choose the table (a GET form), then one value of its dimension.
  const slice = page.getByRole('region', { name: 'Tranche d’un tableau' });
  await slice.getByLabel('Tableau').selectOption(table);
  await slice.getByRole('button', { name: 'Choisir ce tableau' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/series/${code}\\?tableau=${table}$`));
  await slice.getByLabel(/^GROUPE/).selectOption('ALIM');
  // The page was just loaded in full (the GET form): before hydration the click would send the form
  // as a GET to this address (CI saw the screen back without its table, and no answer).
  await (await whenHydrated(slice.getByRole('button', { name: 'Suivre ce tableau' }))).click();
  await expect(
    slice.getByRole('status').filter({ hasText: `La série ${code} suit désormais le tableau ${table} : version 1 publiée` }),
  ).toBeVisible();
  await expect(slice).toContainText(`Cette série est une tranche du tableau Prix par groupe ${stamp} (${table})`);
  // Its values are no longer typed by hand.
  await expect(page.getByRole('region', { name: 'Saisir des valeurs' })).toContainText('ne se saisissent ni ne s’importent à la main');
  await expectNoSeriousA11yViolations(page);

  // The table's next version publishes the series' next one, with its reason.
  await importTable(csv('102,5'), `Relevés tardifs ${stamp}.`);
  await expect(
    page.getByRole('region', { name: 'Séries qui suivent ce tableau' }).getByRole('link', { name: new RegExp(code) }),
  ).toBeVisible();
  await page.goto(`/admin/series/${code}`);
  await expect(page.getByRole('region', { name: 'Versions' })).toContainText(`Version 2`);
  await expect(page.getByRole('region', { name: 'Versions' })).toContainText(`Relevés tardifs ${stamp}.`);
  await page.goto(`/indice/ipc/series/${code}`);
  await expect(page.getByRole('main')).toContainText('102,5');
  await expect(page.getByRole('link', { name: `Prix par groupe ${stamp}` })).toHaveAttribute('href', `/donnees/tableaux/${table}`);

  // The demo's IPC key figure is the CPI table's « Ensemble » row.
  await page.goto('/indice/ipc/series/IPC');
  await expect(page.getByRole('main')).toContainText('Issue du tableau Indice des prix à la consommation par groupe de produits');
  await page.getByRole('link', { name: 'Indice des prix à la consommation par groupe de produits' }).click();
  await expect(page).toHaveURL(/\/donnees\/tableaux\/IPC_GROUPES/);
});
