import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { SeriesData } from '../model';
import { diffImport } from './diff';
import { toCsv, toFrenchCsv, toJson, toSdmxCsv, toXlsx } from './export';
import { maxImportBytes, parseSeriesFile, type KnownSeries } from './import';

const meta = (code: string, frequency: 'monthly' | 'quarterly', decimals: number, label = `Série ${code}`) => ({
  code,
  label,
  unit: 'indice',
  basePeriod: 'base 100 = 2020',
  frequency,
  decimals,
  seasonalAdjustment: 'none' as const,
  source: 'Institut',
  methodology: '',
  area: 'ipc',
  headline: false,
  imfIndicator: null,
});
const version = { number: 3, publishedAt: '2026-11-12T08:45:00.000Z', kind: 'revision' as const, reason: '=HYPERLINK("x") raison' };

const data: SeriesData[] = [
  {
    meta: meta('IPC', 'monthly', 1, '=1+1 formule dans un titre'),
    version,
    observations: [
      { period: '2026-08-01', value: 120.04, status: 'A' },
      { period: '2026-09-01', value: -1.25, status: 'E' },
      { period: '2026-10-01', value: 1234.56, status: 'P' },
    ],
  },
  { meta: meta('PIB_T', 'quarterly', 2), version, observations: [{ period: '2026-07-01', value: 0.5, status: 'B' }] },
];
/** What every file must hold: code, SDMX period, the value at the series' decimals, status. */
const expected = [
  ['IPC', '2026-08', '120.0', 'A'],
  ['IPC', '2026-09', '-1.3', 'E'],
  ['IPC', '2026-10', '1234.6', 'P'],
  ['PIB_T', '2026-Q3', '0.50', 'B'],
];

describe('downloads read back with a library give the values and statuses shown', () => {
  it('CSV', () => {
    const rows = parse(toCsv(data), { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => [r.code, r.period, r.value, r.status])).toEqual(expected);
    expect(rows[0]!.label).toBe("'=1+1 formule dans un titre");
  });

  it('French CSV (semicolon, decimal comma, BOM)', () => {
    const text = toFrenchCsv(data);
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = parse(text, { columns: true, delimiter: ';', bom: true }) as Record<string, string>[];
    expect(rows.map((r) => [r.code, r['période'], r.valeur, r.statut])).toEqual(
      expected.map(([c, p, v, s]) => [c, p, v!.replace('.', ','), s]),
    );
  });

  it('XLSX: real numbers in the series format, status column, metadata sheet', async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await toXlsx(data)) as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Valeurs')!;
    const got: string[][] = [];
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      const value = row.getCell(3);
      expect(typeof value.value).toBe('number');
      const decimals = (value.numFmt ?? '').split('.')[1]?.length ?? 0;
      got.push([
        String(row.getCell(1).value),
        String(row.getCell(2).value),
        (value.value as number).toFixed(decimals),
        String(row.getCell(4).value),
      ]);
    });
    expect(got).toEqual(expected);
    const metaSheet = book.getWorksheet('Métadonnées')!;
    expect(metaSheet.getRow(2).getCell(2).value).toBe("'=1+1 formule dans un titre");
    expect(metaSheet.getRow(2).getCell(11).value).toBe('\'=HYPERLINK("x") raison');
  });

  it('SDMX-CSV 2.0', () => {
    const text = toSdmxCsv(data, { agency: 'INSSTAT', dataflow: 'DF_SERIES', refArea: 'SH' });
    expect(text.split('\r\n')[0]).toBe(
      'STRUCTURE,STRUCTURE_ID,ACTION,FREQ,REF_AREA,INDICATOR,TIME_PERIOD,OBS_VALUE,OBS_STATUS,UNIT_MEASURE,UNIT_MULT,DECIMALS',
    );
    const rows = parse(text, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => [r.INDICATOR, r.TIME_PERIOD, r.OBS_VALUE, r.OBS_STATUS])).toEqual(expected);
    expect(rows[0]).toMatchObject({
      STRUCTURE: 'dataflow',
      STRUCTURE_ID: 'INSSTAT:DF_SERIES(1.0)',
      ACTION: 'I',
      FREQ: 'M',
      REF_AREA: 'SH',
      UNIT_MEASURE: 'IX',
      UNIT_MULT: '0',
      DECIMALS: '1',
    });
    expect(rows[3]).toMatchObject({ FREQ: 'Q', DECIMALS: '2' });
  });

  it('JSON', () => {
    const json = JSON.parse(toJson(data)) as {
      series: { code: string; observations: { period: string; value: number; status: string }[] }[];
    };
    const got = json.series.flatMap((s) =>
      s.observations.map((o) => [s.code, o.period, o.value.toFixed(s.code === 'IPC' ? 1 : 2), o.status]),
    );
    expect(got).toEqual(expected);
  });
});

