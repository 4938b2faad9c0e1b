import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import JSONstat from 'jsonstat-toolkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRateLimit } from '@/lib/series/api';
import { search } from '@/lib/search/query';
import { createTestDatabase, type TestDatabase } from '@/testing/db';
import { insertBigTable, insertSmallTable, smallStructure } from '@/testing/tables-fixture';
import { clearCellCache } from '../cells';
import { apiCellLimit, tableRoutes } from './api';
import { defaultView, keyOf, narrowPeriods, parseKey, readPageView, viewQuery } from './selection';

// Outside Next, the cached reads are plain functions.
vi.mock('next/cache', () => ({ cacheLife: () => {}, cacheTag: () => {} }));

const call = (path: string, headers: Record<string, string> = {}) => {
  const url = new URL(`http://localhost${path}`);
  const [, , , , id, key] = url.pathname.split('/');
  return tableRoutes.data(new Request(url, { headers }), { params: Promise.resolve({ id, ...(key ? { key } : {}) }) });
};

describe('the SDMX key of a table', () => {
  it('reads `.` between dimensions, `+` between values and an empty position for all', () => {
    expect(parseKey(smallStructure, 'R01+R02..2024')).toEqual({
      ok: true,
      value: { selection: { REGION: ['R01', 'R02'], ANNEE: ['2024'] } },
    });
    expect(parseKey(smallStructure, '..')).toEqual({ ok: true, value: { selection: {} } });
    expect(parseKey(smallStructure, 'all')).toEqual({ ok: true, value: { selection: {} } });
    // One more position: the measures.
    expect(parseKey(smallStructure, '.F..TAUX')).toEqual({ ok: true, value: { selection: { SEXE: ['F'] }, measures: ['TAUX'] } });
    expect(keyOf(smallStructure, { REGION: ['R01', 'R02'], SEXE: ['F', 'M'], ANNEE: ['2024'] })).toBe('R01+R02..2024');
    expect(keyOf(smallStructure, {})).toBe('all');
  });

  it('refuses bad keys in French and English', () => {
    expect(parseKey(smallStructure, 'R01.F')).toEqual({
      ok: false,
      error: {
        fr: 'Clé invalide : 2 position(s) au lieu de 3 (REGION.SEXE.ANNEE, séparées par des points ; « + » entre plusieurs valeurs, une position vide pour toutes).',
        en: 'Invalid key: 2 position(s) instead of 3 (REGION.SEXE.ANNEE, separated by dots; “+” between several values, an empty position for all).',
      },
    });
    expect(parseKey(smallStructure, 'R09..')).toMatchObject({ ok: false, error: { fr: 'Valeur inconnue pour « REGION » : « R09 ».' } });
    expect(parseKey(smallStructure, 'R01++R02..')).toMatchObject({
      ok: false,
      error: { fr: 'Clé invalide en position 1 (REGION) : une valeur vide (un « + » de trop).' },
    });
    expect(parseKey(smallStructure, '<script>..')).toMatchObject({ ok: false });
  });

  it('narrows the periods: startPeriod, endPeriod (overlapping), lastNObservations', () => {
    const all = { selection: {} };
    const years = (r: ReturnType<typeof narrowPeriods>) => (r.ok ? r.value.selection.ANNEE : r.error.fr);
    expect(years(narrowPeriods(smallStructure, all, { startPeriod: '2022', endPeriod: '2023-Q2' }))).toEqual(['2022', '2023']);
    expect(years(narrowPeriods(smallStructure, all, { lastNObservations: 2 }))).toEqual(['2023', '2024']);
    expect(years(narrowPeriods(smallStructure, { selection: { ANNEE: ['2021', '2024'] } }, { lastNObservations: 1 }))).toEqual(['2024']);
    expect(years(narrowPeriods(smallStructure, all, { startPeriod: '2030' }))).toBe('Aucune période du tableau dans l’intervalle demandé.');
  });
});

