/**
 * A table's selection as files: CSV (comma, decimal point, codes and labels), French CSV (`;`,
 * decimal comma, BOM for Excel), XLSX (headers, units, the status beside each value, every note:
 * the table's, the dimensions' and values', each cell's as an Excel note and in a Notes sheet),
 * JSON-stat 2.0 (json-stat.org/format: dimensions in the table's order, row-major values, statuses,
 * notes; cell notes in `extension`) and SDMX-CSV 2.0 (codes only: STRUCTURE, STRUCTURE_ID, ACTION,
 * then the dimensions with time as TIME_PERIOD, OBS_VALUE and the attributes). The figures are the
 * screen's: rounded to the measure's decimals. Text a spreadsheet would run as a formula is neutralised.
 */
import ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify/sync';
import type { Locale } from '@/lib/i18n/locales';
import { neutralise } from '@/lib/series/files/export';
import { cellStatusCodes, cellStatusLabels, cellStatusMarker, labelIn, type CellStatus } from '../model';
import type { SelectedCells, TableView } from '../queries';
import { messages } from '@/lib/i18n/messages';

import type { TableFormat } from '@/lib/content/addresses';

export const tableContentType: Record<TableFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  'csv-fr': 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  jsonstat: 'application/json; charset=utf-8',
  'sdmx-csv': 'application/vnd.sdmx.data+csv; version=2.0.0; charset=utf-8',
};
export const tableExtension: Record<TableFormat, string> = {
  csv: 'csv',
  'csv-fr': 'fr.csv',
  xlsx: 'xlsx',
  jsonstat: 'json',
  'sdmx-csv': 'sdmx.csv',
};

/** A selection with the table it came from, ready to be written. */
export type Extract = { table: TableView; cells: SelectedCells };

/**
 * Calls `each` for every selected cell in row-major order with the positions (in the table's
 * dimensions, then its measures) of its coordinates.
 */
export function forEachCell({ cells }: Extract, each: (at: number[], n: number) => void): void {
  const axes = cells.positions.length;
  const at = cells.positions.map((p) => p[0]!);
  const odo = new Array<number>(axes).fill(0);
  for (let n = 0; n < cells.count; n++) {
    each(at, n);
    for (let a = axes - 1; a >= 0; a--) {
      odo[a]! += 1;
      if (odo[a]! < cells.positions[a]!.length) {
        at[a] = cells.positions[a]![odo[a]!]!;
        break;
      }
      odo[a] = 0;
      at[a] = cells.positions[a]![0]!;
    }
  }
}

const fixed = (value: number | null, decimals: number) => (value === null ? '' : value.toFixed(decimals));

/** Columns: per dimension its code then its label, the measure, unit, value, status, note. */
function tidyRows(x: Extract, lang: Locale, frenchNumbers: boolean): { header: string[]; rows: string[][] } {
  const t = messages(lang).tables.file;
  const { table, cells } = x;
  const header = [...table.dimensions.flatMap((d) => [d.code, neutralise(d.label)]), t.measure, t.unit, t.value, t.status, t.note];
  const rows: string[][] = [];
  forEachCell(x, (at, n) => {
    const measure = table.measures[at[at.length - 1]!]!;
    const value = fixed(cells.values[n]!, measure.decimals);
    rows.push([
      ...table.dimensions.flatMap((d, i) => {
        const v = d.values[at[i]!]!;
        return [neutralise(v.code), neutralise(v.label)];
      }),
      neutralise(measure.label),
      neutralise(measure.unit),
      frenchNumbers ? value.replace('.', ',') : value,
      cells.statuses[n]!,
      neutralise(labelIn(cells.notes[n], lang)),
    ]);
  });
  return { header, rows };
}

export function tableCsv(x: Extract, lang: Locale): string {
  const { header, rows } = tidyRows(x, lang, false);
  return stringify([header, ...rows], { record_delimiter: '\r\n' });
}

/** For Excel set to French: `;` between fields, a decimal comma, a BOM so accents read right. */
export function tableFrenchCsv(x: Extract, lang: Locale): string {
  const { header, rows } = tidyRows(x, lang, true);
  return `\uFEFF${stringify([header, ...rows], { delimiter: ';', record_delimiter: '\r\n' })}`;
}

