/**
 * Reading a tidy file of cells: CSV (French: `;` and decimal comma; English: `,` and decimal point)
 * or XLSX (first sheet), one line per cell, one column per dimension (its header is the dimension's
 * code), a `valeur` column and optionally `statut` and `note` (`note_en`) columns. Labels may come
 * in `REGION:fr` / `REGION:en` columns; otherwise a table's existing version gives them for the
 * codes it knows (and its order of values and dimensions), and a new code is its own label. Cells
 * the file does not list are missing (status `O`). Parsed by csv-parse and exceljs, a line at a
 * time (a million lines never become a million arrays). Pure: bytes in, cells or French errors out.
 */
import { guessUnit } from '../units';
import type ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { statusByte } from '../cells';
import {
  cellStatusCodes,
  codePattern,
  isCellStatus,
  isMissingStatus,
  maxCells,
  structureRefusal,
  type CellNotes,
  type Dimension,
  type Labels,
  type Measure,
  type TableStructure,
} from '../model';
import { sdmxPeriod } from './px';
import { codeFromName, ErrorList, refused, type ParsedTable } from './result';

/** What the reader may know beforehand: the table's current structure, and the measure's unit and decimals chosen in the form. */
export type TidyOptions = {
  previous?: TableStructure | null;
  measure?: Partial<Pick<Measure, 'unit' | 'unitCode' | 'unitMult' | 'decimals'>>;
};

type Cell = string | number | Date | { formula: true } | null;
type Convention = 'fr' | 'en' | 'xlsx';

const normalize = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();

const valueNames = new Set(['valeur', 'value', 'obs_value', 'valeurs']);
const statusNames = new Set(['statut', 'status', 'obs_status']);
const noteNames = new Set(['note', 'note_fr', 'notes']);
const noteEnNames = new Set(['note_en']);
const timeNames = new Set(['annee', 'periode', 'time_period', 'temps', 'mois', 'trimestre', 'year', 'period', 'date', 'time']);

const isZip = (b: Uint8Array) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/** Reads a tidy CSV or XLSX file (`filename` tells XLSX apart when its bytes do not) into a version's cells, or its refused lines. */
export async function parseTidy(input: { bytes: Uint8Array; filename: string }, options: TidyOptions = {}): Promise<ParsedTable> {
  const { bytes, filename } = input;
  if (bytes.length === 0) return refused('csv-fr', 'Le fichier est vide.');
  const reader = new TidyReader(options);
  if (isZip(bytes) || /\.xlsx$/i.test(filename)) {
    // Loaded only for a workbook: it is the heaviest of the readers to load (the worker loads it per XLSX file).
    const { default: Excel } = await import('exceljs');
    const book = new Excel.Workbook();
    try {
      await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    } catch {
      return refused('xlsx', 'Fichier XLSX illisible (incomplet ou abîmé) : enregistrez-le à nouveau depuis le tableur et réessayez.');
    }
    const ws = book.worksheets[0];
    if (!ws) return refused('xlsx', 'Le classeur ne contient aucune feuille.');
    reader.convention = 'xlsx';
    ws.eachRow({ includeEmpty: false }, (row, line) => {
      const cells: Cell[] = [];
      for (let c = 1; c <= row.cellCount; c++) cells.push(xlsxCell(row.getCell(c).value));
      reader.row(line, cells);
    });
    return reader.finish('xlsx');
  }
  if (bytes.subarray(0, 4096).includes(0)) return refused('csv-fr', 'Format non reconnu : envoyez un fichier PX, CSV ou XLSX.');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Excel in French still often writes Windows-1252.
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  text = text.replace(/^\uFEFF/, '');
  const firstLine = text.slice(0, Math.max(0, text.search(/\r?\n|$/)));
  const delimiter = firstLine.includes(';') ? ';' : firstLine.includes('\t') ? '\t' : ',';
  reader.convention = delimiter === ',' ? 'en' : 'fr';
  const format = delimiter === ',' ? 'csv-en' : 'csv-fr';
  try {
    parse(text, {
      delimiter,
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      // Each record is read as it comes and dropped (returning null keeps nothing).
      on_record: (record: string[], context: { lines: number }) => {
        reader.row(
          context.lines,
          record.map((c) => (c.trim() === '' ? null : c.trim())),
        );
        return null;
      },
    });
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    return refused(
      format,
      `Fichier CSV illisible${line ? ` à la ligne ${line}` : ''} : vérifiez les guillemets et le séparateur.`,
      line ?? 0,
    );
  }
  return reader.finish(format);
}

