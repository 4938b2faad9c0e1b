/**
 * Reading a file of values: CSV (French: `;` and decimal comma; English: `,` and decimal point) or
 * XLSX (first sheet), long (code, période, valeur, statut) or wide (a period column, one column per
 * series code, optionally `CODE:statut` columns) — parsed by csv-parse and exceljs, never by hand.
 * Every problem is a French message naming its line; the caller writes nothing when there is one.
 */
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { frequencyLabel, isStatusCode, periodOf, periodStart, statusCodes, type Frequency, type StatusCode } from '../model';

/** Larger files are refused before being read (10 Mo: about 400,000 values in a long CSV). */
export const maxImportBytes = 10 * 1024 * 1024;
/** At most this many errors are reported (a wrong file would otherwise list every line). */
const MAX_ERRORS = 500;

export type ImportRow = { line: number; code: string; period: string; value: number; status: StatusCode };
export type ImportError = { line: number; code?: string; message: string };
export type ParsedImport = { layout: 'wide' | 'long'; convention: 'fr' | 'en' | 'xlsx'; rows: ImportRow[]; errors: ImportError[] };
export type KnownSeries = ReadonlyMap<string, { frequency: Frequency; decimals: number }>;

/** A cell as read: text (CSV, or an XLSX text cell), a number, a date, or a formula (XLSX). */
type Cell = string | number | Date | { formula: true } | null;
type Sheet = { convention: ParsedImport['convention']; rows: { line: number; cells: Cell[] }[] };

const fail = (message: string): ParsedImport => ({ layout: 'long', convention: 'fr', rows: [], errors: [{ line: 0, message }] });

const normalize = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();

const isZip = (b: Uint8Array) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

export async function parseSeriesFile(input: { bytes: Uint8Array; filename: string }, known: KnownSeries): Promise<ParsedImport> {
  const { bytes, filename } = input;
  if (bytes.length > maxImportBytes)
    return fail(`Fichier trop volumineux : ${Math.round(maxImportBytes / 1024 / 1024)} Mo au plus. Découpez-le en plusieurs fichiers.`);
  if (bytes.length === 0) return fail('Le fichier est vide.');
  let sheet: Sheet | { error: string };
  if (isZip(bytes) || /\.xlsx$/i.test(filename)) sheet = await readXlsx(bytes);
  else if (/\.(csv|txt)$/i.test(filename) || !bytes.subarray(0, 4096).includes(0)) sheet = readCsv(bytes);
  else return fail('Format non reconnu : envoyez un fichier CSV ou XLSX.');
  if ('error' in sheet) return fail(sheet.error);
  const [header, ...data] = sheet.rows.filter((r) => r.cells.some((c) => c !== null && c !== ''));
  if (!header) return fail('Le fichier est vide.');
  if (data.length === 0) return fail('Le fichier ne contient que son en-tête : aucune valeur à importer.');
  return read(sheet.convention, header, data, known);
}

function readCsv(bytes: Uint8Array): Sheet | { error: string } {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Excel in French still often writes Windows-1252.
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  text = text.replace(/^\uFEFF/, '');
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = firstLine.includes(';') ? ';' : firstLine.includes('\t') ? '\t' : ',';
  try {
    // With `info`, csv-parse returns { record, info } objects (its types only describe plain records).
    const raw: unknown[] = parse(text, {
      delimiter,
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      info: true,
    });
    const records = raw as { record: string[]; info: { lines: number } }[];
    return {
      convention: delimiter === ',' ? 'en' : 'fr',
      rows: records.map(({ record, info }) => ({ line: info.lines, cells: record.map((c) => (c.trim() === '' ? null : c.trim())) })),
    };
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    return { error: `Fichier CSV illisible${line ? ` à la ligne ${line}` : ''} : vérifiez les guillemets et le séparateur.` };
  }
}

async function readXlsx(bytes: Uint8Array): Promise<Sheet | { error: string }> {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  } catch {
    return { error: 'Fichier XLSX illisible (incomplet ou abîmé) : enregistrez-le à nouveau depuis le tableur et réessayez.' };
  }
  const ws = book.worksheets[0];
  if (!ws) return { error: 'Le classeur ne contient aucune feuille.' };
  const rows: Sheet['rows'] = [];
  ws.eachRow({ includeEmpty: false }, (row, line) => {
    const cells: Cell[] = [];
    for (let c = 1; c <= row.cellCount; c++) {
      const v = row.getCell(c).value;
      if (v === null || v === undefined) cells.push(null);
      else if (typeof v === 'number' || typeof v === 'string' || v instanceof Date)
        cells.push(typeof v === 'string' ? v.trim() || null : v);
      else if (typeof v === 'object' && ('formula' in v || 'sharedFormula' in v)) cells.push({ formula: true });
      else if (typeof v === 'object' && 'richText' in v)
        cells.push(
          v.richText
            .map((t) => t.text)
            .join('')
            .trim() || null,
        );
      else if (typeof v === 'boolean') cells.push(String(v));
      else cells.push(String((v as { text?: string }).text ?? ''));
    }
    rows.push({ line, cells });
  });
  return { convention: 'xlsx', rows };
}