/** The JSON-stat 2.0 dataset of a selection (every label in `lang`). */
export function tableJsonStat(x: Extract, lang: Locale, href?: string) {
  const { table, cells } = x;
  const dimension: Record<string, unknown> = {};
  table.dimensions.forEach((d, i) => {
    const chosen = cells.positions[i]!.map((p) => d.values[p]!);
    const notes = Object.fromEntries(chosen.filter((v) => v.note).map((v) => [v.code, [v.note]]));
    dimension[d.code] = {
      label: d.label,
      ...(d.note ? { note: [d.note] } : {}),
      category: {
        index: chosen.map((v) => v.code),
        label: Object.fromEntries(chosen.map((v) => [v.code, v.label])),
        ...(Object.keys(notes).length > 0 ? { note: notes } : {}),
      },
    };
  });
  const measureCode = measureDimension(table);
  const measures = cells.positions.at(-1)!.map((p) => table.measures[p]!);
  dimension[measureCode] = {
    label: messages(lang).tables.file.measure,
    category: {
      index: measures.map((m) => m.code),
      label: Object.fromEntries(measures.map((m) => [m.code, m.label])),
      unit: Object.fromEntries(measures.map((m) => [m.code, { label: m.unit, decimals: m.decimals }])),
    },
  };
  const status: Record<string, CellStatus> = {};
  cells.statuses.forEach((s, n) => {
    if (s !== 'A') status[String(n)] = s;
  });
  const cellNotes = Object.fromEntries(Object.entries(cells.notes).map(([n, note]) => [n, labelIn(note, lang)]));
  const time = table.dimensions.find((d) => d.role === 'time');
  return {
    version: '2.0',
    class: 'dataset',
    ...(href ? { href } : {}),
    label: table.title,
    source: table.source || undefined,
    updated: table.version.publishedAt,
    ...(table.notes.length > 0 ? { note: table.notes } : {}),
    id: [...table.dimensions.map((d) => d.code), measureCode],
    size: cells.size,
    role: { ...(time ? { time: [time.code] } : {}), metric: [measureCode] },
    dimension,
    value: cells.values.map((v, n) => (v === null ? null : Number(v.toFixed(measures[n % measures.length]!.decimals)))),
    ...(Object.keys(status).length > 0 ? { status } : {}),
    extension: {
      code: table.code,
      version: table.version.number,
      lang,
      statusLabels: Object.fromEntries(cellStatusCodes.map((c) => [c, cellStatusLabels[lang][c]])),
      ...(Object.keys(cellNotes).length > 0 ? { cellNotes } : {}),
    },
  };
}

/** The measures' dimension in JSON-stat and SDMX-CSV: `MEASURE`, or `MEASURE_` when a dimension has that code. */
const measureDimension = (table: TableView) => (table.dimensions.some((d) => d.code === 'MEASURE') ? 'MEASURE_' : 'MEASURE');

/** The SDMX agency of the files (the series'), and a table's dataflow: `INSSTAT:DF_{CODE}(1.0)`. */
export const sdmxStructureId = (agency: string, code: string) => `${agency}:DF_${code}(1.0)`;

/**
 * SDMX-CSV 2.0: the first columns are STRUCTURE (`dataflow`), STRUCTURE_ID (agency:id(version))
 * and ACTION (`I`, information); then one column per dimension (the time dimension is TIME_PERIOD),
 * the measure, OBS_VALUE, then the attributes OBS_STATUS, UNIT_MEASURE, DECIMALS. Codes only.
 */
export function tableSdmxCsv(x: Extract, agency: string): string {
  const { table, cells } = x;
  const dims = table.dimensions.map((d) => (d.role === 'time' ? 'TIME_PERIOD' : d.code));
  const header = [
    'STRUCTURE',
    'STRUCTURE_ID',
    'ACTION',
    ...dims,
    measureDimension(table),
    'OBS_VALUE',
    'OBS_STATUS',
    'UNIT_MEASURE',
    'DECIMALS',
  ];
  const structureId = sdmxStructureId(agency, table.code);
  const rows: string[][] = [];
  forEachCell(x, (at, n) => {
    const measure = table.measures[at[at.length - 1]!]!;
    rows.push([
      'dataflow',
      structureId,
      'I',
      ...table.dimensions.map((d, i) => d.values[at[i]!]!.code),
      measure.code,
      fixed(cells.values[n]!, measure.decimals),
      cells.statuses[n]!,
      unitCode(table.structure.measures.find((m) => m.code === measure.code)?.unit.fr ?? measure.unit),
      String(measure.decimals),
    ]);
  });
  return stringify([header, ...rows], { record_delimiter: '\r\n' });
}

