/**
 * A table's selection as files: CSV (comma, decimal point, codes and labels), French CSV (`;`,
 * decimal comma, BOM for Excel), XLSX (headers, units, the status beside each value, every note:
 * the table's, the dimensions' and values', each cell's as an Excel note and in a Notes sheet),
 * JSON-stat 2.0 (json-stat.org/format: dimensions in the table's order, row-major values, statuses,
 * notes; cell notes in `extension`) and SDMX-CSV 2.0 (codes only: STRUCTURE, STRUCTURE_ID, ACTION,
 * then the dimensions with time as TIME_PERIOD, OBS_VALUE and the attributes). The figures are the
 * screen's: rounded to the measure's decimals. Text a spreadsheet would run as a formula is neutralised.
 *
 * Every format is written as a sequence of chunks (`tableChunks`), a few thousand cells at a time,
 * giving the event loop back between them: a million cells never exist as one string, one array of
 * lines or one workbook in memory (issue 37: the XLSX of a million cells grew the heap to 5 GB and
 * ended the process), and readers of the pages are served between two chunks. The next chunk is
 * made only when the previous one was taken (`chunkStream`), so a slow client holds one chunk.
 */
import { PassThrough } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify/sync';
import type { Locale } from '@/lib/i18n/locales';
import { neutralise } from '@/lib/series/files/export';
import { statusOfByte } from '../cells';
import { cellStatusCodes, cellStatusLabels, cellStatusMarker, labelIn, type CellStatus } from '../model';
import type { PickedCells, TableView } from '../queries';
import { unitCodes, isUnitCode } from '../units';
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
export type Extract = { table: TableView; cells: PickedCells };

/**
 * Cells per chunk: some 60 KB of CSV, a few milliseconds of work, the longest a page's reader waits
 * behind one chunk (4,096 held the loop 80–180 ms on the loaded bench machine).
 */
export const cellsPerChunk = 1024;

/**
 * XLSX lines made between two turns of the event loop: exceljs spends some 50 µs a line, so a
 * chunk's worth at once held the loop for half a second to a second (measured): pages waited.
 */
const xlsxLinesPerTurn = 256;

/**
 * The positions (in the table's dimensions, then its measures) of every selected cell in row-major
 * order; the array yielded is the same one, moved on each time (copy it to keep it).
 */
