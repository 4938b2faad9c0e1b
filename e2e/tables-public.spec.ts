/**
 * A table read without JavaScript (issue 27): choose two regions and both sexes in rows, years in
 * columns, get the HTML table, its chart, and a CSV of exactly that selection. Needs the table
 * POP_TEST: `npx tsx scripts/tables-fixture.ts` after the seed (docs/testing.md).
 */
import { parse } from 'csv-parse/sync';
import { expect, test } from '@playwright/test';

test.use({ javaScriptEnabled: false });

test('tableau sans JavaScript : deux régions et les deux sexes en lignes, les années en colonnes, le graphique et le CSV de la sélection', async ({
  page,
  request,
}) => {
  const response = await page.goto('/donnees/tableaux/POP_TEST');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Population par région, sexe et année');
  // The canonical address is the default selection: the page without a query.
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/donnees\/tableaux\/POP_TEST$/);

  const form = page.locator('form#selection-POP_TEST');
  const region = form.getByRole('group', { name: 'Région', exact: true });
  await region.getByRole('checkbox', { name: 'Région du Nord' }).check();
  await region.getByRole('checkbox', { name: 'Région du Sud' }).check();
  await region.getByRole('checkbox', { name: 'Région de l’Est' }).uncheck();
  await region.getByRole('radio', { name: 'en lignes' }).check();
  const sex = form.getByRole('group', { name: 'Sexe', exact: true });
  await sex.getByRole('checkbox', { name: 'Femmes' }).check();
  await sex.getByRole('checkbox', { name: 'Hommes' }).check();
  await sex.getByRole('radio', { name: 'en lignes' }).check();
  await form.getByRole('group', { name: 'Année', exact: true }).getByRole('radio', { name: 'en colonnes' }).check();
  await form.getByRole('button', { name: 'Afficher le tableau' }).click();

  // The selection is the address.
  await expect(page).toHaveURL(/[?&]REGION=R01&.*REGION=R02/);
  expect(new URL(page.url()).searchParams.getAll('REGION')).toEqual(['R01', 'R02']);

  const table = page.getByRole('table', { name: /Population par région, sexe et année/ });
  await expect(table.locator('caption')).toContainText('habitants');
  // Years in columns (each over its two measures), regions and sexes in rows: 2 × 2 rows.
  for (const year of ['2021', '2022', '2023', '2024'])
    await expect(table.locator('thead th[scope="colgroup"]', { hasText: year })).toHaveCount(1);
  await expect(table.locator('tbody tr')).toHaveCount(4);
  await expect(table.locator('tbody th[scope="rowgroup"]')).toHaveText(['Région du Nord', 'Région du Sud']);
  await expect(table.locator('tbody th[scope="row"]')).toHaveText(['Femmes', 'Hommes', 'Femmes', 'Hommes']);
  await expect(table.locator('tbody')).not.toContainText('Région de l’Est');
  // Statuses with their legend: R01 F 2024 provisional, R02 M 2024 missing.
  await expect(table.locator('abbr[title="provisoire"]')).toHaveCount(1);
  await expect(table.locator('abbr[title="valeur manquante"]')).toHaveCount(1);
  await expect(page.getByRole('term').filter({ hasText: '..' })).toHaveCount(1);

  // Its chart, drawn on the server: one line per region and sex.
  const chart = page.locator('#graphique ~ div svg[role="img"]');
  await expect(chart).toHaveCount(1);
  await expect(chart.locator('path')).toHaveCount(4);
  await expect(page.locator('figcaption li')).toHaveCount(4);

  // The CSV of exactly that selection.
  const link = page.getByRole('link', { name: 'CSV', exact: true }).first();
  const href = (await link.getAttribute('href'))!;
  expect(href).toBe('/api/v1/tables/POP_TEST/R01+R02..?format=csv');
  const csv = await request.get(href);
  expect(csv.status()).toBe(200);
  const [header, ...rows] = parse(await csv.text()) as string[][];
  expect(header!.slice(0, 6)).toEqual(['REGION', 'Région', 'SEXE', 'Sexe', 'ANNEE', 'Année']);
  // 2 regions × 2 sexes × 4 years × 2 measures.
  expect(rows).toHaveLength(32);
  expect(new Set(rows.map((r) => r[0]))).toEqual(new Set(['R01', 'R02']));
  expect(new Set(rows.map((r) => r[2]))).toEqual(new Set(['F', 'M']));

  // A bad value in the address: a clear message, the default table, never an error page.
  const bad = await page.goto('/donnees/tableaux/POP_TEST?SEXE=X');
  expect(bad?.status()).toBe(200);
  await expect(page.getByRole('alert')).toHaveText(
    'Valeur inconnue pour « SEXE » : « X ». Le tableau ci-dessous montre la sélection par défaut.',
  );
  // An unknown table is a 404.
  expect((await page.goto('/donnees/tableaux/POP_INCONNUE'))?.status()).toBe(404);
});

