/**
 * Downloads of one or several series: CSV (comma, decimal point), French CSV (semicolon, decimal
 * comma, BOM for Excel), XLSX (real numbers in the series' number format, a metadata sheet),
 * SDMX-CSV 2.0 and JSON. The same figures as the screen (rounded to the series' decimals), the
 * status in its own column, text cells a spreadsheet would run as a formula neutralised.
 *
 * Headers and labels (statuses, frequencies, adjustments, kinds of change) are in `locale`: French
 * by default, English for the API's `lang=en`; the series' own texts come as the caller localized
 * them (lib/series/api.ts). Codes, periods, numbers and each format's separators never change.
 * SDMX-CSV holds codes only, hence no language.
 */
import { guessUnit } from '@/lib/tables/units';
import ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify/sync';
import type { Locale } from '@/lib/i18n/locales';
import { series as words } from '@/lib/i18n/messages/series';
import { frequencyCode, periodOf, statusCodes, type SeriesData } from '../model';

/** A text cell starting like a formula (=, +, -, @, tab, CR) gets a leading apostrophe. */
export const neutralise = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

const fixed = (value: number, decimals: number) => value.toFixed(decimals);
const rows = (data: SeriesData[]) => data.flatMap((d) => d.observations.map((o) => ({ d, o })));

export function toCsv(data: SeriesData[]): string {
  return stringify(
    rows(data).map(({ d, o }) => [
      d.meta.code,
      periodOf(o.period, d.meta.frequency),
      fixed(o.value, d.meta.decimals),
      o.status,
      neutralise(d.meta.label),
      neutralise(d.meta.unit),
    ]),
    { header: true, columns: ['code', 'period', 'value', 'status', 'label', 'unit'], record_delimiter: '\r\n' },
  );
}

export function toFrenchCsv(data: SeriesData[], locale: Locale = 'fr'): string {
  const t = words[locale];
  const h = t.api.frenchCsv;
  return (
    '\uFEFF' +
    stringify(
      rows(data).map(({ d, o }) => [
        d.meta.code,
        periodOf(o.period, d.meta.frequency),
        fixed(o.value, d.meta.decimals).replace('.', ','),
        o.status,
        neutralise(t.status[o.status]),
        neutralise(d.meta.label),
        neutralise(d.meta.unit),
      ]),
      {
        header: true,
        delimiter: ';',
        columns: ['code', h.period, h.value, h.status, h.statusLabel, h.series, h.unit],
        record_delimiter: '\r\n',
      },
    )
  );
}

const numFmt = (decimals: number) => (decimals > 0 ? `0.${'0'.repeat(decimals)}` : '0');

export async function toXlsx(data: SeriesData[], locale: Locale = 'fr'): Promise<Buffer> {
  const t = words[locale];
  const h = t.api.xlsx;
  const book = new ExcelJS.Workbook();
  book.creator = 'Institut national de la statistique';
  const values = book.addWorksheet(h.values);
  values.columns = [
    { header: 'Code', key: 'code', width: 16 },
    { header: h.period, key: 'period', width: 12 },
    { header: h.value, key: 'value', width: 12 },
    { header: h.status, key: 'status', width: 8 },
    { header: h.statusLabel, key: 'statusLabel', width: 20 },
  ];
  values.getRow(1).font = { bold: true };
  values.views = [{ state: 'frozen', ySplit: 1 }];
  for (const { d, o } of rows(data)) {
    const row = values.addRow({
      code: neutralise(d.meta.code),
      period: periodOf(o.period, d.meta.frequency),
      // The figure shown on screen, as a real number.
      value: Number(fixed(o.value, d.meta.decimals)),
      status: o.status,
      statusLabel: t.status[o.status],
    });
    row.getCell('value').numFmt = numFmt(d.meta.decimals);
  }
  const meta = book.addWorksheet(h.metadata);
  meta.columns = [
    { header: 'Code', key: 'code', width: 16 },
    { header: h.label, key: 'label', width: 50 },
    { header: h.unit, key: 'unit', width: 12 },
    { header: h.base, key: 'base', width: 18 },
    { header: h.frequency, key: 'frequency', width: 14 },
    { header: h.adjustment, key: 'adjustment', width: 30 },
    { header: 'Source', key: 'source', width: 40 },
    { header: 'Version', key: 'version', width: 9 },
    { header: h.published, key: 'published', width: 22 },
    { header: h.kind, key: 'kind', width: 20 },
    { header: h.reason, key: 'reason', width: 50 },
  ];
  meta.getRow(1).font = { bold: true };
  for (const d of data) {
    meta.addRow({
      code: neutralise(d.meta.code),
      label: neutralise(d.meta.label),
      unit: neutralise(d.meta.unit),
      base: neutralise(d.meta.basePeriod),
      frequency: t.frequency[d.meta.frequency],
      adjustment: t.seasonalAdjustment[d.meta.seasonalAdjustment],
      source: neutralise(d.meta.source),
      version: d.version.number,
      published: d.version.publishedAt,
      kind: t.changeKind[d.version.kind],
      reason: neutralise(d.version.reason),
    });
  }
  meta.addRow({});
  meta.addRow({ code: h.statuses }).font = { bold: true };
  for (const c of statusCodes) meta.addRow({ code: c, label: t.status[c] });
  return Buffer.from(await book.xlsx.writeBuffer());
}

export function toSdmxCsv(data: SeriesData[], options: { agency: string; dataflow: string; refArea: string }): string {
  return stringify(
    rows(data).map(({ d, o }) => [
      'dataflow',
      `${options.agency}:${options.dataflow}(1.0)`,
      'I',
      frequencyCode[d.meta.frequency],
      options.refArea,
      d.meta.code,
      periodOf(o.period, d.meta.frequency),
      fixed(o.value, d.meta.decimals),
      o.status,
      // A series has its unit's label only: the code and multiplier are read from it as for a table's (« millions de francs CFA »: XOF, 6).
      guessUnit(d.meta.unit).code,
      String(guessUnit(d.meta.unit).mult),
      String(d.meta.decimals),
    ]),
    {
      header: true,
      columns: [
        'STRUCTURE',
        'STRUCTURE_ID',
        'ACTION',
        'FREQ',
        'REF_AREA',
        'INDICATOR',
        'TIME_PERIOD',
        'OBS_VALUE',
        'OBS_STATUS',
        'UNIT_MEASURE',
        'UNIT_MULT',
        'DECIMALS',
      ],
      record_delimiter: '\r\n',
    },
  );
}

export function toJson(data: SeriesData[], locale: Locale = 'fr'): string {
  return JSON.stringify({
    series: data.map((d) => ({
      ...d.meta,
      version: d.version,
      observations: d.observations.map((o) => ({
        period: periodOf(o.period, d.meta.frequency),
        value: Number(fixed(o.value, d.meta.decimals)),
        status: o.status,
      })),
    })),
    statuses: Object.fromEntries(statusCodes.map((c) => [c, words[locale].status[c]])),
  });
}