function xlsxCell(v: ExcelJS.CellValue): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number' || v instanceof Date) return v;
  if (typeof v === 'string') return v.trim() || null;
  if (typeof v === 'boolean') return String(v);
  if (typeof v === 'object' && ('formula' in v || 'sharedFormula' in v)) return { formula: true };
  if (typeof v === 'object' && 'richText' in v)
    return (
      v.richText
        .map((t) => t.text)
        .join('')
        .trim() || null
    );
  return String((v as { text?: string }).text ?? '') || null;
}

const textOf = (cell: Cell): string | null =>
  cell === null
    ? null
    : typeof cell === 'string'
      ? cell
      : typeof cell === 'number'
        ? String(cell)
        : cell instanceof Date
          ? cell.toISOString().slice(0, 10)
          : null;

/** The columns of the header. */
type Columns = {
  dims: { column: number; code: string; header: string; time: boolean }[];
  value: number;
  status: number | null;
  note: number | null;
  noteEn: number | null;
  labels: Map<string, { fr?: number; en?: number }>;
};

/** Growable typed arrays of the lines read: per dimension the value's first-seen index, then value, status, line. */
class TidyReader {
  convention: Convention = 'fr';
  private columns: Columns | null = null;
  private headerError: string | null = null;
  readonly errors = new ErrorList();
  /** Per dimension: code → first-seen index, and the codes in first-seen order. */
  private seen: Map<string, number>[] = [];
  private codes: string[][] = [];
  private labels: Map<string, Labels>[] = [];
  private rows = 0;
  private dimIndex: Int32Array[] = [];
  private values = new Float64Array(1024);
  private statuses = new Uint8Array(1024);
  private lines = new Int32Array(1024);
  private notes = new Map<number, Labels>();
  private maxDecimals = 0;

  constructor(private readonly options: TidyOptions) {}

  row(line: number, cells: Cell[]) {
    if (cells.every((c) => c === null)) return;
    if (!this.columns) {
      if (!this.headerError) this.header(cells);
      return;
    }
    if (this.headerError) return;
    const cols = this.columns;
    const at = this.rows;
    if (at >= this.values.length) this.grow();
    let ok = true;
    for (let d = 0; d < cols.dims.length; d++) {
      const dim = cols.dims[d]!;
      const cell = cells[dim.column] ?? null;
      if (cell !== null && typeof cell === 'object' && 'formula' in cell) {
        this.errors.add(
          line,
          `Ligne ${line} : la colonne « ${dim.header} » contient une formule : enregistrez les valeurs, pas les formules.`,
        );
        ok = false;
        continue;
      }
      let code = textOf(cell);
      if (code === null) {
        this.errors.add(line, `Ligne ${line} : la colonne « ${dim.header} » est vide.`);
        ok = false;
        continue;
      }
      if (dim.time) {
        const period = typeof cell === 'number' && Number.isInteger(cell) ? String(cell) : sdmxPeriod(code);
        if (!period) {
          this.errors.add(
            line,
            `Ligne ${line} : « ${code.slice(0, 20)} » n’est pas une période (attendu 2026, 2026-Q3, 2026-S1 ou 2026-10).`,
          );
          ok = false;
          continue;
        }
        code = period;
      } else if (code.length > 60) {
        this.errors.add(line, `Ligne ${line} : le code « ${code.slice(0, 30)}… » de « ${dim.header} » dépasse 60 caractères.`);
        ok = false;
        continue;
      }
      const seen = this.seen[d]!;
      let index = seen.get(code);
      if (index === undefined) {
        if (seen.size >= 100_000) {
          this.errors.add(line, `Ligne ${line} : « ${dim.header} » a plus de 100 000 valeurs différentes.`);
          ok = false;
          continue;
        }
        index = seen.size;
        seen.set(code, index);
        this.codes[d]!.push(code);
        const label = cols.labels.get(dim.code);
        if (label) {
          const fr = label.fr !== undefined ? textOf(cells[label.fr] ?? null) : null;
          const en = label.en !== undefined ? textOf(cells[label.en] ?? null) : null;
          if (fr || en) this.labels[d]!.set(code, en ? { fr: fr ?? code, en } : { fr: fr ?? code });
        }
      }
      this.dimIndex[d]![at] = index;
    }
    const statusText = cols.status !== null ? textOf(cells[cols.status] ?? null) : null;
    let status = statusText === null ? null : statusText.trim().toUpperCase();
    if (status !== null && !isCellStatus(status)) {
      this.errors.add(
        line,
        `Ligne ${line} : statut inconnu « ${statusText!.slice(0, 10)} » (codes admis : ${cellStatusCodes.join(', ')}).`,
      );
      ok = false;
      status = null;
    }
    const value = this.number(line, cells[cols.value] ?? null);
    if (value === undefined) ok = false;
    else if (value === null) {
      if (status !== null && status !== 'A' && !isMissingStatus(status as 'O')) {
        this.errors.add(line, `Ligne ${line} : une valeur manquante prend le statut O (manquante) ou M (néant), pas « ${status} ».`);
        ok = false;
      }
    } else if (status !== null && isMissingStatus(status as 'O')) {
      this.errors.add(line, `Ligne ${line} : le statut « ${status} » est celui d’une valeur manquante, or la valeur est ${value}.`);
      ok = false;
    }
    if (!ok) return;
    this.values[at] = value ?? NaN;
    // A missing value is `M` (nil) when the file says so, or writes « - »; `O` otherwise.
    const nil = status === 'M' || (status === null && textOf(cells[cols.value] ?? null)?.trim() === '-');
    this.statuses[at] = statusByte(value === null ? (nil ? 'M' : 'O') : ((status ?? 'A') as 'A'));
    this.lines[at] = line;
    const fr = cols.note !== null ? textOf(cells[cols.note] ?? null) : null;
    const en = cols.noteEn !== null ? textOf(cells[cols.noteEn] ?? null) : null;
    if (fr || en) this.notes.set(at, en ? { fr: fr ?? en, en } : { fr: fr! });
    this.rows++;
  }