// ─── Cells ───────────────────────────────────────────────────────────────────────────────────

const looksLikeFormula = (text: string) => /^[=+@]/.test(text) || (/^-/.test(text) && !/^-\s*\d/.test(text));

function textOf(cell: Cell): string | null {
  if (cell === null) return null;
  if (typeof cell === 'string') return cell;
  if (typeof cell === 'number') return String(cell);
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return null;
}

type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/** A number in the file's convention; a wrong-convention separator is an error, not a guess. */
function numberOf(cell: Cell, convention: ParsedImport['convention']): Parsed<number> {
  if (typeof cell === 'number')
    return Number.isFinite(cell) ? { ok: true, value: cell } : { ok: false, message: 'valeur numérique invalide' };
  if (cell !== null && typeof cell === 'object' && 'formula' in cell)
    return { ok: false, message: 'la cellule contient une formule : collez-y la valeur seule' };
  const text = textOf(cell);
  if (text === null) return { ok: false, message: 'valeur manquante' };
  const t = text.replace(/[\u00a0\u202f]/g, ' ').trim();
  if (/^[=+@]/.test(t))
    return { ok: false, message: `« ${text.slice(0, 40)} » ressemble à une formule : seules des valeurs sont importées` };
  if (convention === 'fr' || convention === 'xlsx') {
    if (/^-?\d{1,3}( \d{3})+(,\d+)?$/.test(t) || /^-?\d+(,\d+)?$/.test(t))
      return { ok: true, value: Number(t.replace(/ /g, '').replace(',', '.')) };
    if (convention === 'xlsx' && /^-?\d+\.\d+$/.test(t)) return { ok: true, value: Number(t) };
    if (/^-?\d{1,3}([.,]\d{3})+([.,]\d+)?$/.test(t) || /^-?\d+\.\d+$/.test(t)) {
      return {
        ok: false,
        message:
          `« ${text} » : dans un fichier à point-virgule, la virgule sépare ` +
          'les décimales et l’espace les milliers (par exemple 1 234,5)',
      };
    }
  } else {
    if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(t) || /^-?\d+(\.\d+)?$/.test(t)) return { ok: true, value: Number(t.replace(/,/g, '')) };
    if (/^-?\d+,\d+$/.test(t) || /^-?\d{1,3}( \d{3})+([.,]\d+)?$/.test(t) || /^-?\d{1,3}(\.\d{3})+(,\d+)?$/.test(t)) {
      return {
        ok: false,
        message: `« ${text} » : dans un fichier à virgule, le point sépare les décimales et la virgule les milliers (par exemple 1,234.5)`,
      };
    }
  }
  return { ok: false, message: `« ${text.slice(0, 40)} » n’est pas un nombre` };
}

const periodExample: Record<Frequency, string> = {
  monthly: 'AAAA-MM, par exemple 2026-10',
  quarterly: 'AAAA-Tn, par exemple 2026-Q3',
  annual: 'AAAA, par exemple 2026',
};

/** A period of the series' frequency, as its first day. */
function periodFor(cell: Cell, frequency: Frequency): Parsed<string> {
  if (cell !== null && typeof cell === 'object' && 'formula' in cell)
    return { ok: false, message: 'la cellule de la période contient une formule' };
  const text = cell instanceof Date ? cell.toISOString().slice(0, 10) : textOf(cell);
  if (!text) return { ok: false, message: 'période manquante' };
  let start = periodStart(text, frequency);
  // A first day (2026-10-01), as dates in a spreadsheet are: accepted when it starts a period.
  if (!start && /^\d{4}-\d{2}-\d{2}$/.test(text)) {
    const candidate = periodStart(periodOf(text, frequency), frequency);
    if (candidate === text) start = candidate;
  }
  return start
    ? { ok: true, value: start }
    : {
        ok: false,
        message: `« ${text.slice(0, 20)} » n’est pas une période ${frequencyLabel[frequency]} (attendu ${periodExample[frequency]})`,
      };
}

function statusOf(cell: Cell): Parsed<StatusCode> {
  const text = textOf(cell);
  if (text === null) return { ok: true, value: 'A' };
  const code = text.trim().toUpperCase();
  return isStatusCode(code)
    ? { ok: true, value: code }
    : { ok: false, message: `statut « ${text.slice(0, 20)} » inconnu (codes admis : ${statusCodes.join(', ')})` };
}

// ─── Layouts ─────────────────────────────────────────────────────────────────────────────────

