/**
 * The microdata catalogue (issue 50): a visitor, without JavaScript, finds surveys by a variable's
 * word, opens a survey (its files with their access tiers, the open one downloadable) and a
 * variable (its question, categories and frequencies); an administrator imports a Nesstar DDI 1.2.2
 * file in UTF-16, reads the preview and its report, confirms, puts the survey online and the public
 * page shows its variables; a hostile file is refused in French.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { whenHydrated } from './helpers/actions';
import { expectNoSeriousA11yViolations } from './helpers/page-checks';
import { signIn } from './helpers/login';

const nesstar = fs.readFileSync(path.resolve('testing/ddi/roda-002-nesstar-extract.utf16.xml'));

test.describe('sans JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('un visiteur trouve une enquête par le mot d’une variable, ouvre l’enquête et la variable', async ({ page }) => {
    await page.goto('/microdonnees');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Microdonnées : enquêtes et recensements');
    await page.getByLabel('Mot du titre, du résumé ou d’une variable').fill('fréquentation scolaire');
    await page.getByLabel('Accès aux fichiers').selectOption('public-use');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page).toHaveURL(/\/microdonnees\?q=fr%C3%A9quentation\+scolaire&.*acces=public-use/);
    // The census sample has that variable too, but only licensed files: the access facet leaves it out.
    await expect(page.getByRole('heading', { level: 2, name: '1 enquête' })).toBeVisible();
    const survey = page.getByRole('link', { name: 'Enquête harmonisée sur les conditions de vie des ménages 2024' });
    await expect(survey).toBeVisible();
    await survey.click();
    await expect(page).toHaveURL(/\/microdonnees\/ehcvm-2024$/);
    const files = page.getByRole('region', { name: 'Fichiers de données' });
    await expect(files.getByRole('row', { name: /ehcvm_individu_2024/ })).toContainText(
      'Usage public (lecteur inscrit, conditions acceptées)',
    );
    await expect(files.getByRole('row', { name: /ehcvm_conso_alimentaire_2024/ })).toContainText('Sous licence (sur demande approuvée)');
    const open = files.getByRole('row', { name: /ehcvm_extrait_pedagogique_2024/ });
    await expect(open).toContainText('Accès libre');
    const download = open.getByRole('link', { name: /^Télécharger ehcvm_extrait_pedagogique_2024/ });
    expect((await page.request.get((await download.getAttribute('href'))!)).status()).toBe(200);
    // A restricted file shows its tier and conditions, and no download link.
    await expect(files.getByRole('row', { name: /ehcvm_conso_alimentaire_2024/ }).getByRole('link', { name: /^Télécharger/ })).toHaveCount(
      0,
    );
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!) as {
      '@type': string;
      name: string;
    };
    expect(jsonLd).toMatchObject({ '@type': 'Dataset', name: 'Enquête harmonisée sur les conditions de vie des ménages 2024' });
    await page.getByRole('link', { name: 'S02Q12', exact: true }).click();
    await expect(page).toHaveURL(/\/microdonnees\/ehcvm-2024\/variables\/S02Q12$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Fréquentation scolaire au cours de l’année scolaire 2023-2024');
    await expect(page.getByText('Est-ce que [NOM] fréquente l’école au cours de l’année scolaire 2023-2024 ?')).toBeVisible();
    const categories = page.getByRole('region', { name: 'Modalités' });
    await expect(categories.getByRole('row', { name: /^1 Oui/ })).toBeVisible();
    await expect(categories.getByRole('row', { name: /Ne sait pas \/ non déclaré \(valeur manquante\)/ })).toBeVisible();
    // axe needs JavaScript: the smoke spec checks these pages with it (e2e/smoke.spec.ts).
  });

  test('la recherche de variables parcourt toutes les enquêtes', async ({ page }) => {
    await page.goto('/microdonnees/variables');
    await page.getByLabel('Mot du nom, du libellé ou de la question').fill('scolaire');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page).toHaveURL(/\/microdonnees\/variables\?q=scolaire$/);
    const rows = page.getByRole('row');
    await expect(rows.filter({ hasText: 'Troisième recensement général de la population et de l’habitat 2023' }).first()).toBeVisible();
    await expect(rows.filter({ hasText: 'Enquête harmonisée sur les conditions de vie des ménages 2024' }).first()).toBeVisible();
  });
});

test('un administrateur importe un DDI 1.2.2 en UTF-16 : aperçu et rapport, confirmation, mise en ligne, variables publiques ; un fichier hostile est refusé', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const slug = `diagnoza-1999-${Date.now().toString(36)}`;
  await signIn(page, '/admin/microdonnees');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Microdonnées : enquêtes et recensements');

  // Billion laughs: refused at once, in French, nothing staged.
  const lol = `<?xml version="1.0"?><!DOCTYPE codeBook [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><codeBook xmlns="ddi:codebook:2_5"><stdyDscr><citation><titlStmt><titl>&b;</titl></titlStmt></citation></stdyDscr></codeBook>`;
  await page.getByLabel('Rubrique de l’enquête').selectOption('sociale');
  await page.getByLabel('Fichier DDI (XML)').setInputFiles({ name: 'lol.xml', mimeType: 'application/xml', buffer: Buffer.from(lol) });
  await (await whenHydrated(page.getByRole('button', { name: 'Lire le fichier et voir l’aperçu' }))).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Fichier refusé' })).toContainText(
    'Fichier refusé : il contient une déclaration DOCTYPE',
  );
  await expect(page).toHaveURL(/\/admin\/microdonnees$/);

  await page.getByLabel('Fichier DDI (XML)').setInputFiles({ name: '002_F1.xml', mimeType: 'application/xml', buffer: nesstar });
  await page.getByRole('button', { name: 'Lire le fichier et voir l’aperçu' }).click();
  await expect(page).toHaveURL(/\/admin\/microdonnees\/import\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aperçu de l’import DDI');
  const report = page.getByRole('region', { name: 'Rapport de lecture' });
  await expect(report).toContainText('DDI Codebook 1.2.2 (UTF-16LE).');
  await expect(report).toContainText('1 fichier de données, 2 variables, 6 modalités, 2 questions.');
  await expect(report).toContainText('valrng');
  await expect(page.getByRole('row', { name: /NR Numar chestionar/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Adresse de l’enquête (/microdonnees/…)').fill(slug);
  await (await whenHydrated(page.getByRole('button', { name: 'Enregistrer cette version' }))).click();
  await expect(page).toHaveURL(new RegExp(`/admin/microdonnees/${slug}\\?message=`));
  await expect(page.getByRole('status').filter({ hasText: 'Version 1 enregistrée.' })).toBeVisible();

  // Not public before it is put online.
  expect((await page.request.get(`/microdonnees/${slug}`)).status()).toBe(404);
  await (await whenHydrated(page.getByRole('button', { name: 'Mettre en ligne' }))).click();
  await expect(page.getByRole('button', { name: 'Retirer du site' })).toBeVisible();

  await expect
    .poll(async () => (await page.request.get(`/microdonnees/${slug}`)).status(), { message: 'la page publique de l’enquête' })
    .toBe(200);
  await page.goto(`/microdonnees/${slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Diagnoza calitatii vietii - 1999');
  await expect(page.getByRole('link', { name: 'NR', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'LOC', exact: true })).toBeVisible();
  const xml = await page.request.get(`/microdonnees/${slug}/ddi.xml`);
  expect(xml.status()).toBe(200);
  expect(await xml.text()).toContain('<codeBook xmlns="ddi:codebook:2_5"');
});
