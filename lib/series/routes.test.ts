/**
 * The open API's handlers (`/api/v1/series`, `/api/v1/series/{code}`, `/api/v1/openapi.json`)
 * called with real Requests on a real database: `lang=en` puts headers, labels and the series'
 * translated texts in English, changes no code, period, number or separator, and without `lang`
 * the answer is the French one, byte for byte.
 */
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as catalogueRoute from '@/app/api/v1/series/route';
import * as seriesRoute from '@/app/api/v1/series/[code]/route';
import * as openApiRoute from '@/app/api/v1/openapi.json/route';
import { observations, series, seriesVersions } from '@/lib/db/schema';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import { resetRateLimit } from './api';

// The cached reads the handlers share with the pages: outside Next, their cache calls have nothing to do.
vi.mock('next/cache', () => ({ cacheLife: () => {}, cacheTag: () => {} }));

const g = globalThis as { __insstatDb?: unknown };
const get = (path: string) => new Request(`http://localhost:3000${path}`);
const one = (code: string, query = '') => seriesRoute.GET(get(`/api/v1/series/${code}${query}`), { params: Promise.resolve({ code }) });
const list = (query = '') => catalogueRoute.GET(get(`/api/v1/series${query}`), { params: Promise.resolve({}) });

type SeriesJson = {
  series: {
    code: string;
    label: string;
    unit: string;
    methodology: string;
    source: string;
    frequency: string;
    observations: { period: string; value: number; status: string }[];
  }[];
  statuses: Record<string, string>;
};
type CatalogueJson = { series: { code: string; label: string; unit: string; source: string; links: { self: string; page?: string } }[] };