const unitCode = (unit: string) =>
  /^indice$/i.test(unit)
    ? 'IX'
    : /^(%|pour ?cent|pourcentage)$/i.test(unit)
      ? 'PC'
      : unit.toUpperCase().replace(/[^A-Z0-9_]/g, '_') || '_Z';

const numFmt = (decimals: number) => (decimals > 0 ? `0.${'0'.repeat(decimals)}` : '0');

/**
 * XLSX: a Data sheet (one line per cell: codes and labels of each dimension, measure, unit, the
 * value as a real number in the measure's format, its status and its note, also attached to the
 * value as an Excel note), and a Notes sheet (the table, its version, its notes, the dimensions'
 * and values' notes, the cells' notes, the statuses' legend).
 */
export async function tableXlsx(x: Extract, lang: Locale): Promise<Uint8Array> {
  const t = messages(lang).tables.file;
  const { table, cells } = x;
  const book = new ExcelJS.Workbook();
  book.creator = 'Institut national de la statistique';
  const data = book.addWorksheet(t.sheetData);
  const { header } = tidyRows({ table, cells: { ...cells, count: 0 } }, lang, false);
  data.addRow(header).font = { bold: true };
  data.views = [{ state: 'frozen', ySplit: 1 }];
  const valueColumn = table.dimensions.length * 2 + 3;
  forEachCell(x, (at, n) => {
    const measure = table.measures[at[at.length - 1]!]!;
    const value = cells.values[n]!;
    const note = labelIn(cells.notes[n], lang);
    const row = data.addRow([
      ...table.dimensions.flatMap((d, i) => {
        const v = d.values[at[i]!]!;
        return [neutralise(v.code), neutralise(v.label)];
      }),
      neutralise(measure.label),
      neutralise(measure.unit),
      value === null ? null : Number(value.toFixed(measure.decimals)),
      cells.statuses[n]!,
      neutralise(note),
    ]);
    const cell = row.getCell(valueColumn);
    cell.numFmt = numFmt(measure.decimals);
    if (note) cell.note = note;
  });
  data.columns.forEach((c, i) => (c.width = i < table.dimensions.length * 2 ? 16 : 12));

  const notes = book.addWorksheet(t.sheetNotes);
  notes.columns = [{ width: 28 }, { width: 90 }];
  const heading = (text: string) => (notes.addRow([text]).font = { bold: true });
  heading(t.table);
  notes.addRow([t.code, table.code]);
  notes.addRow([t.title, neutralise(table.title)]);
  if (table.source) notes.addRow([t.source, neutralise(table.source)]);
  notes.addRow([t.version, table.version.number]);
  notes.addRow([t.published, table.version.publishedAt]);
  notes.addRow([]);
  heading(t.tableNotes);
  for (const n of table.notes) notes.addRow(['', neutralise(n)]);
  notes.addRow([]);
  heading(t.dimensionNotes);
  for (const d of table.dimensions) {
    if (d.note) notes.addRow([neutralise(d.label), neutralise(d.note)]);
    for (const v of d.values) if (v.note) notes.addRow([neutralise(`${d.label} : ${v.label}`), neutralise(v.note)]);
  }
  notes.addRow([]);
  heading(t.cellNotes);
  for (const [n, note] of Object.entries(cells.notes)) {
    notes.addRow([
      `${t.cell} ${valueColumn > 26 ? '' : String.fromCharCode(64 + valueColumn)}${Number(n) + 2}`,
      neutralise(labelIn(note, lang)),
    ]);
  }
  notes.addRow([]);
  heading(t.statuses);
  for (const c of cellStatusCodes)
    notes.addRow([`${c}${cellStatusMarker[c] ? ` (${cellStatusMarker[c]})` : ''}`, cellStatusLabels[lang][c]]);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

/** The file of `format` for a selection. */
export async function renderTable(x: Extract, format: TableFormat, lang: Locale, options: { agency: string; href?: string }) {
  switch (format) {
    case 'csv':
      return tableCsv(x, lang);
    case 'csv-fr':
      return tableFrenchCsv(x, lang);
    case 'xlsx':
      return tableXlsx(x, lang);
    case 'sdmx-csv':
      return tableSdmxCsv(x, options.agency);
    case 'jsonstat':
      return JSON.stringify(tableJsonStat(x, lang, options.href));
  }
}