describe('the page’s selection', () => {
  it('defaults to every value when it fits, time in columns, and shrinks to the cap otherwise', () => {
    expect(defaultView(smallStructure, 100)).toEqual({
      selection: { REGION: ['R01', 'R02', 'R03'], SEXE: ['F', 'M'], ANNEE: ['2021', '2022', '2023', '2024'] },
      rows: ['REGION', 'SEXE'],
      columns: ['ANNEE'],
    });
    const small = defaultView(smallStructure, 16);
    expect(small.selection).toEqual({ REGION: ['R01'], SEXE: ['F', 'M'], ANNEE: ['2021', '2022', '2023', '2024'] });
  });

  it('reads the GET form: values, places, unknown values refused with the default shown', () => {
    const read = readPageView(
      smallStructure,
      { REGION: ['R02', 'R01'], SEXE: ['F', 'M'], 'axe.SEXE': 'l', 'axe.ANNEE': 'c', utm_source: 'x' },
      100,
      'fr',
    );
    expect(read).toEqual({
      ok: true,
      view: {
        selection: { REGION: ['R01', 'R02'], SEXE: ['F', 'M'], ANNEE: ['2021', '2022', '2023', '2024'] },
        rows: ['REGION', 'SEXE'],
        columns: ['ANNEE'],
      },
      isDefault: false,
    });
    expect(readPageView(smallStructure, {}, 100, 'fr')).toMatchObject({ ok: true, isDefault: true });
    expect(readPageView(smallStructure, { SEXE: 'X' }, 100, 'en')).toMatchObject({
      ok: false,
      error: 'Unknown value for “SEXE”: “X”. The table below shows the default selection.',
    });
    // Everything in rows: the last dimension goes to the columns.
    const rows = readPageView(smallStructure, { 'axe.ANNEE': 'l' }, 100, 'fr');
    expect(rows.ok && [rows.view.rows, rows.view.columns]).toEqual([['REGION', 'SEXE'], ['ANNEE']]);
    expect(
      viewQuery(smallStructure, {
        selection: { REGION: ['R01'], SEXE: [], ANNEE: ['2024'] },
        rows: ['REGION', 'SEXE'],
        columns: ['ANNEE'],
      }),
    ).toBe('REGION=R01&axe.REGION=l&axe.SEXE=l&ANNEE=2024&axe.ANNEE=c');
  });
});