describe.each(testDatabaseKinds)('open API in English with lang=en (%s)', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const { db } = database;
    const [ipc, pib] = await db
      .insert(series)
      .values([
        {
          code: 'IPC',
          area: 'ipc',
          label: 'Indice des prix à la consommation',
          unit: 'indice',
          basePeriod: '100 = 2008',
          frequency: 'monthly',
          methodology: 'Méthode de Laspeyres.',
          source: 'Enquête sur les prix',
          translations: { en: { label: 'Consumer price index', unit: 'index', methodology: 'Laspeyres method.' } },
        },
        {
          code: 'PIB_T',
          area: 'ipc',
          label: 'Produit intérieur brut trimestriel',
          unit: '%',
          basePeriod: '',
          frequency: 'quarterly',
          decimals: 2,
          seasonalAdjustment: 'sa',
          source: 'Comptes nationaux',
        },
      ])
      .returning();
    const [v1, v2] = await db
      .insert(seriesVersions)
      .values([
        // Approved: the open API is under test here, the review of versions in lib/series/review.test.ts.
        { seriesId: ipc!.id, number: 1, publishedAt: new Date('2026-02-10T08:00:00Z'), review: 'approved' },
        { seriesId: pib!.id, number: 1, publishedAt: new Date('2026-02-10T08:00:00Z'), review: 'approved' },
      ])
      .returning();
    await db.insert(observations).values([
      { seriesId: ipc!.id, versionId: v1!.id, period: '2025-12-01', value: 1234.5, status: 'A' },
      { seriesId: ipc!.id, versionId: v1!.id, period: '2026-01-01', value: 1236.25, status: 'P' },
      { seriesId: pib!.id, versionId: v2!.id, period: '2025-10-01', value: 0.5, status: 'E' },
    ]);
    g.__insstatDb = Promise.resolve(database);
  });
  beforeEach(() => resetRateLimit());
  afterAll(async () => {
    delete g.__insstatDb;
    await database.close();
  });

  it('JSON: the series’ translated texts and the statuses in English, French where untranslated', async () => {
    const fr = (await (await one('IPC')).json()) as SeriesJson;
    expect(fr.series[0]).toMatchObject({
      label: 'Indice des prix à la consommation',
      unit: 'indice',
      methodology: 'Méthode de Laspeyres.',
    });
    expect(fr.statuses.P).toBe('provisoire');

    const en = (await (await one('IPC', '?lang=en')).json()) as SeriesJson;
    expect(en.series[0]).toMatchObject({
      code: 'IPC',
      label: 'Consumer price index',
      unit: 'index',
      methodology: 'Laspeyres method.',
      source: 'Enquête sur les prix',
      frequency: 'monthly',
    });
    expect(en.series[0]!.observations).toEqual(fr.series[0]!.observations);
    expect(en.statuses).toMatchObject({ A: 'final', P: 'provisional', E: 'estimated' });
  });

  it('without lang, the French answer byte for byte (lang=fr says the same)', async () => {
    for (const format of ['', '?format=csv', '?format=csv-fr', '?format=sdmx-csv']) {
      const none = await one('IPC', format);
      const fr = await one('IPC', format ? `${format}&lang=fr` : '?lang=fr');
      expect(await fr.text(), format).toBe(await none.text());
      expect(fr.headers.get('etag')).toBe(none.headers.get('etag'));
    }
  });

  it('French-Excel CSV in English keeps its format: BOM, semicolons, decimal comma', async () => {
    const response = await one('IPC', '?format=csv-fr&lang=en');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="IPC_en.fr.csv"');
    // Two selections, two names: the periods asked are in it.
    const narrowed = await one('IPC', '?format=xlsx&startPeriod=2024-01&lastNObservations=3');
    expect(narrowed.headers.get('content-disposition')).toBe('attachment; filename="IPC_depuis-2024-01_derniers-3.xlsx"');
    // `Response.text()` would drop the BOM: read the bytes.
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.split('\r\n')[0]).toBe('\uFEFFcode;period;value;status;status label;series;unit');
    const rows = parse(text, { columns: true, delimiter: ';', bom: true }) as Record<string, string>[];
    expect(rows).toEqual([
      {
        code: 'IPC',
        period: '2025-12',
        value: '1234,5',
        status: 'A',
        'status label': 'final',
        series: 'Consumer price index',
        unit: 'index',
      },
      {
        code: 'IPC',
        period: '2026-01',
        value: '1236,3',
        status: 'P',
        'status label': 'provisional',
        series: 'Consumer price index',
        unit: 'index',
      },
    ]);
  });

  it('CSV in English: the same columns, the series’ English label and unit', async () => {
    const rows = parse(await (await one('IPC', '?format=csv&lang=en')).text(), { columns: true }) as Record<string, string>[];
    expect(rows[0]).toEqual({ code: 'IPC', period: '2025-12', value: '1234.5', status: 'A', label: 'Consumer price index', unit: 'index' });
  });

  it('XLSX in English: sheets, headers, frequency, adjustment and statuses', async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await (await list('?area=ipc&format=xlsx&lang=en')).arrayBuffer());
    expect(book.worksheets.map((w) => w.name)).toEqual(['Values', 'Metadata']);
    const values = book.getWorksheet('Values')!;
    expect(values.getRow(1).values).toEqual([undefined, 'Code', 'Period', 'Value', 'Status', 'Status label']);
    expect(values.getRow(3).values).toEqual([undefined, 'IPC', '2026-01', 1236.3, 'P', 'provisional']);
    const meta = book.getWorksheet('Metadata')!;
    expect(meta.getRow(1).values).toEqual([
      undefined,
      'Code',
      'Title',
      'Unit',
      'Base period',
      'Frequency',
      'Adjustment',
      'Source',
      'Version',
      'Published',
      'Type of change',
      'Reason',
    ]);
    expect(meta.getRow(2).getCell(2).value).toBe('Consumer price index');
    expect(meta.getRow(2).getCell(5).value).toBe('monthly');
    expect(meta.getRow(3).getCell(2).value).toBe('Produit intérieur brut trimestriel');
    expect(meta.getRow(3).getCell(6).value).toBe('seasonally adjusted (SA)');
    expect(meta.getRow(5).getCell(1).value).toBe('Statuses');
  });

  it('SDMX-CSV holds codes only: the same file in either language', async () => {
    const fr = await (await one('IPC', '?format=sdmx-csv')).text();
    expect(await (await one('IPC', '?format=sdmx-csv&lang=en')).text()).toBe(fr);
    // UNIT_MEASURE still read from the French unit.
    expect(fr.split('\r\n')[1]).toContain(',IX,');
  });

  it('the catalogue in English: texts where translated, links to the English pages', async () => {
    const body = (await (await list('?lang=en')).json()) as CatalogueJson;
    const [ipc, pib] = body.series;
    expect(ipc).toMatchObject({ code: 'IPC', label: 'Consumer price index', unit: 'index', source: 'Enquête sur les prix' });
    expect(ipc!.links).toEqual({ self: 'http://localhost:3000/api/v1/series/IPC', page: 'http://localhost:3000/en/indice/ipc/series/IPC' });
    expect(pib).toMatchObject({ code: 'PIB_T', label: 'Produit intérieur brut trimestriel' });
    const fr = (await (await list()).json()) as CatalogueJson;
    expect(fr.series[0]!.links.page).toBe('http://localhost:3000/indice/ipc/series/IPC');
  });

  it('asOf in English: the values of then, today’s English texts', async () => {
    const en = (await (await one('IPC', '?asOf=2026-03-01&lang=en')).json()) as SeriesJson;
    expect(en.series[0]).toMatchObject({ label: 'Consumer price index' });
    expect(en.series[0]!.observations).toHaveLength(2);
  });

  it('refuses an unknown language with a French message, as any bad parameter', async () => {
    for (const response of [await one('IPC', '?lang=de'), await list('?lang=EN')]) {
      expect(response.status).toBe(400);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(await response.json()).toEqual({ error: 'Langue inconnue : choisissez fr ou en (français par défaut).' });
    }
  });

  it('documents lang in the OpenAPI description', async () => {
    const doc = (await (await openApiRoute.GET(get('/api/v1/openapi.json'))).json()) as {
      paths: Record<string, { get: { parameters: { name: string; schema: { enum?: string[] } }[] } }>;
    };
    for (const path of ['/api/v1/series', '/api/v1/series/{code}']) {
      expect(doc.paths[path]!.get.parameters.find((p) => p.name === 'lang')?.schema.enum).toEqual(['fr', 'en']);
    }
    // The SDMX 2.1 REST service is listed beside the site's own API (lib/sdmx/openapi.ts).
    expect(doc.paths['/sdmx/rest/data/{flowRef}/{key}/{providerRef}']!.get.parameters.map((p) => p.name)).toContain('lastNObservations');
  });
});
