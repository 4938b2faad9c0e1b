/**
 * The HTML table of a selection (pure): the dimensions the reader put in rows and in columns, each
 * with the selected values, header rows with their spans, and one body row per combination of
 * the row dimensions. With more than one measure selected, the measures are the innermost column
 * level. Every cell knows its status and note, so the page marks them and lists the legend.
 */
import { cellStatusMarker, isMissingStatus, labelIn, type CellStatus } from '../model';
import type { Locale } from '@/lib/i18n/locales';
import type { SelectedCells, TableView } from '../queries';

export type HeaderCell = { label: string; code: string; span: number };
export type BodyCell = { value: number | null; decimals: number; status: CellStatus; marker: string; note: number | null };
export type BodyRow = { headers: { label: string; span: number; level: number }[]; cells: BodyCell[] };
export type Pivot = {
  /** Labels of the row dimensions (the corner's headers). */
  rowDimensions: string[];
  /** One header row per column dimension (and the measures), outermost first. */
  columnHeaders: { dimension: string; cells: HeaderCell[] }[];
  rows: BodyRow[];
  /** Cell notes in order of appearance; a cell's `note` is its 1-based number here. */
  notes: string[];
  /** Statuses present, for the legend. */
  statuses: CellStatus[];
  /** Units of the measures shown. */
  units: { label: string; unit: string }[];
};

type Axis = { label: string; values: { code: string; label: string }[]; local: number[]; stride: number };

export function pivot(table: TableView, cells: SelectedCells, layout: { rows: string[]; columns: string[] }, lang: Locale): Pivot {
  // Strides of the selection's own row-major layout.
  const size = cells.size;
  const stride = new Array<number>(size.length).fill(1);
  for (let i = size.length - 2; i >= 0; i--) stride[i] = stride[i + 1]! * size[i + 1]!;
  const axis = (i: number): Axis => {
    const d = table.dimensions[i]!;
    const values = cells.positions[i]!.map((p) => d.values[p]!);
    return { label: d.label, values, local: values.map((_, k) => k), stride: stride[i]! };
  };
  const index = new Map(table.dimensions.map((d, i) => [d.code, i]));
  const rowAxes = layout.rows.map((c) => axis(index.get(c)!));
  const columnAxes = layout.columns.map((c) => axis(index.get(c)!));
  const measures = cells.positions.at(-1)!.map((p) => table.measures[p]!);
  if (measures.length > 1) {
    columnAxes.push({
      label: '',
      values: measures.map((m) => ({ code: m.code, label: `${m.label} (${m.unit})` })),
      local: measures.map((_, k) => k),
      stride: 1,
    });
  }
  const combos = (axes: Axis[]) => {
    let out: number[][] = [[]];
    for (const a of axes) out = out.flatMap((c) => a.local.map((k) => [...c, k]));
    return out;
  };
  const columnCombos = combos(columnAxes);
  const span = (axes: Axis[], level: number) => axes.slice(level + 1).reduce((n, a) => n * a.values.length, 1);
  const columnHeaders = columnAxes.map((a, level) => {
    const repeat = columnAxes.slice(0, level).reduce((n, b) => n * b.values.length, 1);
    const s = span(columnAxes, level);
    const cellsOf = Array.from({ length: repeat }, () => a.values.map((v) => ({ label: v.label, code: v.code, span: s }))).flat();
    return { dimension: a.label, cells: cellsOf };
  });
  const notes: string[] = [];
  const noteNumber = new Map<number, number>();
  const statuses = new Set<CellStatus>();
  const offsetOf = (axes: Axis[], combo: number[]) => combo.reduce((o, k, i) => o + k * axes[i]!.stride, 0);
  const rows: BodyRow[] = combos(rowAxes).map((combo, r) => {
    const headers = combo.flatMap((k, level) => {
      const s = span(rowAxes, level);
      // A row header spans the rows of its inner combinations; it is written on the first of them.
      return r % s === 0 ? [{ label: rowAxes[level]!.values[k]!.label, span: s, level }] : [];
    });
    const base = offsetOf(rowAxes, combo);
    const cellsOfRow = columnCombos.map((cc) => {
      const n = base + offsetOf(columnAxes, cc);
      const status = cells.statuses[n]!;
      if (status !== 'A') statuses.add(status);
      let note: number | null = null;
      const text = cells.notes[n];
      if (text) {
        if (!noteNumber.has(n)) {
          notes.push(labelIn(text, lang));
          noteNumber.set(n, notes.length);
        }
        note = noteNumber.get(n)!;
      }
      const measure = measures[measures.length > 1 ? cc.at(-1)! : 0]!;
      return {
        value: isMissingStatus(status) ? null : cells.values[n]!,
        decimals: measure.decimals,
        status,
        marker: cellStatusMarker[status],
        note,
      };
    });
    return { headers, cells: cellsOfRow };
  });
  return {
    rowDimensions: rowAxes.map((a) => a.label),
    columnHeaders,
    rows,
    notes,
    statuses: [...statuses].sort(),
    units: measures.map((m) => ({ label: m.label, unit: m.unit })),
  };
}
