/**
 * Maps (issue 38): the population table's page offers « Carte »; the map is SVG in the page's HTML,
 * one shape per region with its name and value, a legend with the unit; the same in English; the
 * boundaries as TopoJSON read back by topojson-client; a bad upload refused in French, changing
 * nothing. Readable without JavaScript (the map is drawn on the server).
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { feature } from 'topojson-client';
import type { Topology } from 'topojson-specification';
import { colourModes, expectPublicPage, setColourMode, watchConsoleErrors } from './helpers/page-checks';
import { signIn } from './helpers/login';
import { whenHydrated } from './helpers/actions';

const regions = [
  'Capitale',
  'Région du Nord',
  'Région du Sud',
  'Région de l’Est',
  'Région de l’Ouest',
  'Région du Centre',
  'Région du Fleuve',
  'Région des Plateaux',
];

test.describe('sans JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('la carte de la population par région : une forme par région avec son nom et sa valeur, la légende et son unité', async ({
    page,
  }) => {
    await page.goto('/donnees/tableaux/POP_REGION_SEXE_AGE');
    await page.getByRole('link', { name: 'Carte', exact: true }).click();
    await expect(page).toHaveURL(/vue=carte/);
    const svg = page.locator('.map-frame svg');
    await expect(svg).toHaveAttribute('role', 'img');
    const areas = svg.locator('path.map-area');
    await expect(areas).toHaveCount(8);
    const titles = await areas.locator('title').allTextContents();
    // Each region named with its value, or « non disponible » (the Plateaux' latest estimate awaits its survey).
    for (const region of regions)
      expect(
        titles.some((t) => new RegExp(`^${region} : ([\\d\\s\\u202f]+ personnes|non disponible)$`).test(t)),
        region,
      ).toBe(true);
    expect(titles.filter((t) => /: [\d\s\u202f]+ personnes$/.test(t)).length).toBeGreaterThanOrEqual(7);
    await expect(svg.locator('.map-legend')).toContainText('(personnes)');
    // The numbers are in the table below, and the selection stays the map's through the form.
    await expect(page.locator('form input[name="vue"][value="carte"]')).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Télécharger la carte (SVG)' })).toHaveAttribute('href', /^data:image\/svg\+xml/);
    const html = await (await page.request.get(page.url())).text();
    expect(html.length).toBeLessThan(150 * 1024);
  });

  test('the same map in English', async ({ page }) => {
    await page.goto('/en/donnees/tableaux/POP_REGION_SEXE_AGE');
    await page.getByRole('link', { name: 'Map', exact: true }).click();
    await expect(page).toHaveURL(/vue=carte/);
    await expect(page.locator('.map-frame svg path.map-area')).toHaveCount(8);
    const titles = await page.locator('.map-frame svg path.map-area title').allTextContents();
    expect(titles).toHaveLength(8);
    expect(titles.some((t) => /^River Region : [\d,\s\u202f]+ persons$/.test(t))).toBe(true);
    expect(titles.filter((t) => /: [\d,\s\u202f]+ persons$/.test(t)).length).toBeGreaterThanOrEqual(7);
  });
});

test('avec JavaScript, la zone survolée ou atteinte au clavier montre son nom et sa valeur à côté de la carte, avant et après l’hydratation', async ({
  page,
}) => {
  // Next's scripts held back until the reader has reached an area (before React hydrates the page),
  // then let through: the reader reaches another after (the read-out React renders anew must still be kept up).
  let letScriptsThrough = () => {};
  const scriptsHeld = new Promise<void>((resolve) => (letScriptsThrough = resolve));
  // Scripts only: the style sheets (under chunks/ too) hold the parser until they arrive.
  await page.route(/\/_next\/static\/chunks\/.*\.js(\?|$)/, async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  // 'commit': the document's loaded events wait for the held scripts; the areas are in the HTML already.
  await page.goto('/donnees/tableaux/POP_REGION_SEXE_AGE?vue=carte', { waitUntil: 'commit' });
  const readout = page.locator('[data-map-readout]');
  const areas = page.locator('.map-frame svg path.map-area');
  const title = async (n: number) => (await areas.nth(n).locator('title').textContent())!;
  await areas.first().focus();
  await expect(readout).toHaveText(await title(0));
  await expect(readout).toBeVisible();
  // Still before hydration here: React has not attached itself to the page.
  expect(await page.locator('main').evaluate((node) => Object.keys(node).some((key) => key.startsWith('__react')))).toBe(false);
  letScriptsThrough();
  await whenHydrated(page.getByRole('combobox', { name: 'Rechercher sur le site' }));
  await page.keyboard.press('Tab');
  await expect(readout).toHaveText(await title(1));
  await areas.nth(2).dispatchEvent('mouseover');
  await expect(readout).toHaveText(await title(2));
});

test('une carte atteinte par la navigation du site, sans rechargement, montre aussi la zone survolée', async ({ page }) => {
  await page.goto('/');
  await whenHydrated(page.getByRole('combobox', { name: 'Rechercher sur le site' }));
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  // The menu's link (next/link), clicked as the menu would: the page changes without a new document.
  await page
    .locator('a[href="/themes/demographie"]')
    .first()
    .evaluate((a: HTMLAnchorElement) => a.click());
  await expect(page).toHaveURL(/\/themes\/demographie$/);
  const section = page.locator('section[aria-labelledby="carte"]');
  const area = section.locator('svg path.map-area').nth(3);
  await expect(area).toBeAttached();
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  await area.dispatchEvent('mouseover');
  await expect(section.locator('[data-map-readout]')).toHaveText((await area.locator('title').textContent())!);
});

test('les pages de la démographie et du recensement montrent la carte du tableau clé, avec le lien vers sa vue', async ({ page }) => {
  for (const path of ['/themes/demographie', '/rgph']) {
    await page.goto(path);
    const section = page.locator('section[aria-labelledby="carte"]');
    await expect(section.locator('svg path.map-area'), path).toHaveCount(8);
    await expect(section.getByRole('link', { name: 'La carte et ses valeurs, avec le choix des données' })).toHaveAttribute(
      'href',
      /vue=carte/,
    );
  }
});

test('la page de la carte est accessible dans les deux modes de couleur', async ({ page }) => {
  for (const mode of colourModes) {
    await setColourMode(page, mode);
    const errors = watchConsoleErrors(page);
    const response = await page.goto('/donnees/tableaux/POP_REGION_SEXE_AGE?vue=carte');
    await expectPublicPage(page, response, { mode, consoleErrors: errors });
    await expect(page.locator('.map-frame svg path.map-area')).toHaveCount(8);
  }
});

test('GET /api/v1/geo/regions : du TopoJSON que topojson-client relit, avec les 8 codes', async ({ request }) => {
  const response = await request.get('/api/v1/geo/regions');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/topo\+json/);
  const topology = (await response.json()) as Topology;
  const areas = feature(topology, topology.objects.areas!) as unknown as { features: { id: string; properties: { name_fr: string } }[] };
  expect(areas.features.map((f) => f.id).sort()).toEqual(['CAP', 'CEN', 'EST', 'FLE', 'NOR', 'OUE', 'PLA', 'SUD']);
  expect((await request.get('/api/v1/geo/communes')).status()).toBe(404);
});

test('un envoi de limites sans une région des tableaux, ou qui n’est pas géographique, est refusé en français et ne change rien', async ({
  page,
  request,
}, testInfo) => {
  const before = ((await (await request.get('/api/v1/geo/regions')).json()) as { metadata: { version: number } }).metadata.version;
  await signIn(page, '/admin/cartes');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cartes : limites géographiques');
  const demo = JSON.parse(fs.readFileSync(path.join(process.cwd(), 'demo/geo/regions.geojson'), 'utf8')) as {
    features: { properties: { code: string } }[];
  };
  demo.features = demo.features.filter((f) => f.properties.code !== 'FLE');
  const missing = testInfo.outputPath('sans-fleuve.geojson');
  fs.writeFileSync(missing, JSON.stringify(demo));
  const notGeo = testInfo.outputPath('regions.geojson');
  fs.writeFileSync(notGeo, 'region;population\nNOR;980000\n');
  for (const [file, message] of [
    [missing, 'Fichier de limites refusé : le code « FLE » des tableaux n’a pas de contour.'],
    [notGeo, 'Fichier de limites refusé : ce n’est ni du GeoJSON, ni du TopoJSON, ni un shapefile zippé.'],
  ] as const) {
    await page.getByLabel('Fichier des limites').setInputFiles(file);
    await page.getByRole('button', { name: 'Envoyer les limites' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Fichier de limites refusé' })).toHaveText(message);
  }
  const after = ((await (await request.get('/api/v1/geo/regions')).json()) as { metadata: { version: number } }).metadata.version;
  expect(after).toBe(before);
});