export function* cellPositions({ cells }: Pick<Extract, 'cells'>): Generator<number[]> {
  const axes = cells.positions.length;
  const at = cells.positions.map((p) => p[0]!);
  const odo = new Array<number>(axes).fill(0);
  for (let n = 0; n < cells.count; n++) {
    yield at;
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

const valueAt = (cells: PickedCells, n: number): number | null => (Number.isNaN(cells.values[n]!) ? null : cells.values[n]!);
const statusAt = (cells: PickedCells, n: number): CellStatus => (cells.statuses ? statusOfByte(cells.statuses[n]!) : 'A');
const fixed = (value: number | null, decimals: number) => (value === null ? '' : value.toFixed(decimals));

/** Column headers of the tidy files: per dimension its code then its label, the measure, unit, value, status, note. */
function tidyHeader(table: TableView, lang: Locale): string[] {
  const t = messages(lang).tables.file;
  return [...table.dimensions.flatMap((d) => [d.code, neutralise(d.label)]), t.measure, t.unit, t.value, t.status, t.note];
}

/** The tidy files' lines, `cellsPerChunk` at a time. */
async function* tidyLines(x: Extract, lang: Locale, frenchNumbers: boolean): AsyncGenerator<string[][]> {
  const { table, cells } = x;
  let lines: string[][] = [];
  let n = 0;
  for (const at of cellPositions(x)) {
    const measure = table.measures[at[at.length - 1]!]!;
    const value = fixed(valueAt(cells, n), measure.decimals);
    lines.push([
      ...table.dimensions.flatMap((d, i) => {
        const v = d.values[at[i]!]!;
        return [neutralise(v.code), neutralise(v.label)];
      }),
      neutralise(measure.label),
      neutralise(measure.unit),
      frenchNumbers ? value.replace('.', ',') : value,
      statusAt(cells, n),
      neutralise(labelIn(cells.notes[n], lang)),
    ]);
    n++;
    if (lines.length === cellsPerChunk) {
      yield lines;
      lines = [];
      await nextTurn();
    }
  }
  if (lines.length > 0) yield lines;
}

async function* csvChunks(x: Extract, lang: Locale, french: boolean): AsyncGenerator<string> {
  const options = french ? { delimiter: ';', record_delimiter: '\r\n' } : { record_delimiter: '\r\n' };
  yield (french ? '\uFEFF' : '') + stringify([tidyHeader(x.table, lang)], options);
  for await (const lines of tidyLines(x, lang, french)) yield stringify(lines, options);
}

/** The measures' dimension in JSON-stat and SDMX-CSV: `MEASURE`, or `MEASURE_` when a dimension has that code. */
export const measureDimension = (table: Pick<TableView, 'dimensions'>) =>
  table.dimensions.some((d) => d.code === 'MEASURE') ? 'MEASURE_' : 'MEASURE';

/**
 * The JSON-stat 2.0 dataset of a selection (every label in `lang`), in pieces: everything but
 * `value` and `status` is small and written at once; those two, a million entries each at most,
 * `cellsPerChunk` at a time. The text is the one `JSON.stringify` would give of the whole object.
 * Units where JSON-stat puts them (`category.unit` of the metric dimension: label, decimals), their
 * SDMX codes in the dimension's `extension.unit` (`UNIT_MEASURE`, `UNIT_MULT`).
 */
async function* jsonStatChunks(x: Extract, lang: Locale, href?: string): AsyncGenerator<string> {
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
    extension: {
      unit: Object.fromEntries(
        measures.map((m) => [
          m.code,
          { UNIT_MEASURE: m.unitCode, UNIT_MULT: m.unitMult, ...(isUnitCode(m.unitCode) ? { label: unitCodes[m.unitCode][lang] } : {}) },
        ]),
      ),
    },
  };
  const cellNotes = Object.fromEntries(Object.entries(cells.notes).map(([n, note]) => [n, labelIn(note, lang)]));
  const time = table.dimensions.find((d) => d.role === 'time');
  const head = JSON.stringify({
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
  });
  yield `${head.slice(0, -1)},"value":[`;
  const decimals = measures.map((m) => m.decimals);
  for (let from = 0; from < cells.count; from += cellsPerChunk) {
    const to = Math.min(cells.count, from + cellsPerChunk);
    const part: string[] = [];
    for (let n = from; n < to; n++) {
      const v = valueAt(cells, n);
      part.push(v === null ? 'null' : JSON.stringify(Number(v.toFixed(decimals[n % decimals.length]!))));
    }
    yield (from > 0 ? ',' : '') + part.join(',');
    await nextTurn();
  }
  yield ']';
  if (cells.statuses) {
    let first = true;
    for (let from = 0; from < cells.count; from += cellsPerChunk) {
      const to = Math.min(cells.count, from + cellsPerChunk);
      const part: string[] = [];
      for (let n = from; n < to; n++) {
        if (cells.statuses[n] !== 0) part.push(`"${n}":"${statusOfByte(cells.statuses[n]!)}"`);
      }
      if (part.length > 0) {
        yield (first ? ',"status":{' : ',') + part.join(',');
        first = false;
      }
      await nextTurn();
    }
    if (!first) yield '}';
  }
  const extension = JSON.stringify({
    code: table.code,
    version: table.version.number,
    lang,
    statusLabels: Object.fromEntries(cellStatusCodes.map((c) => [c, cellStatusLabels[lang][c]])),
    ...(Object.keys(cellNotes).length > 0 ? { cellNotes } : {}),
  });
  yield `,"extension":${extension}}`;
}

/** The SDMX agency of the files (the series'), and a table's dataflow: `INSSTAT:DF_{CODE}(1.0)`. */
export const sdmxStructureId = (agency: string, code: string) => `${agency}:DF_${code}(1.0)`;

/**
 * SDMX-CSV 2.0: the first columns are STRUCTURE (`dataflow`), STRUCTURE_ID (agency:id(version))
 * and ACTION (`I`, information); then one column per dimension (the time dimension is TIME_PERIOD),
 * the measure, OBS_VALUE, then the attributes OBS_STATUS, UNIT_MEASURE (a CL_UNIT code),
 * UNIT_MULT (CL_UNIT_MULT: the power of ten), DECIMALS. Codes only.
 */
async function* sdmxCsvChunks(x: Extract, agency: string): AsyncGenerator<string> {
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
    'UNIT_MULT',
    'DECIMALS',
  ];
  const options = { record_delimiter: '\r\n' };
  yield stringify([header], options);
  const structureId = sdmxStructureId(agency, table.code);
  let lines: string[][] = [];
  let n = 0;
  for (const at of cellPositions(x)) {
    const measure = table.measures[at[at.length - 1]!]!;
    lines.push([
      'dataflow',
      structureId,
      'I',
      ...table.dimensions.map((d, i) => d.values[at[i]!]!.code),
      measure.code,
      fixed(valueAt(cells, n), measure.decimals),
      statusAt(cells, n),
      measure.unitCode,
      String(measure.unitMult),
      String(measure.decimals),
    ]);
    n++;
    if (lines.length === cellsPerChunk) {
      yield stringify(lines, options);
      lines = [];
      await nextTurn();
    }
  }
  if (lines.length > 0) yield stringify(lines, options);
}