const headerNames = {
  code: ['code', 'serie', 'series', 'indicator', 'indicateur'],
  period: ['periode', 'period', 'time_period', 'date'],
  value: ['valeur', 'value', 'obs_value'],
  status: ['statut', 'status', 'obs_status'],
};
const statusColumn = /^([A-Z][A-Z0-9_]{1,39})\s*(?::|_|\()\s*(statut|status)\)?$/i;

function read(
  convention: ParsedImport['convention'],
  header: Sheet['rows'][number],
  data: Sheet['rows'],
  known: KnownSeries,
): ParsedImport {
  const names = header.cells.map((c) => normalize(textOf(c) ?? ''));
  const find = (options: string[]) => names.findIndex((n) => options.includes(n));
  const errors: ImportError[] = [];
  const rows: ImportRow[] = [];
  const seen = new Map<string, number>();
  const error = (line: number, message: string, code?: string) => {
    if (errors.length < MAX_ERRORS) errors.push({ line, code, message: `Ligne ${line} : ${message}.` });
  };
  for (const cell of header.cells) {
    const t = textOf(cell);
    if (t && looksLikeFormula(t)) error(header.line, `l’en-tête « ${t.slice(0, 40)} » ressemble à une formule`);
    if (cell !== null && typeof cell === 'object' && 'formula' in cell) error(header.line, 'une cellule de l’en-tête contient une formule');
  }
  const add = (line: number, code: string, periodCell: Cell, valueCell: Cell, statusCell: Cell) => {
    const series = known.get(code);
    if (!series)
      return error(line, `série « ${code.slice(0, 40)} » inconnue : créez-la d’abord dans le back-office, ou corrigez le code`, code);
    const period = periodFor(periodCell, series.frequency);
    if (!period.ok) return error(line, period.message, code);
    const value = numberOf(valueCell, convention);
    if (!value.ok) return error(line, value.message, code);
    const status = statusOf(statusCell);
    if (!status.ok) return error(line, status.message, code);
    const key = `${code}|${period.value}`;
    const first = seen.get(key);
    if (first !== undefined)
      return error(line, `période ${periodOf(period.value, series.frequency)} de ${code} en double (déjà ligne ${first})`, code);
    seen.set(key, line);
    rows.push({ line, code, period: period.value, value: Math.round(value.value * 10_000) / 10_000, status: status.value });
  };

  const [code, period, value, status] = [
    find(headerNames.code),
    find(headerNames.period),
    find(headerNames.value),
    find(headerNames.status),
  ];
  if (code >= 0 && period >= 0 && value >= 0) {
    for (const { line, cells } of data) {
      const codeCell = cells[code] ?? null;
      if (codeCell !== null && typeof codeCell === 'object' && 'formula' in codeCell) {
        error(line, 'la cellule du code contient une formule');
        continue;
      }
      const codeText = textOf(codeCell)?.trim() ?? '';
      if (!codeText) {
        error(line, 'code de série manquant');
        continue;
      }
      if (looksLikeFormula(codeText)) {
        error(line, `« ${codeText.slice(0, 40)} » ressemble à une formule : seuls des codes de série sont admis`);
        continue;
      }
      add(line, codeText.toUpperCase(), cells[period] ?? null, cells[value] ?? null, status >= 0 ? (cells[status] ?? null) : null);
    }
    return { layout: 'long', convention, rows, errors };
  }

  // Wide: the first column is the period, every other one a series code (or a code's status).
  const columns: { index: number; code: string; status?: number }[] = [];
  const statusIndex = new Map<string, number>();
  header.cells.forEach((cell, index) => {
    if (index === 0) return;
    const t = textOf(cell)?.trim() ?? '';
    const s = statusColumn.exec(t);
    if (s) statusIndex.set(s[1]!.toUpperCase(), index);
  });
  header.cells.forEach((cell, index) => {
    if (index === 0) return;
    const t = textOf(cell)?.trim() ?? '';
    if (!t || statusColumn.test(t) || looksLikeFormula(t)) return;
    const c = t.toUpperCase();
    columns.push({ index, code: c, status: statusIndex.get(c) });
  });
  if (columns.length === 0) {
    error(
      header.line,
      'en-tête non reconnu : attendu « code ; période ; valeur ; ' +
        'statut » (format long) ou « période » suivi des codes des séries (format large)',
    );
    return { layout: 'wide', convention, rows, errors };
  }
  for (const col of columns)
    if (!known.has(col.code))
      error(
        header.line,
        `série « ${col.code.slice(0, 40)} » inconnue : créez-la d’abord dans le back-office, ou corrigez le code`,
        col.code,
      );
  const knownColumns = columns.filter((c) => known.has(c.code));
  for (const { line, cells } of data) {
    for (const col of knownColumns) {
      const cell = cells[col.index] ?? null;
      if (cell === null) continue;
      add(line, col.code, cells[0] ?? null, cell, col.status !== undefined ? (cells[col.status] ?? null) : null);
    }
  }
  return { layout: 'wide', convention, rows, errors };
}