const known: KnownSeries = new Map([
  ['IPC', { frequency: 'monthly', decimals: 1 }],
  ['IPI', { frequency: 'monthly', decimals: 1 }],
  ['PIB_T', { frequency: 'quarterly', decimals: 2 }],
]);
const bytes = (text: string) => new TextEncoder().encode(text);
const csv = (text: string, filename = 'valeurs.csv') => parseSeriesFile({ bytes: bytes(text), filename }, known);

async function xlsx(rows: unknown[][], formulaAt?: [number, number]): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Feuille');
  for (const row of rows) sheet.addRow(row);
  if (formulaAt) sheet.getCell(formulaAt[0], formulaAt[1]).value = { formula: 'A1*2', result: 2 };
  return new Uint8Array(await book.xlsx.writeBuffer());
}

describe('parseSeriesFile', () => {
  it('reads a French long CSV and an English wide CSV, one or several series', async () => {
    const fr = await csv('\uFEFFcode;période;valeur;statut\r\nIPC;2026-10;1 234,5;P\r\nIPI;2026-10;98,2;A\r\n');
    expect(fr).toMatchObject({ layout: 'long', convention: 'fr', errors: [] });
    expect(fr.rows).toEqual([
      { line: 2, code: 'IPC', period: '2026-10-01', value: 1234.5, status: 'P' },
      { line: 3, code: 'IPI', period: '2026-10-01', value: 98.2, status: 'A' },
    ]);
    const en = await csv('period,IPC,IPC:status,PIB_T\n2026-09,"1,234.5",E,\n2026-10,120.1,,\n2026-Q3,,,0.52\n');
    // The quarterly period is not a month of IPC, and the monthly periods not quarters of PIB_T: each cell is read for its own series.
    expect(en.errors).toEqual([]);
    expect(en.layout).toBe('wide');
    expect(en.rows.map((r) => [r.code, r.period, r.value, r.status])).toEqual([
      ['IPC', '2026-09-01', 1234.5, 'E'],
      ['IPC', '2026-10-01', 120.1, 'A'],
      ['PIB_T', '2026-07-01', 0.52, 'A'],
    ]);
  });

  it('reads XLSX, long and wide, with numbers, text and date cells', async () => {
    const long = await parseSeriesFile(
      {
        bytes: await xlsx([
          ['Code', 'Période', 'Valeur', 'Statut'],
          ['IPC', '2026-10', 121.4, 'P'],
          ['PIB_T', '2026-Q3', '0,5', 'A'],
        ]),
        filename: 'v.xlsx',
      },
      known,
    );
    expect(long.errors).toEqual([]);
    expect(long.rows.map((r) => [r.code, r.period, r.value])).toEqual([
      ['IPC', '2026-10-01', 121.4],
      ['PIB_T', '2026-07-01', 0.5],
    ]);
    const wide = await parseSeriesFile(
      {
        bytes: await xlsx([
          ['période', 'IPC', 'IPI'],
          [new Date(Date.UTC(2026, 9, 1)), 121.4, 99],
        ]),
        filename: 'v.xlsx',
      },
      known,
    );
    expect(wide.errors).toEqual([]);
    expect(wide.rows.map((r) => [r.code, r.period, r.value])).toEqual([
      ['IPC', '2026-10-01', 121.4],
      ['IPI', '2026-10-01', 99],
    ]);
  });

  it('names the line of every error and keeps nothing to write', async () => {
    const result = await csv(
      [
        'code;période;valeur;statut',
        'IPC;2026-10;121,4;A',
        'XYZ;2026-10;1,0;A',
        'IPC;2026-Q3;1,0;A',
        'IPC;2026-11;abc;A',
        'IPC;2026-10;121,5;A',
        'IPC;2026-12;1.234,5;A',
        'IPC;2027-01;101.5;A',
        'IPC;2027-02;101,5;Z',
        '=HYPERLINK("http://x");2027-03;1;A',
      ].join('\n'),
    );
    const messages = result.errors.map((e) => e.message);
    expect(messages).toEqual([
      'Ligne 3 : série « XYZ » inconnue : créez-la d’abord dans le back-office, ou corrigez le code.',
      'Ligne 4 : « 2026-Q3 » n’est pas une période mensuelle (attendu AAAA-MM, par exemple 2026-10).',
      'Ligne 5 : « abc » n’est pas un nombre.',
      'Ligne 6 : période 2026-10 de IPC en double (déjà ligne 2).',
      'Ligne 7 : « 1.234,5 » : dans un fichier à point-virgule, ' +
        'la virgule sépare les décimales et l’espace les milliers (par exemple 1 234,5).',
      'Ligne 8 : « 101.5 » : dans un fichier à point-virgule, ' +
        'la virgule sépare les décimales et l’espace les milliers (par exemple 1 234,5).',
      'Ligne 9 : statut « Z » inconnu (codes admis : A, P, E, B, F, I, U).',
      'Ligne 10 : « =HYPERLINK("http://x") » ressemble à une formule : seuls des codes de série sont admis.',
    ]);
    const english = await csv('code,period,value\nIPC,2026-10,"121,4"\nIPC,2026-11,1 234.5\n');
    expect(english.errors.map((e) => e.message)).toEqual([
      'Ligne 2 : « 121,4 » : dans un fichier à virgule, le point sépare les décimales et la virgule les milliers (par exemple 1,234.5).',
      'Ligne 3 : « 1 234.5 » : dans un fichier à virgule, le point sépare les décimales et la virgule les milliers (par exemple 1,234.5).',
    ]);
  });

  it('refuses a formula cell in an XLSX, a broken XLSX, an empty file and a 50 MB CSV, without throwing', async () => {
    const formula = await parseSeriesFile(
      {
        bytes: await xlsx(
          [
            ['code', 'période', 'valeur'],
            ['IPC', '2026-10', 1],
          ],
          [2, 3],
        ),
        filename: 'f.xlsx',
      },
      known,
    );
    expect(formula.errors.map((e) => e.message)).toEqual(['Ligne 2 : la cellule contient une formule : collez-y la valeur seule.']);
    const good = await xlsx([
      ['code', 'période', 'valeur'],
      ['IPC', '2026-10', 1],
    ]);
    const broken = await parseSeriesFile({ bytes: good.subarray(0, Math.floor(good.length / 2)), filename: 'b.xlsx' }, known);
    expect(broken.errors.map((e) => e.message)).toEqual([
      'Fichier XLSX illisible (incomplet ou abîmé) : enregistrez-le à nouveau depuis le tableur et réessayez.',
    ]);
    expect((await csv('')).errors[0]?.message).toBe('Le fichier est vide.');
    expect((await csv('code;période;valeur\n')).errors[0]?.message).toBe(
      'Le fichier ne contient que son en-tête : aucune valeur à importer.',
    );
    const huge = new Uint8Array(50 * 1024 * 1024);
    expect(huge.length).toBeGreaterThan(maxImportBytes);
    const refused = await parseSeriesFile({ bytes: huge, filename: 'gros.csv' }, known);
    expect(refused.errors[0]?.message).toBe('Fichier trop volumineux : 10 Mo au plus. Découpez-le en plusieurs fichiers.');
  });

  it('reads 10,000 values', async () => {
    const lines = ['code;période;valeur;statut'];
    for (let m = 0; m < 10_000; m++) lines.push(`IPC;${1200 + Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')};${m},5;A`);
    const result = await csv(lines.join('\n'));
    expect(result.errors).toEqual([]);
    expect(result.rows).toHaveLength(10_000);
  });
});