const numFmt = (decimals: number) => (decimals > 0 ? `0.${'0'.repeat(decimals)}` : '0');

/**
 * XLSX: a Data sheet (one line per cell: codes and labels of each dimension, measure, unit, the
 * value as a real number in the measure's format, its status and its note, also attached to the
 * value as an Excel note), and a Notes sheet (the table, its version, its notes, the dimensions'
 * and values' notes, the cells' notes, the statuses' legend). Written by exceljs's streaming writer:
 * each line is committed (turned into XML and zipped) as it is made, and what the zip gave out
 * is handed on after every `cellsPerChunk` lines.
 */
async function* xlsxChunks(x: Extract, lang: Locale): AsyncGenerator<Uint8Array> {
  const t = messages(lang).tables.file;
  const { table, cells } = x;
  const out = new PassThrough();
  const zipped: Buffer[] = [];
  let failure: unknown = null;
  out.on('data', (chunk: Buffer) => zipped.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  ended.catch((e: unknown) => (failure = e));
  const take = () => {
    if (failure) throw failure;
    const chunk = Buffer.concat(zipped.splice(0));
    return new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  };
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  try {
    book.creator = 'Institut national de la statistique';
    const data = book.addWorksheet(t.sheetData, { views: [{ state: 'frozen', ySplit: 1 }] });
    const width = table.dimensions.length * 2 + 5;
    data.columns = Array.from({ length: width }, (_, i) => ({ width: i < table.dimensions.length * 2 ? 16 : 12 }));
    const header = data.addRow(tidyHeader(table, lang));
    header.font = { bold: true };
    header.commit();
    const valueColumn = table.dimensions.length * 2 + 3;
    let n = 0;
    for (const at of cellPositions(x)) {
      const measure = table.measures[at[at.length - 1]!]!;
      const value = valueAt(cells, n);
      const note = labelIn(cells.notes[n], lang);
      const row = data.addRow([
        ...table.dimensions.flatMap((d, i) => {
          const v = d.values[at[i]!]!;
          return [neutralise(v.code), neutralise(v.label)];
        }),
        neutralise(measure.label),
        neutralise(measure.unit),
        value === null ? null : Number(value.toFixed(measure.decimals)),
        statusAt(cells, n),
        neutralise(note),
      ]);
      const cell = row.getCell(valueColumn);
      cell.numFmt = numFmt(measure.decimals);
      if (note) cell.note = note;
      row.commit();
      n++;
      // The zip compresses on the thread pool: a turn lets it give out what it has, and readers in.
      if (n % xlsxLinesPerTurn === 0) await nextTurn();
      if (n % cellsPerChunk === 0) yield take();
    }
    await data.commit();

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
    for (const note of table.notes) notes.addRow(['', neutralise(note)]);
    notes.addRow([]);
    heading(t.dimensionNotes);
    for (const d of table.dimensions) {
      if (d.note) notes.addRow([neutralise(d.label), neutralise(d.note)]);
      for (const v of d.values) if (v.note) notes.addRow([neutralise(`${d.label} : ${v.label}`), neutralise(v.note)]);
    }
    notes.addRow([]);
    heading(t.cellNotes);
    for (const [k, note] of Object.entries(cells.notes)) {
      notes.addRow([
        `${t.cell} ${valueColumn > 26 ? '' : String.fromCharCode(64 + valueColumn)}${Number(k) + 2}`,
        neutralise(labelIn(note, lang)),
      ]);
    }
    notes.addRow([]);
    heading(t.statuses);
    for (const c of cellStatusCodes)
      notes.addRow([`${c}${cellStatusMarker[c] ? ` (${cellStatusMarker[c]})` : ''}`, cellStatusLabels[lang][c]]);
    await notes.commit();
    await book.commit();
    await ended;
    yield take();
  } finally {
    // A client gone mid-file: the zip is dropped with what it still held.
    if (!out.readableEnded) out.destroy();
  }
}

const encoder = new TextEncoder();

/** The file of `format` for a selection, as chunks of bytes made one after the other. */
export async function* tableChunks(
  x: Extract,
  format: TableFormat,
  lang: Locale,
  options: { agency: string; href?: string },
): AsyncGenerator<Uint8Array> {
  const source =
    format === 'xlsx'
      ? xlsxChunks(x, lang)
      : format === 'csv' || format === 'csv-fr'
        ? csvChunks(x, lang, format === 'csv-fr')
        : format === 'sdmx-csv'
          ? sdmxCsvChunks(x, options.agency)
          : jsonStatChunks(x, lang, options.href);
  for await (const chunk of source) {
    const bytes = typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
    if (bytes.byteLength > 0) yield bytes;
  }
}

/**
 * Chunks as a byte stream that asks for the next one only when the reader took the last (a pull
 * stream: back-pressure from the socket to the writer). `done` runs once, when the stream ends,
 * fails or is cancelled by the client.
 */
export function chunkStream(chunks: AsyncGenerator<Uint8Array>, done: () => void = () => {}): ReadableStream<Uint8Array> {
  let finished = false;
  const finish = () => {
    if (!finished) {
      finished = true;
      done();
    }
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const next = await chunks.next();
          if (next.done) {
            finish();
            controller.close();
          } else controller.enqueue(next.value);
        } catch (e) {
          finish();
          controller.error(e);
        }
      },
      async cancel() {
        finish();
        await chunks.return(undefined);
      },
    },
    { highWaterMark: 1 },
  );
}

/** The whole file of `format` for a selection, in memory: small selections, and tests. */
export async function renderTable(x: Extract, format: TableFormat, lang: Locale, options: { agency: string; href?: string }) {
  const parts: Uint8Array[] = [];
  for await (const chunk of tableChunks(x, format, lang, options)) parts.push(chunk);
  const bytes = Buffer.concat(parts);
  return format === 'xlsx' ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) : bytes.toString('utf8');
}
