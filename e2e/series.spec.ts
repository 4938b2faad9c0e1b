/**
 * A series kept up to date: an XLSX import with one revised value and one new month, previewed
 * (old → new), scheduled for a coming minute; until then nothing new is visible anywhere, once the
 * server's clock reaches it (the test clock) everything is, with only a visitor reading; `asOf`
 * still answers the old figures.
 */
import ExcelJS from 'exceljs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiSignIn, signIn } from './helpers/login';
import { moveClockTo, nextMinute } from './helpers/clock';

// The refused imports compare the IPI series before and after: they run in the same serial lane as
// the scheduled import that changes it (the @clock lane, one test at a time, playwright.config.ts). IPI, not IPC: the
// demo's IPC is a slice of the CPI table (lib/tables/slices.ts) and refuses values imported by hand.
test.describe.configure({ mode: 'serial' });

type Catalogue = { series: { code: string; lastPeriod: string; lastValue: number; version: number }[] };

const french = (value: number) => new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
const nextMonth = (period: string) => {
  const [y, m] = period.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
};
const ipiOf = async (request: APIRequestContext, query = '') => {
  const response = await request.get(`/api/v1/series${query}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as Catalogue).series.find((s) => s.code === 'IPI')!;
};

async function xlsx(rows: [string, number][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Valeurs');
  sheet.addRow(['période', 'IPI']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

test(
  'import XLSX → aperçu ancien → nouveau → publication programmée : rien avant l’heure, tout après, asOf garde l’ancien',
  { tag: '@clock' },
  async ({ page, browser, request }) => {
    test.setTimeout(180_000);
    const before = await ipiOf(request);
    const revisedPeriod = before.lastPeriod;
    const newPeriod = nextMonth(revisedPeriod);
    const revised = Math.round((before.lastValue + 0.3) * 10) / 10;
    const added = Math.round((before.lastValue + 0.7) * 10) / 10;
    const reason = `Révision programmée : relevés tardifs (${Date.now()}).`;

    await signIn(page, '/admin/series/import');
    await page.getByLabel('Fichier CSV ou XLSX').setInputFiles({
      name: 'ipi.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await xlsx([
        [revisedPeriod, revised],
        [newPeriod, added],
      ]),
    });
    await page.getByRole('button', { name: 'Lire le fichier et voir l’aperçu' }).click();
    await expect(page).toHaveURL(/\/admin\/series\/import\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aperçu de l’import');
    const revisedRow = page.getByRole('row').filter({ hasText: 'Révisée' });
    await expect(revisedRow).toHaveCount(1);
    await expect(revisedRow).toContainText(french(before.lastValue));
    await expect(revisedRow).toContainText(`→ ${french(revised)}`);
    await expect(page.getByRole('row').filter({ hasText: 'Nouvelle' })).toHaveCount(1);

    // A coming minute, on a whole minute (the field has minute precision, in UTC).
    const at = await nextMinute(request);
    await page.getByLabel('Programmer à une date et heure').check();
    await page.getByLabel('Date et heure de mise en ligne (UTC)').fill(at.toISOString().slice(0, 16));
    await page.getByLabel('Raison, affichée dans « Versions précédentes »').fill(reason);
    await page.getByRole('button', { name: 'Publier ces valeurs' }).click();
    await expect(page).toHaveURL(/\/admin\/series\?publie=/);
    await expect(page.getByRole('status')).toContainText('Version programmée : IPI v');

    // Until the time: the old figures everywhere a visitor can look.
    const visitor = await browser.newContext();
    const reader = await visitor.newPage();
    const oldEverywhere = async () => {
      await reader.goto('/ica/ipi/series/IPI');
      await expect(reader.getByRole('main')).toContainText(french(before.lastValue));
      await expect(reader.getByRole('main')).not.toContainText(reason);
      const csv = await (await visitor.request.get('/api/v1/series/IPI?format=csv')).text();
      expect(csv).not.toContain(newPeriod);
      expect((await ipiOf(visitor.request)).lastPeriod).toBe(revisedPeriod);
      await reader.goto('/');
      await expect(reader.getByRole('article').filter({ hasText: 'Indice de la production industrielle' }).first()).toContainText(
        french(before.lastValue),
      );
    };
    await oldEverywhere();

    // Its time comes (the test clock): the new figures, with only this visitor asking.
    await moveClockTo(request, at);
    await expect
      .poll(async () => {
        await reader.goto('/ica/ipi/series/IPI');
        return reader.getByRole('main').innerText();
      })
      .toContain(reason);
    await expect(reader.getByRole('main')).toContainText(french(added));
    const after = await ipiOf(visitor.request);
    expect(after).toMatchObject({ lastPeriod: newPeriod, lastValue: added, version: before.version + 1 });
    const csv = await (await visitor.request.get('/api/v1/series/IPI?format=csv')).text();
    expect(csv).toContain(newPeriod);
    await reader.goto('/');
    await expect(reader.getByRole('article').filter({ hasText: 'Indice de la production industrielle' }).first()).toContainText(
      french(added),
    );

    // asOf before the time: the series as it was.
    const asOf = await visitor.request.get(`/api/v1/series?asOf=${encodeURIComponent(new Date(at.getTime() - 1000).toISOString())}`);
    const old = ((await asOf.json()) as Catalogue).series.find((s) => s.code === 'IPI')!;
    expect(old).toMatchObject({ lastPeriod: revisedPeriod, lastValue: before.lastValue, version: before.version });

    // « Versions précédentes » lists the change with its reason.
    await reader.goto('/ica/ipi/series/IPI');
    const versions = reader.getByRole('region', { name: 'Versions précédentes' });
    await expect(versions).toContainText(reason);
    await expect(versions).toContainText(`${before.version + 1}`);
    await visitor.close();
  },
);

test(
  'import refusé : fichier XLSX cassé, code inconnu, période trimestrielle dans une série mensuelle — message en français, rien d’écrit',
  { tag: '@clock' },
  async ({ page, request }) => {
    const before = await ipiOf(request);
    await signIn(page, '/admin/series/import');
    const file = page.getByLabel('Fichier CSV ou XLSX');
    await file.setInputFiles({
      name: 'casse.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from('PK\u0003\u0004 tronqué'),
    });
    await page.getByRole('button', { name: 'Lire le fichier et voir l’aperçu' }).click();
    await expect(page).toHaveURL(/\/admin\/series\/import\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: /Erreurs/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Publier ces valeurs' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Annuler l’import (rien n’est enregistré)' }).click();
    await expect(page).toHaveURL(/\/admin\/series\/import\?annule=1$/);

    const csv = 'code;période;valeur;statut\nINCONNU;2026-01;101,5;A\nIPI;2026-Q1;101,5;A\n';
    await page.getByLabel('Fichier CSV ou XLSX').setInputFiles({ name: 'erreurs.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Lire le fichier et voir l’aperçu' }).click();
    const errors = page.getByRole('alert').filter({ hasText: 'INCONNU' });
    await expect(errors).toContainText(/Ligne 2/);
    await expect(errors).toContainText(/Ligne 3/);
    await expect(page.getByRole('button', { name: 'Publier ces valeurs' })).toHaveCount(0);
    expect(await ipiOf(request)).toEqual(before);
  },
);

test('page de série sans JavaScript : le graphique et le tableau sont là', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto('/indice/ipc/series/IPC');
  expect(response?.status()).toBe(200);
  const chart = page.getByRole('img', { name: /Indice des prix à la consommation – ensemble sur dix ans/ });
  await expect(chart).toBeVisible();
  expect(await chart.locator('desc').textContent()).toMatch(
    /la série « Indice des prix à la consommation – ensemble » est passée de [\d\s\u202f]+,\d à [\d\s\u202f]+,\d/,
  );
  await expect(page.getByRole('table', { name: /24 dernières valeurs/ }).getByRole('row')).toHaveCount(25);
  await expect(page.getByRole('link', { name: 'Excel (XLSX)' })).toHaveAttribute('href', '/api/v1/series/IPC?format=xlsx');
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as {
    '@type': string;
    identifier: string;
    distribution: unknown[];
  };
  expect(jsonLd).toMatchObject({ '@type': 'Dataset', identifier: 'IPC' });
  expect(jsonLd.distribution).toHaveLength(5);
  await context.close();
});

test('import trop volumineux : refusé en français avant lecture, rien d’écrit', { tag: '@clock' }, async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL });
  const token = await apiSignIn(api);
  const before = await ipiOf(api);
  const big = Buffer.alloc(11 * 1024 * 1024, 'IPC;2026-10;1,0;A\n');
  const response = await api.post('/api/admin/series/import', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { file: { name: 'gros.csv', mimeType: 'text/csv', buffer: big } },
  });
  expect(response.status()).toBe(413);
  expect(((await response.json()) as { error: string }).error).toBe(
    'Fichier trop volumineux : 10 Mo au plus. Découpez-le en plusieurs fichiers.',
  );
  // Without a session, the import screen's endpoint answers 401.
  const anonymous = await playwright.request.newContext({ baseURL });
  expect(
    (
      await anonymous.post('/api/admin/series/import', {
        multipart: { file: { name: 'a.csv', mimeType: 'text/csv', buffer: Buffer.from('x') } },
      })
    ).status(),
  ).toBe(401);
  expect(await ipiOf(api)).toEqual(before);
  await anonymous.dispose();
  await api.dispose();
});
