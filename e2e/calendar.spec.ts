/**
 * The release calendar for a visitor: upcoming and past releases, a postponed release's page with
 * its date history and reason, a cancelled one's notice, the iCalendar feeds, the home and area links.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './helpers/page-checks';
import { signIn } from './helpers/login';

test('calendrier : parution reportée avec sa raison, annulée avec son avis, flux iCalendar', async ({ page, request }) => {
  await page.goto('/calendrier');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Calendrier des parutions');
  const upcoming = page.getByRole('region', { name: 'À venir' });
  await expect(upcoming.getByText('provisionnel', { exact: true }).first()).toBeVisible();
  await expect(upcoming.getByText('confirmé', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Parutions passées' }).getByText('publié', { exact: true }).first()).toBeVisible();

  await upcoming
    .getByRole('listitem')
    .filter({ hasText: 'reporté' })
    .filter({ hasText: 'Comptes nationaux trimestriels' })
    .getByRole('link')
    .click();
  await expect(page).toHaveURL(/\/calendrier\/comptes-nationaux-trimestriels/);
  const history = page.getByRole('region', { name: 'Historique des dates' });
  await expect(history).toContainText('reportée au');
  await expect(history).toContainText('Raison : Intégration des données douanières révisées');
  await expectNoSeriousA11yViolations(page);

  await page.goto('/calendrier');
  await upcoming
    .getByRole('listitem')
    .filter({ hasText: 'annulé' })
    .filter({ hasText: 'Enquête de conjoncture' })
    .getByRole('link')
    .click();
  await expect(page.getByRole('note')).toContainText('Avis d’annulation : Publication annulée');

  const feed = await request.get('/flux/calendrier.ics');
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('text/calendar');
  const ics = await feed.text();
  expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
  expect(ics).toContain('STATUS:CANCELLED');
  expect(ics).toContain('STATUS:TENTATIVE');
  expect(ics).toMatch(/SEQUENCE:1\r\nSTATUS:CONFIRMED/);
  const ipc = await (await request.get('/flux/calendrier/ipc.ics')).text();
  expect(ipc.match(/BEGIN:VEVENT/g)!.length).toBeLessThan(ics.match(/BEGIN:VEVENT/g)!.length);
  expect((await request.get('/flux/calendrier/inconnue.ics')).status()).toBe(404);
});

test('accueil et rubrique : la prochaine parution mène à sa page', async ({ page }) => {
  await page.goto('/');
  const next = page.getByRole('region', { name: 'Prochaines parutions' });
  await next.getByRole('listitem').first().getByRole('link').click();
  await expect(page).toHaveURL(/\/calendrier\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/indice/ipc');
  // Whatever the next IPC release is (other specs announce some while this one runs).
  await page.locator('p', { hasText: 'Prochaine parution :' }).getByRole('link').click();
  await expect(page).toHaveURL(/\/calendrier\/[a-z0-9-]+$/);
});

test('reporter une parution confirmée : refusé sans raison, sinon l’ancienne date et la raison sont publiées, SEQUENCE monte', async ({
  page,
  request,
}) => {
  const title = `Parution de test ${Date.now()}`;
  await signIn(page, '/admin/calendrier/nouvelle');
  await page.getByRole('textbox', { name: 'Titre', exact: true }).fill(title);
  await page.getByLabel('Rubrique').selectOption('ipc');
  await page.getByLabel('Date et heure de parution (UTC)').fill('2027-03-12T08:45');
  await page.getByRole('button', { name: 'Annoncer la parution' }).click();
  await expect(page).toHaveURL(/\/admin\/calendrier\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  const slug = (await page.getByRole('link', { name: 'page publique' }).getAttribute('href'))!.split('/').at(-1)!;
  const sequence = async () => {
    // Unfolded: long lines (the URL) are folded at 75 octets.
    const ics = (await (await request.get('/flux/calendrier/ipc.ics')).text()).replace(/\r\n /g, '');
    const event = ics.split('BEGIN:VEVENT').find((e) => e.includes(`/calendrier/${slug}`))!;
    return Number(/SEQUENCE:(\d+)/.exec(event)![1]);
  };
  const before = await sequence();

  const move = page.getByRole('region', { name: 'Reporter' });
  await move.getByLabel('Nouvelle date et heure (UTC)').fill('2027-03-19T08:45');
  await move.getByRole('button', { name: 'Reporter la parution' }).click();
  await expect(move.getByRole('status')).toHaveText('Indiquez la raison du report : elle est publiée avec l’ancienne date.');

  await move.getByLabel('Raison du report (publiée)').fill('Données douanières transmises en retard.');
  await move.getByRole('button', { name: 'Reporter la parution' }).click();
  await expect(move.getByRole('status')).toHaveText('Parution reportée : l’ancienne date et la raison sont publiées.');

  await page.goto(`/calendrier/${slug}`);
  const history = page.getByRole('region', { name: 'Historique des dates' });
  await expect(history).toContainText('12 mars 2027');
  await expect(history).toContainText('19 mars 2027');
  await expect(history).toContainText('Raison : Données douanières transmises en retard.');
  expect(await sequence()).toBeGreaterThan(before);
});

test('flux Atom annoncés dans les pages, page nationale de données (FMI) et son SDMX-ML égal à l’API', async ({ page, request }) => {
  await page.goto('/indice/ipc');
  const feeds = await page
    .locator('head link[rel="alternate"][type="application/atom+xml"]')
    .evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname));
  expect(feeds).toEqual(expect.arrayContaining(['/flux/actualites.atom', '/flux/parutions.atom', '/flux/publications/ipc.atom']));
  for (const path of feeds) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-type']).toContain('application/atom+xml');
    const xml = await response.text();
    expect(XMLValidator.validate(xml), path).toBe(true);
    expect(xml).toMatch(/<updated>\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z<\/updated>/);
  }
  expect((await request.get('/flux/publications/inconnue.atom')).status()).toBe(404);

  await page.goto('/nsdp');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page nationale de données récapitulatives');
  const cpi = page.getByRole('row').filter({ hasText: 'PCPI_IX' });
  await expect(cpi.getByRole('link', { name: /Indice des prix à la consommation/ }).first()).toHaveAttribute(
    'href',
    '/indice/ipc/series/IPC',
  );
  await expect(cpi.getByRole('link', { name: /\d{4}/ }).last()).toHaveAttribute('href', /^\/calendrier\//);
  await expectNoSeriousA11yViolations(page);

  const file = await request.get('/nsdp/CPI.xml');
  expect(file.status()).toBe(200);
  const xml = await file.text();
  expect(XMLValidator.validate(xml)).toBe(true);
  const doc = new XMLParser({
    ignoreAttributes: false,
    isArray: (name) => ['generic:Series', 'generic:Obs', 'generic:Value'].includes(name),
  }).parse(xml);
  const observations = (
    doc['message:GenericData']['message:DataSet']['generic:Series'][0]['generic:Obs'] as Record<string, Record<string, string>>[]
  ).map((o) => ({
    period: o['generic:ObsDimension']!['@_value'],
    value: Number(o['generic:ObsValue']!['@_value']),
  }));
  const api = (await (await request.get('/api/v1/series/IPC')).json()) as {
    series: { observations: { period: string; value: number }[] }[];
  };
  expect(observations).toEqual(api.series[0]!.observations.map(({ period, value }) => ({ period, value })));
  expect((await request.get('/nsdp/ZZZ.xml')).status()).toBe(404);
});
