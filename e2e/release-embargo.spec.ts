/**
 * Embargo to the minute: a release confirmed for a coming minute carries a publication with its PDF
 * and a series import. Before its time a visitor finds none of it — page, PDF by direct URL,
 * sitemap, feeds, API; once the server's clock reaches it (the test clock, e2e/helpers/clock.ts),
 * with only a visitor reading, everything is there and the release is marked « publié ».
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { submitUntil } from './helpers/actions';
import { signIn } from './helpers/login';
import { daysAhead, moveClockTo, nextMinute } from './helpers/clock';

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`, 'latin1');
const nextMonth = (period: string) => {
  const [y, m] = period.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
};
type Catalogue = { series: { code: string; lastPeriod: string; lastValue: number }[] };
const serviceIndex = async (request: APIRequestContext) =>
  ((await (await request.get('/api/v1/series')).json()) as Catalogue).series.find((s) => s.code === 'ICA_SERVICE')!;

/** What a visitor can see of the release's content right now. */
async function visible(
  request: APIRequestContext,
  { pageUrl, pdfUrl, slug, title, period }: { pageUrl: string; pdfUrl: string; slug: string; title: string; period: string },
) {
  const [pageStatus, pdfStatus, sitemap, areaFeed, latestFeed, series] = await Promise.all([
    request.get(pageUrl).then((r) => r.status()),
    request.get(pdfUrl).then((r) => r.status()),
    request.get('/sitemap.xml').then((r) => r.text()),
    request.get('/flux/publications/ipc.atom').then((r) => r.text()),
    request.get('/flux/publications.atom').then((r) => r.text()),
    serviceIndex(request),
  ]);
  return {
    page: pageStatus,
    pdf: pdfStatus,
    sitemap: sitemap.includes(slug),
    areaFeed: areaFeed.includes(title),
    latestFeed: latestFeed.includes(title),
    api: series.lastPeriod === period,
  };
}

const hidden = { page: 404, pdf: 404, sitemap: false, areaFeed: false, latestFeed: false, api: false };
const shown = { page: 200, pdf: 200, sitemap: true, areaFeed: true, latestFeed: true, api: true };

async function linkOption(page: Page, title: string) {
  return (await page.locator('#link-publication option').filter({ hasText: title }).getAttribute('value'))!;
}

