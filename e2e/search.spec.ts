/**
 * Search, as readers type it (on the seeded demo): accents, stems, stop words, prefixes, typing
 * mistakes, acronyms, phrases, filters with counts, excerpts, pages, « aucun résultat » — with and
 * without JavaScript. And what visitors must never find: a draft, a restricted file's words, a
 * scheduled item before its time, the trash; while a sentence only inside a PDF is found once its
 * publication is online.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { scannedPdf, textPdf as pdf } from '../testing/pdf';
import { signIn } from './helpers/login';
import { colourModes, expectNoSeriousA11yViolations, setColourMode } from './helpers/page-checks';
import { scheduleNewDraft } from './helpers/schedule';
import { moveClockTo } from './helpers/clock';
import { whenHydrated } from './helpers/actions';

/** Letters only: one word for the French parser, unique to this run. */
const stamp = () => Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

const results = (page: Page) => page.getByRole('list', { name: 'Résultats de la recherche' }).getByRole('heading', { level: 2 });

async function titles(page: Page, q: string): Promise<string[]> {
  await page.goto(`/recherche?q=${encodeURIComponent(q)}`);
  await expect(page.getByRole('status')).toBeVisible();
  return (await results(page).allInnerTexts()).map((t) => t.trim());
}

type Suggestions = { suggestions: { title: string; url: string }[] };
const suggestions = async (request: APIRequestContext, q: string) =>
  ((await (await request.get(`/api/recherche/suggestions?q=${encodeURIComponent(q)}`)).json()) as Suggestions).suggestions;

test('recherche en français : accents, racines, mots vides, préfixes, coquilles, sigles, expressions, filtres, extraits, pages', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);

  // Without JavaScript, from the header of any page; accents ignored; the words that matched highlighted.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const reader = await noScript.newPage();
  await reader.goto('/indice/ipc');
  await reader.getByRole('searchbox', { name: 'Rechercher sur le site' }).fill('a la consommation');
  await reader.getByRole('searchbox', { name: 'Rechercher sur le site' }).press('Enter');
  await expect(reader).toHaveURL(/\/recherche\?q=a\+la\+consommation$/);
  await expect(results(reader).filter({ hasText: 'Indice des prix à la consommation' }).first()).toBeVisible();
  await expect(
    reader
      .locator('mark')
      .filter({ hasText: /^consommation$/i })
      .first(),
  ).toBeVisible();
  await noScript.close();

  // Stems: the plural finds the singular and back.
  expect((await titles(page, 'exportation')).some((t) => /exportations/i.test(t))).toBe(true);
  // Stop words: « du », « les » change nothing.
  expect(await titles(page, 'les prix du riz')).toEqual(await titles(page, 'prix riz'));
  expect((await titles(page, 'prix riz')).length).toBeGreaterThan(0);
  // Prefixes while typing: the page and the header box's suggestions.
  expect((await titles(page, 'recens')).some((t) => t.includes('RGPH'))).toBe(true);
  // (The census page: tables whose source is the census now share the six suggestions with its publications.)
  expect((await suggestions(request, 'recensem')).some((s) => s.url === '/rgph' && /recensement/i.test(s.title))).toBe(true);
  // A typing mistake: the closest word is searched, and the page says so.
  expect((await titles(page, 'recensemant ')).some((t) => t.includes('RGPH'))).toBe(true);
  await expect(page.getByText('Aucun document ne contient « recensemant » : résultats pour « recensement ».')).toBeVisible();
  expect((await titles(page, 'consomation')).some((t) => t.includes('consommation'))).toBe(true);
  // Acronyms: « IPC » finds the consumer price index spelt out.
  expect((await titles(page, 'IPC')).some((t) => t.startsWith('Indice des prix à la consommation'))).toBe(true);
  expect((await titles(page, 'RGPH')).some((t) => t.includes('RGPH'))).toBe(true);
  // An exact phrase; the same words in another order are not it.
  expect((await titles(page, '"riz importé"')).length).toBeGreaterThan(0);
  await expect(
    page
      .locator('mark')
      .filter({ hasText: /^importé$/ })
      .first(),
  ).toBeVisible();
  await titles(page, '"importé riz"');
  await expect(page.getByRole('status')).toContainText('Aucun résultat');

  // Filters with counts: choosing one shows as many results as it announced; it stays in the URL.
  await titles(page, 'prix');
  const filters = page.getByRole('complementary', { name: 'Filtres' });
  const series = filters.getByRole('link', { name: /^Séries statistiques \(\d+\)$/ });
  const announced = Number((await series.innerText()).match(/\((\d+)\)/)![1]);
  await series.click();
  await expect(page).toHaveURL(/type=series/);
  await expect(page.getByRole('status')).toContainText(`${announced} résultat`);
  expect(await results(page).count()).toBe(Math.min(announced, 10));

  // Pages: the second page of a broad search, shared by its URL.
  await titles(page, 'prix');
  await page.getByRole('navigation', { name: 'Pages de résultats' }).getByRole('link', { name: 'Suivante' }).click();
  await expect(page).toHaveURL(/q=prix&page=2$/);
  await expect(page.getByRole('status')).toContainText('page 2 sur');

  // Nothing: the page says so and suggests the closest words that do find something.
  await titles(page, 'xylophonique recensemant ');
  await expect(page.getByRole('status')).toContainText('Aucun résultat');
  await expect(page.getByText(/^Essayez :/)).toBeVisible();
});