describe('diffImport', () => {
  it('tells new, revised (a status alone included) and unchanged values apart', () => {
    const current = new Map([
      [
        'IPC',
        new Map([
          ['2026-08-01', { period: '2026-08-01', value: 120, status: 'A' as const }],
          ['2026-09-01', { period: '2026-09-01', value: 121, status: 'P' as const }],
          ['2026-10-01', { period: '2026-10-01', value: 122, status: 'P' as const }],
        ]),
      ],
    ]);
    const preview = diffImport(
      [
        { line: 5, code: 'IPC', period: '2026-11-01', value: 123, status: 'P' },
        { line: 2, code: 'IPC', period: '2026-08-01', value: 120, status: 'A' },
        { line: 3, code: 'IPC', period: '2026-09-01', value: 121, status: 'A' },
        { line: 4, code: 'IPC', period: '2026-10-01', value: 122.5, status: 'P' },
      ],
      current,
    );
    expect(preview.counts).toEqual({ new: 1, revised: 2, unchanged: 1 });
    expect(preview.lines.map((l) => [l.period, l.change, l.before?.value ?? null, l.after.value])).toEqual([
      ['2026-08-01', 'unchanged', 120, 120],
      ['2026-09-01', 'revised', 121, 121],
      ['2026-10-01', 'revised', 122, 122.5],
      ['2026-11-01', 'new', null, 123],
    ]);
  });
});