test('tableau en anglais, sans JavaScript', async ({ page }) => {
  expect((await page.goto('/en/donnees/tableaux/POP_TEST'))?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Population par région, sexe et année (EN)');
  await expect(page.getByRole('table').locator('tbody th').first()).toHaveText('Northern Region');
});

test('tableau à longue dimension, sans JavaScript : les valeurs choisies, une recherche et des pages de valeurs, au clavier', async ({
  page,
}) => {
  // POP_LIEUX: 60 places × 3 years (scripts/tables-fixture.ts); past 24 values a dimension is searched and paged.
  expect((await page.goto('/donnees/tableaux/POP_LIEUX?LIEU=L0000'))?.status()).toBe(200);
  const form = page.locator('form#selection-POP_LIEUX');
  const place = form.getByRole('group', { name: 'Lieu', exact: true });
  await expect(place).toContainText('1 valeur(s) choisie(s) sur 60');
  await expect(place.getByRole('checkbox', { name: 'Lieu 0', exact: true })).toBeChecked();
  await expect(place.getByRole('checkbox')).toHaveCount(1 + 25);
  await expect(place).toContainText('Autres valeurs : 1 à 25 sur 59');

  // Ticked on the first page, kept through the next one (the page buttons submit the form).
  await place.getByRole('checkbox', { name: 'Lieu 3', exact: true }).check();
  await place.getByRole('button', { name: 'Valeurs suivantes' }).click();
  expect(new URL(page.url()).searchParams.getAll('LIEU')).toEqual(['L0000', 'L0003']);
  await expect(place.getByRole('checkbox', { name: 'Lieu 3', exact: true })).toBeChecked();
  await expect(place).toContainText('Autres valeurs : 26 à 50 sur 58');
  await expect(place.getByRole('checkbox', { name: 'Lieu 30', exact: true })).not.toBeChecked();

  // A search, from the keyboard: Enter in the field searches (it is the form's first button).
  const search = place.getByRole('searchbox', { name: 'Chercher parmi les valeurs : Lieu' });
  await search.fill('lieu 5');
  await search.press('Enter');
  await expect(place).toContainText('Autres valeurs contenant « lieu 5 » : 1 à 11 sur 11');
  await place.getByRole('checkbox', { name: 'Lieu 55', exact: true }).check();
  await form.getByRole('button', { name: 'Afficher le tableau' }).click();

  expect(new URL(page.url()).searchParams.getAll('LIEU')).toEqual(['L0000', 'L0003', 'L0055']);
  const table = page.getByRole('table', { name: /Population par lieu et année/ });
  await expect(table.locator('tbody th[scope="row"]')).toHaveText(['Lieu 0', 'Lieu 3', 'Lieu 55']);
  await expect(place.getByRole('checkbox', { checked: true })).toHaveCount(3);
});