test(
  'parution confirmée pour une minute à venir : publication, PDF et import de série invisibles avant, ' +
    'tous en ligne à sa minute, parution « publié »',
  { tag: '@clock' },
  async ({ page, request, browser }) => {
    test.setTimeout(180_000);
    const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
    const releaseTitle = `Parution embargo ${id}`;
    const title = `Note embargo ${id}`;
    const slug = `note-embargo-${id}`;
    const before = await serviceIndex(request);
    const period = nextMonth(before.lastPeriod);

    // A release, confirmed (tomorrow for now).
    await signIn(page, '/admin/calendrier/nouvelle');
    await page.getByRole('textbox', { name: 'Titre', exact: true }).fill(releaseTitle);
    await page.getByLabel('Rubrique').selectOption('ipc');
    await page.getByLabel('Date et heure de parution (UTC)').fill(await daysAhead(request, 1));
    await page.getByRole('button', { name: 'Annoncer la parution' }).click();
    await expect(page).toHaveURL(/\/admin\/calendrier\/\d+$/);
    const releaseAdmin = page.url();
    const releaseSlug = (await page.getByRole('link', { name: 'page publique' }).getAttribute('href'))!.split('/').at(-1)!;

    // A draft publication with a PDF.
    await page.goto('/admin/indice/prix_consommation');
    await page.getByRole('link', { name: 'Nouvel élément' }).click();
    await page.getByRole('textbox', { name: 'Titre', exact: true }).fill(title);
    await page.getByRole('textbox', { name: 'Adresse (fin de l’URL)' }).fill(slug);
    await page.getByRole('textbox', { name: 'Résumé', exact: true }).fill(`Résumé ${id}`);
    const group = page.getByRole('group', { name: 'Joindre un fichier', exact: true });
    await group.getByRole('button', { name: /^(Choisir un fichier|Changer)/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Joindre un fichier' });
    await dialog
      .getByLabel('choisissez des fichiers')
      .setInputFiles({ name: `embargo-${id}.pdf`, mimeType: 'application/pdf', buffer: pdf(id) });
    await expect(dialog).toBeHidden();
    const pdfUrl = (await page.getByRole('link', { name: `embargo-${id}.pdf` }).getAttribute('href'))!;
    await page.getByRole('button', { name: 'Créer le brouillon' }).click();
    await expect(page).toHaveURL(/\/\d+$/);
    const pageUrl = `/indice/ipc/${slug}`;

    // Linked to the release.
    await page.goto(releaseAdmin);
    await page.getByLabel('Publication à sortir avec cette parution').selectOption(await linkOption(page, title));
    await page.getByRole('button', { name: 'Lier à la parution' }).click();
    await expect(page.getByRole('region', { name: 'Contenus de la parution' }).getByRole('link', { name: title })).toBeVisible();

    // A series import published with the release.
    await page.goto('/admin/series/import');
    await page.getByLabel('Fichier CSV ou XLSX').setInputFiles({
      name: 'services.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`code;période;valeur;statut\nICA_SERVICE;${period};${String(before.lastValue + 1).replace('.', ',')};P\n`),
    });
    await page.getByRole('button', { name: 'Lire le fichier et voir l’aperçu' }).click();
    await expect(page).toHaveURL(/\/admin\/series\/import\/[0-9a-f-]{36}$/);
    await page.getByLabel('Avec une parution du calendrier').check();
    const releaseChoice = page.getByLabel(/^Parution \(les valeurs sortent à son heure/);
    await releaseChoice.selectOption((await releaseChoice.locator('option').filter({ hasText: releaseTitle }).getAttribute('value'))!);
    await page.getByRole('button', { name: 'Publier ces valeurs' }).click();
    await expect(page).toHaveURL(/\/admin\/series\?publie=/);

    // Confirmed for a coming minute (on a whole minute: the field has minute precision, in UTC).
    const at = await nextMinute(request);
    await page.goto(releaseAdmin);
    const confirm = page.getByRole('region', { name: 'Confirmer' });
    await confirm.getByLabel('Date et heure confirmées (UTC)').fill(at.toISOString().slice(0, 16));
    await confirm.getByRole('button', { name: 'Confirmer la date' }).click();
    await expect(confirm.getByRole('status')).toContainText('Date confirmée');
    // Approved as a whole (the demo allows its administrator to approve their own work); again if
    // the click came before the screen showed the confirmed release's new version.
    await submitUntil(
      page,
      () => page.getByRole('button', { name: 'Approuver la parution' }),
      page.getByTestId('relecture-parution').filter({ hasText: /^Approuvé$/ }),
    );

    // Before the time: nothing, anywhere a visitor looks.
    const target = { pageUrl, pdfUrl, slug, title, period };
    expect(await visible(request, target)).toEqual(hidden);
    const release = await request.get(`/calendrier/${releaseSlug}`);
    expect(await release.text()).not.toContain(title);
    // Half a minute before it: still nothing.
    await moveClockTo(request, new Date(at.getTime() - 30_000));
    expect(await visible(request, target)).toEqual(hidden);

    // Its minute (the test clock): everything, for a visitor only reading.
    await moveClockTo(request, at);
    await expect.poll(() => visible(request, target)).toEqual(shown);
    const visitor = await browser.newContext();
    const releasePage = await visitor.newPage();
    await releasePage.goto(`/calendrier/${releaseSlug}`);
    await expect(releasePage.getByText('publié', { exact: true }).first()).toBeVisible();
    const out = releasePage.getByRole('region', { name: 'Ce qui a été publié' });
    await expect(out.getByRole('link', { name: title })).toBeVisible();
    await expect(out).toContainText(/série ICA_SERVICE, version \d+/);
    await visitor.close();
    const parutions = await (await request.get('/flux/parutions.atom')).text();
    expect(parutions).toContain(releaseTitle);
  },
);