describe('the tables API', () => {
  let database: TestDatabase;
  const holder = globalThis as typeof globalThis & { __insstatDb?: Promise<unknown> };

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    holder.__insstatDb = Promise.resolve(database);
    clearCellCache();
    await insertSmallTable(database.db);
    await insertBigTable(database.db, { places: 1001, years: 1000 });
  }, 120_000);
  afterAll(async () => {
    holder.__insstatDb = undefined;
    await database.close();
  });
  beforeEach(() => resetRateLimit());

  it('answers JSON-stat 2.0 that jsonstat-toolkit reads back', async () => {
    const response = await call('/api/v1/tables/POP_TEST/R01+R02..2023+2024?lang=en');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('etag')).toMatch(/^"/);
    expect(response.headers.get('ratelimit-limit')).toBeTruthy();
    const ds = JSONstat(await response.json());
    expect(ds.class).toBe('dataset');
    expect(ds.id).toEqual(['REGION', 'SEXE', 'ANNEE', 'MEASURE']);
    expect(ds.size).toEqual([2, 2, 2, 2]);
    expect(ds.Dimension('REGION').Category('R01').label).toBe('Northern Region');
    expect(ds.Dimension('MEASURE').Category('TAUX').unit).toEqual({ label: '%', decimals: 1 });
    expect(ds.Dimension({ role: 'time' })[0]!.id).toEqual(['2023', '2024']);
    expect(ds.Data({ REGION: 'R02', SEXE: 'F', ANNEE: '2023', MEASURE: 'POP' }).value).toBe(2002);
    expect(ds.Data({ REGION: 'R02', SEXE: 'M', ANNEE: '2024', MEASURE: 'POP' })).toEqual({ value: null, status: 'O' });
    expect(ds.Data({ REGION: 'R01', SEXE: 'F', ANNEE: '2024', MEASURE: 'POP' })).toEqual({ value: 1003, status: 'P' });
    expect(ds.Data({ REGION: 'R01', SEXE: 'F', ANNEE: '2024', MEASURE: 'TAUX' }).value).toBe(5);
    // A 304 for the same ETag.
    const again = await call('/api/v1/tables/POP_TEST/R01+R02..2023+2024?lang=en', { 'if-none-match': response.headers.get('etag')! });
    expect(again.status).toBe(304);
  });

  it('writes SDMX-CSV 2.0 by its header rules', async () => {
    const response = await call('/api/v1/tables/POP_TEST/R01.F..POP?format=sdmx-csv');
    expect(response.headers.get('content-type')).toBe('application/vnd.sdmx.data+csv; version=2.0.0; charset=utf-8');
    const text = await response.text();
    const [header, ...rows] = parse(text) as string[][];
    // STRUCTURE, STRUCTURE_ID and ACTION first; component ids; time as TIME_PERIOD; OBS_VALUE; attributes.
    expect(header).toEqual([
      'STRUCTURE',
      'STRUCTURE_ID',
      'ACTION',
      'REGION',
      'SEXE',
      'TIME_PERIOD',
      'MEASURE',
      'OBS_VALUE',
      'OBS_STATUS',
      'UNIT_MEASURE',
      'UNIT_MULT',
      'DECIMALS',
    ]);
    expect(new Set(header).size).toBe(header!.length);
    expect(header!.every((h) => /^[A-Za-z][A-Za-z0-9_-]*$/.test(h))).toBe(true);
    expect(rows).toHaveLength(4);
    expect(
      rows.every((r) => r.length === header!.length && r[0] === 'dataflow' && /^[A-Z]+:DF_POP_TEST\(1\.0\)$/.test(r[1]!) && r[2] === 'I'),
    ).toBe(true);
    expect(rows[3]).toEqual(['dataflow', rows[3]![1], 'I', 'R01', 'F', '2024', 'POP', '1003', 'P', 'PS', '0', '0']);
    expect(text.endsWith('\r\n')).toBe(true);
  });

  it('writes CSV and the French Excel CSV (semicolon, decimal comma, BOM)', async () => {
    const csv = await (await call('/api/v1/tables/POP_TEST/R01.F.2021.TAUX?format=csv')).text();
    expect(parse(csv)).toEqual([
      ['REGION', 'Région', 'SEXE', 'Sexe', 'ANNEE', 'Année', 'mesure', 'unité', 'valeur', 'statut', 'note'],
      ['R01', 'Région du Nord', 'F', 'Femmes', '2021', '2021', 'Taux de croissance', '%', '1.3', 'A', ''],
    ]);
    const fr = await call('/api/v1/tables/POP_TEST/R01.F.2021.TAUX?format=csv-fr');
    expect(fr.headers.get('content-disposition')).toBe('attachment; filename="POP_TEST_R01_F_2021_TAUX.fr.csv"');
    const bytes = new Uint8Array(await fr.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    expect(text.split('\r\n')[1]).toBe('R01;Région du Nord;F;Femmes;2021;2021;Taux de croissance;%;1,3;A;');
  });

  it('writes XLSX with its headers, real numbers and every note', async () => {
    const response = await call('/api/v1/tables/POP_TEST/R01+R02..2022.POP?format=xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await response.arrayBuffer());
    const data = book.getWorksheet('Données')!;
    expect(data.getRow(1).values).toEqual([
      undefined,
      'REGION',
      'Région',
      'SEXE',
      'Sexe',
      'ANNEE',
      'Année',
      'mesure',
      'unité',
      'valeur',
      'statut',
      'note',
    ]);
    // R01, M, 2022: the cell with a note, as an Excel note on the value and in the note column.
    const row = data.getRow(3);
    expect([row.getCell(1).value, row.getCell(3).value, row.getCell(9).value, row.getCell(11).value]).toEqual([
      'R01',
      'M',
      1101,
      'Estimation après enquête.',
    ]);
    expect(row.getCell(9).note).toBe('Estimation après enquête.');
    const notes = book.getWorksheet('Notes')!;
    const text: string[] = [];
    notes.eachRow((r) => text.push((r.values as unknown[]).filter(Boolean).join(' | ')));
    expect(text).toContain('Chiffres arrondis.');
    expect(text).toContain('Population au 1er janvier.');
    expect(text).toContain('Région : Région du Sud | Limites révisées en 2019.');
    expect(text).toContain('Cellule I3 | Estimation après enquête.');
    expect(text).toContain('O (..) | valeur manquante');
  });

  it('refuses bad keys and parameters with 400, unknown tables with 404, in French', async () => {
    const bad = await call('/api/v1/tables/POP_TEST/R01.F');
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatch(/^Clé invalide : 2 position\(s\) au lieu de 3/);
    expect((await (await call('/api/v1/tables/POP_TEST/R09..')).json()).error).toBe('Valeur inconnue pour « REGION » : « R09 ».');
    const param = await call('/api/v1/tables/POP_TEST?format=pdf');
    expect(param.status).toBe(400);
    expect((await param.json()).error).toMatch(/^Format inconnu/);
    expect((await call('/api/v1/tables/POP_TEST?page=2')).status).toBe(400);
    expect((await call('/api/v1/tables/NOPE')).status).toBe(404);
    expect(
      (
        await tableRoutes.data(new Request('http://localhost/api/v1/tables/POP_TEST/%E0'), {
          params: Promise.resolve({ id: 'POP_TEST', key: '%E0' }),
        })
      ).status,
    ).toBe(400);
    expect((await call('/api/v1/tables/pop_test')).status).toBe(404);
  });

  it('answers 413 beyond the cell limit, before reading any cell, and a narrowed key passes', async () => {
    const over = await call('/api/v1/tables/POP_GRANDE');
    expect(over.status).toBe(413);
    expect((await over.json()).error).toBe(
      `La sélection compte ${(1_001_000).toLocaleString('fr-FR')} cellules : une réponse en contient ${apiCellLimit.toLocaleString('fr-FR')} au plus. ` +
        'Réduisez-la (plus de positions dans la clé, startPeriod, endPeriod ou lastNObservations), ou demandez-la en plusieurs fois.',
    );
    const narrowed = await call('/api/v1/tables/POP_GRANDE/L0000+L0001.?lastNObservations=5&format=csv');
    expect(narrowed.status).toBe(200);
    expect((await narrowed.text()).trim().split('\r\n')).toHaveLength(11);
  });

  it('chooses the format by the Accept header when `format` is absent', async () => {
    const csv = await call('/api/v1/tables/POP_TEST/R01.F.2021.POP', { accept: 'text/csv' });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const sdmx = await call('/api/v1/tables/POP_TEST/R01.F.2021.POP', { accept: 'application/vnd.sdmx.data+csv;version=2.0.0' });
    expect(sdmx.headers.get('content-type')).toMatch(/^application\/vnd\.sdmx\.data\+csv/);
  });

  it('is found by the search: its title and its dimensions’ labels, linked to its page', async () => {
    for (const q of ['population région sexe', 'Northern Region', 'Région de l’Est']) {
      const result = await search(database.db, { q, scope: 'public' });
      const hit = result.hits.find((h) => h.source === 'tables');
      expect(hit?.url, q).toBe('/donnees/tableaux/POP_TEST');
      expect(hit?.kindLabel).toBe('Tableaux');
    }
  });

  it('is found in English on English pages by its English title and labels, its title in English', async () => {
    for (const q of ['Northern Region women', 'Eastern Region sex']) {
      const result = await search(database.db, { q, scope: 'public', locale: 'en' });
      const hit = result.hits.find((h) => h.source === 'tables');
      expect(hit?.title.map((part) => part.text).join(''), q).toBe('Population par région, sexe et année (EN)');
      expect(hit?.lang.title, q).toBe('en');
    }
  });

  it('lists the public tables in the catalogue', async () => {
    const response = await tableRoutes.catalogue(new Request('http://localhost/api/v1/tables?lang=en'), { params: Promise.resolve({}) });
    const body = await response.json();
    expect(body.tables.map((t: { code: string }) => t.code)).toEqual(['POP_GRANDE', 'POP_TEST']);
    expect(body.tables[1].links.page).toMatch(/\/en\/donnees\/tableaux\/POP_TEST$/);
  });
});