for (const mode of colourModes) {
  test(`/recherche (${mode}) : accessible`, async ({ page }) => {
    await setColourMode(page, mode);
    await page.goto('/recherche?q=prix');
    await expect(results(page).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, mode);
  });
}

test(
  'ce que les visiteurs ne trouvent jamais : brouillon, fichier réservé, publication programmée avant son heure, ' +
    'corbeille — et une phrase seulement dans un PDF',
  { tag: '@clock' },
  async ({ page, browser, request }) => {
    test.setTimeout(180_000);
    const id = stamp();
    // The restricted file's own word: nothing like it anywhere else (no spelling correction leads to
    // it). Sixteen letters: eight once began like the demo's « mAh » and were corrected to it.
    const secret = `${stamp()}${stamp()}`;
    const visitor = await browser.newContext();
    const reader = await visitor.newPage();
    /** Whether a visitor searching `q` gets the item titled `title`. */
    const found = async (q: string, title: string) => (await titles(reader, q)).includes(title);

    // A restricted file (sampling), uploaded to the library.
    await signIn(page, '/admin/fichiers');
    await page.getByLabel(/Réservé aux personnes connectées/).check();
    await page.getByLabel('choisissez des fichiers').setInputFiles({
      name: `base-${id}.pdf`,
      mimeType: 'application/pdf',
      buffer: await pdf([`Liste réservée ${id}.`, `Zone de dénombrement ${secret} tirée au sort.`]),
    });
    await expect(
      page
        .getByRole('list', { name: 'Envois en cours' })
        .getByRole('listitem')
        .filter({ hasText: `base-${id}.pdf` }),
    ).toContainText('Envoyé.');

    // A draft publication with a public PDF (its sentence is nowhere else) and the restricted one.
    await page.goto('/admin/autres');
    await page.getByRole('link', { name: 'Nouvel élément' }).click();
    const title = `Note ${id} sur les marchés`;
    await page.getByRole('textbox', { name: 'Titre', exact: true }).fill(title);
    const group = page.getByRole('group', { name: 'Joindre un fichier', exact: true });
    const dialog = page.getByRole('dialog', { name: 'Joindre un fichier' });
    await group.getByRole('button', { name: /^(Choisir un fichier|Changer)/ }).click();
    await dialog.getByLabel('choisissez des fichiers').setInputFiles({
      name: `marche-${id}.pdf`,
      mimeType: 'application/pdf',
      buffer: await pdf([`Annexe ${id}.`, `Le cours du mil ${id}pilote a doublé sur le marché de Tanbaly pendant la soudure.`]),
    });
    await expect(dialog).toBeHidden();
    await group.getByRole('button', { name: /^(Choisir un fichier|Changer)/ }).click();
    await dialog.getByLabel('Rechercher dans la bibliothèque').fill(`base-${id}`);
    await dialog.getByRole('button', { name: `Choisir base-${id}.pdf` }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Créer le brouillon' }).click();
    await expect(page).toHaveURL(/\/\d+$/);

    // The draft: found in the back-office, never by a visitor.
    expect(await found(id, title)).toBe(false);
    await page.goto(`/admin/recherche?q=${id}`);
    const adminHit = page.getByRole('list', { name: 'Résultats de la recherche' }).getByRole('listitem').filter({ hasText: title });
    await expect(adminHit).toContainText('Brouillon');
    await adminHit.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(/\/admin\/autres\/\d+$/);

    // Online: the sentence only in its PDF is found (its text is read in the background), the
    // restricted file's words never — not in results, counts or suggestions.
    // Reached by a full page load (the admin search's link): the button works once hydrated.
    await (await whenHydrated(page.getByRole('button', { name: 'Mettre en ligne maintenant' }))).click();
    await expect(page.getByTestId('etat')).toHaveText('En ligne');
    await expect.poll(() => found(`mil ${id}pilote Tanbaly`, title), { timeout: 60_000, intervals: [2_000] }).toBe(true);
    await expect(results(reader).first()).toHaveText(title);
    await expect(reader.getByText('Dans un document joint')).toBeVisible();
    // Its public page lists the public PDF, not the restricted one (a visitor would get a 404).
    const itemPage = await visitor.newPage();
    await itemPage.goto((await results(reader).first().getByRole('link').first().getAttribute('href'))!);
    await expect(itemPage.locator('main')).toContainText(`marche-${id}.pdf`);
    await expect(itemPage.locator(`main a[href*="base-${id}.pdf"]`)).toHaveCount(0);
    await itemPage.close();
    await expect(reader.locator('mark').filter({ hasText: /^Tanbaly$/ })).toBeVisible();
    expect(await titles(reader, secret)).toEqual([]);
    await expect(reader.getByRole('status')).toContainText('Aucun résultat');
    expect((await reader.locator('main a').allInnerTexts()).join(' ')).not.toContain(secret);
    expect(await found(`"dénombrement ${secret}"`, title)).toBe(false);
    expect(await suggestions(request, secret)).toEqual([]);
    // Nor in the excerpts of what is found.
    await titles(reader, id);
    expect(await reader.getByRole('list', { name: 'Résultats de la recherche' }).innerText()).not.toContain(secret);

    // Trash: gone from the results at once.
    await page.getByRole('button', { name: 'Mettre à la corbeille' }).click();
    await expect(page.getByTestId('etat')).toHaveText('Dans la corbeille');
    expect(await found(`${id}pilote`, title)).toBe(false);

    // Scheduled: not found before its time, found once it came (the test clock).
    await page.goto('/admin/autres');
    const scheduled = `Programmée ${id}avenir`;
    const at = await scheduleNewDraft(page, scheduled);
    await expect(page.getByTestId('etat')).toHaveText('Programmé');
    expect(await found(`${id}avenir`, scheduled)).toBe(false);
    await moveClockTo(request, at);
    await expect.poll(() => found(`${id}avenir`, scheduled)).toBe(true);
    await page.reload();

    // Leave the demo as it was.
    await page.getByRole('button', { name: 'Mettre à la corbeille' }).click();
    await expect(page.getByTestId('etat')).toHaveText('Dans la corbeille');
    await visitor.close();
  },
);

test('un PDF scanné, sans texte, est signalé comme tel dans la bibliothèque ; son envoi n’attend pas la lecture', async ({ page }) => {
  test.setTimeout(120_000);
  const id = stamp();
  await signIn(page, '/admin/fichiers');
  await page
    .getByLabel('choisissez des fichiers')
    .setInputFiles({ name: `scan-${id}.pdf`, mimeType: 'application/pdf', buffer: await scannedPdf() });
  await expect(
    page
      .getByRole('list', { name: 'Envois en cours' })
      .getByRole('listitem')
      .filter({ hasText: `scan-${id}.pdf` }),
  ).toContainText('Envoyé.');
  const row = () => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: `scan-${id}.pdf` }) });
  await expect
    .poll(
      async () => {
        await page.goto(`/admin/fichiers?q=scan-${id}`);
        return row().innerText();
      },
      { timeout: 60_000, intervals: [1_000, 2_000] },
    )
    .toContain('PDF scanné : aucun texte à rechercher');
});