  /** A number in the file's convention (null: a missing value; undefined: refused, the error added). */
  private number(line: number, cell: Cell): number | null | undefined {
    if (typeof cell === 'number') {
      this.noteDecimals(String(cell));
      return cell;
    }
    if (cell !== null && typeof cell === 'object' && 'formula' in cell) {
      this.errors.add(line, `Ligne ${line} : la valeur est une formule : enregistrez les valeurs, pas les formules.`);
      return undefined;
    }
    const text = textOf(cell);
    if (text === null) return null;
    const t = text.replace(/[\u00a0\u202f]/g, ' ').trim();
    if (/^(\.{1,6}|-|n\.?d\.?|na)$/i.test(t)) return null;
    if (this.convention === 'en') {
      if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(t) || /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(t)) return this.noteDecimals(t.replace(/,/g, ''));
      if (/^-?\d+,\d+$/.test(t)) {
        this.errors.add(
          line,
          `Ligne ${line} : « ${text} » : dans un fichier à virgule, le point sépare les décimales (par exemple 1234.5).`,
        );
        return undefined;
      }
    } else {
      if (/^-?\d{1,3}( \d{3})+(,\d+)?$/.test(t) || /^-?\d+(,\d+)?$/.test(t))
        return this.noteDecimals(t.replace(/ /g, '').replace(',', '.'));
      if (/^-?\d+\.\d+$/.test(t)) return this.noteDecimals(t);
    }
    this.errors.add(
      line,
      `Ligne ${line} : « ${text.slice(0, 30)} » n’est pas un nombre (exemples : 1 234,5 ou .. pour une valeur manquante).`,
    );
    return undefined;
  }

  private noteDecimals(text: string): number {
    const dot = text.indexOf('.');
    if (dot >= 0 && !/e/i.test(text)) this.maxDecimals = Math.max(this.maxDecimals, Math.min(6, text.length - dot - 1));
    return Number(text);
  }

  private grow() {
    const size = this.values.length * 2;
    const grown = <T extends Float64Array | Uint8Array | Int32Array>(a: T, make: (n: number) => T) => {
      const b = make(size);
      b.set(a);
      return b;
    };
    this.values = grown(this.values, (n) => new Float64Array(n));
    this.statuses = grown(this.statuses, (n) => new Uint8Array(n));
    this.lines = grown(this.lines, (n) => new Int32Array(n));
    this.dimIndex = this.dimIndex.map((a) => grown(a, (n) => new Int32Array(n)));
  }

  private header(cells: Cell[]) {
    const headers = cells.map((c) => textOf(c)?.trim() ?? '');
    const cols: Columns = { dims: [], value: -1, status: null, note: null, noteEn: null, labels: new Map() };
    const labelColumns: { column: number; dim: string; lang: 'fr' | 'en' }[] = [];
    headers.forEach((h, column) => {
      const n = normalize(h);
      if (h === '') return;
      if (valueNames.has(n)) cols.value = column;
      else if (statusNames.has(n)) cols.status = column;
      else if (noteNames.has(n)) cols.note = column;
      else if (noteEnNames.has(n)) cols.noteEn = column;
      else if (/^(.+):(fr|en|libelle|label|libelle_en|label_en)$/i.test(h)) {
        const m = /^(.+):(.+)$/.exec(h)!;
        labelColumns.push({ column, dim: m[1]!.trim(), lang: /en$/i.test(m[2]!) ? 'en' : 'fr' });
      } else {
        const code = codePattern.test(h) ? h : codeFromName(h);
        cols.dims.push({ column, code, header: h, time: false });
      }
    });
    if (cols.value < 0) {
      this.headerError = 'Colonne des valeurs introuvable : nommez-la « valeur » (ou value, OBS_VALUE) dans la première ligne.';
      return;
    }
    if (cols.dims.length === 0) {
      this.headerError = 'Aucune colonne de dimension : une colonne par dimension (région, sexe, année…) précède la valeur.';
      return;
    }
    const codes = new Set<string>();
    for (const d of cols.dims) {
      if (codes.has(d.code)) {
        this.headerError = `Deux colonnes ont le même nom de dimension : « ${d.header} ».`;
        return;
      }
      codes.add(d.code);
    }
    const previousTime = this.options.previous?.dimensions.find((d) => d.role === 'time')?.code;
    const time = cols.dims.filter((d) => d.code === previousTime || timeNames.has(normalize(d.header)));
    if (time.length !== 1) {
      this.headerError =
        time.length === 0
          ? 'Aucune colonne de temps : nommez « annee », « periode » ou « TIME_PERIOD » la colonne des années, trimestres ou mois.'
          : `Plusieurs colonnes de temps (${time.map((t) => t.header).join(', ')}) : une seule dimension est le temps.`;
      return;
    }
    time[0]!.time = true;
    for (const l of labelColumns) {
      const dim = cols.dims.find((d) => d.header === l.dim || d.code === l.dim);
      if (!dim) {
        this.headerError = `La colonne « ${headers[l.column]} » donne des libellés d’une dimension absente (« ${l.dim} »).`;
        return;
      }
      cols.labels.set(dim.code, { ...cols.labels.get(dim.code), [l.lang]: l.column });
    }
    this.columns = cols;
    this.seen = cols.dims.map(() => new Map());
    this.codes = cols.dims.map(() => []);
    this.labels = cols.dims.map(() => new Map());
    this.dimIndex = cols.dims.map(() => new Int32Array(this.values.length));
  }

  finish(format: ParsedTable['format']): ParsedTable {
    if (this.headerError) return refused(format, this.headerError, 1);
    if (!this.columns) return refused(format, 'Le fichier est vide.');
    if (this.rows === 0 && this.errors.size === 0)
      return refused(format, 'Le fichier ne contient que son en-tête : aucune cellule à importer.');
    if (this.errors.size > 0) return { format, payload: null, errors: this.errors.done(), warnings: [], meta: {}, languages: ['fr'] };
    const cols = this.columns;
    const previous = this.options.previous ?? null;
    const warnings: string[] = [];
    // Dimensions in the previous version's order when the file has the same ones, else the file's.
    let order = cols.dims.map((_, d) => d);
    if (
      previous &&
      previous.dimensions.length === cols.dims.length &&
      previous.dimensions.every((p) => cols.dims.some((d) => d.code === p.code))
    ) {
      order = previous.dimensions.map((p) => cols.dims.findIndex((d) => d.code === p.code));
    }
    const dimensions: Dimension[] = [];
    /** Per file dimension: first-seen index → position in the structure. */
    const position: Int32Array[] = cols.dims.map(() => new Int32Array(0));
    for (const d of order) {
      const col = cols.dims[d]!;
      const before = previous?.dimensions.find((p) => p.code === col.code);
      const known = new Map(before?.values.map((v, i) => [v.code, i]) ?? []);
      const codes = this.codes[d]!;
      let sorted: string[];
      if (col.time) sorted = [...codes].sort(comparePeriods);
      else {
        // Known codes in their old order, then new ones as the file met them.
        const rankOf = (c: string) => known.get(c) ?? known.size + this.seen[d]!.get(c)!;
        sorted = [...codes].sort((a, b) => rankOf(a) - rankOf(b));
      }
      const rank = new Map(sorted.map((c, i) => [c, i]));
      position[d] = Int32Array.from(codes, (c) => rank.get(c)!);
      const valueOf = (code: string) => {
        const old = before?.values[known.get(code) ?? -1];
        const label = this.labels[d]!.get(code) ?? old?.label ?? { fr: code };
        return { code, label, ...(old?.note ? { note: old.note } : {}) };
      };
      dimensions.push({
        code: col.code,
        label: before?.label ?? { fr: col.header },
        role: col.time ? 'time' : 'plain',
        ...(before?.note ? { note: before.note } : {}),
        values: sorted.map(valueOf),
      });
    }
    const oldMeasure = previous?.measures[0];
    const measure: Measure = {
      code: oldMeasure?.code ?? 'VALEUR',
      label: oldMeasure?.label ?? { fr: 'Valeur', en: 'Value' },
      unit: this.options.measure?.unit ?? oldMeasure?.unit ?? { fr: '' },
      decimals: this.options.measure?.decimals ?? oldMeasure?.decimals ?? this.maxDecimals,
    };
    // The codes chosen, else those of a new label, else the previous version's, else read from the label.
    const guessed = guessUnit(measure.unit.fr);
    const kept = this.options.measure?.unit ? undefined : oldMeasure;
    measure.unitCode = this.options.measure?.unitCode ?? kept?.unitCode ?? guessed.code;
    measure.unitMult = this.options.measure?.unitMult ?? kept?.unitMult ?? guessed.mult;
    const structure: TableStructure = { dimensions, measures: [measure], ...(previous?.notes ? { notes: previous.notes } : {}) };
    const refusal = structureRefusal(structure);
    if (refusal) return refused(format, refusal);
    const sizes = dimensions.map((d) => d.values.length);
    const count = sizes.reduce((a, b) => a * b, 1);
    if (count > maxCells)
      return refused(
        format,
        `Le tableau compterait ${count.toLocaleString('fr-FR')} cellules : ${maxCells.toLocaleString('fr-FR')} au plus.`,
      );
    const strides = new Array<number>(sizes.length).fill(1);
    for (let i = sizes.length - 2; i >= 0; i--) strides[i] = strides[i + 1]! * sizes[i + 1]!;
    const values = new Float64Array(count).fill(NaN);
    const statuses = new Uint8Array(count).fill(statusByte('O'));
    const lineOf = new Int32Array(count);
    const notes: CellNotes = {};
    const errors = new ErrorList();
    for (let r = 0; r < this.rows; r++) {
      let index = 0;
      for (let k = 0; k < order.length; k++) {
        const d = order[k]!;
        index += position[d]![this.dimIndex[d]![r]!]! * strides[k]!;
      }
      if (lineOf[index] !== 0) {
        const key = order.map((d, k) => dimensions[k]!.values[position[d]![this.dimIndex[d]![r]!]!]!.code).join(', ');
        errors.add(this.lines[r]!, `Ligne ${this.lines[r]} : la cellule (${key}) figure déjà à la ligne ${lineOf[index]}.`);
        continue;
      }
      lineOf[index] = this.lines[r]!;
      values[index] = this.values[r]!;
      statuses[index] = this.statuses[r]!;
      const note = this.notes.get(r);
      if (note) notes[String(index)] = note;
    }
    if (errors.size > 0) return { format, payload: null, errors: errors.done(), warnings: [], meta: {}, languages: ['fr'] };
    const absent = count - this.rows;
    if (absent > 0) warnings.push(`${absent.toLocaleString('fr-FR')} cellule(s) absente(s) du fichier : sans valeur (statut O).`);
    const english = dimensions.some((d) => d.label.en || d.values.some((v) => v.label.en));
    return {
      format,
      payload: { structure, values, statuses, notes },
      errors: [],
      warnings,
      meta: {},
      languages: english ? ['fr', 'en'] : ['fr'],
    };
  }
}

/** Periods in time order (`2026` < `2026-S1` < `2026-Q1` < `2026-01` only matters within one frequency). */
const comparePeriods = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
