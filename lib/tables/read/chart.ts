/**
 * The chart of a selection, drawn on the server as SVG (pure geometry here, markup in
 * components/tables/table-chart.tsx): lines over time when several periods are selected (one line
 * per combination of the other dimensions, at most `maxLines`), else bars across the one dimension
 * with several values. Only the first selected measure is drawn. Axis labels are thinned by their
 * measured width (lib/series/chart/ticks.ts), so they never overlap.
 */
import { niceTicks } from '@/lib/series/chart/geometry';
import { thinTicks, type Tick } from '@/lib/series/chart/ticks';
import type { SelectedCells, TableView } from '../queries';

export const chartFrame = { width: 720, height: 340, left: 64, right: 16, top: 16, bottom: 40 };
export const chartFontSize = 12;
/** The most lines one chart draws (beyond, a legend cannot tell them apart). */
export const maxLines = 6;
/** The most bars one chart draws. */
export const maxBars = 60;

export type LineChart = {
  kind: 'line';
  lines: { label: string; path: string; points: { x: number; y: number; value: number; period: string }[] }[];
  xTicks: Tick[];
  yTicks: { value: number; y: number }[];
};
export type BarChart = {
  kind: 'bars';
  dimension: string;
  bars: { label: string; x: number; y: number; width: number; height: number; value: number }[];
  xTicks: Tick[];
  yTicks: { value: number; y: number }[];
};
export type TableChart = (LineChart | BarChart) & { measure: { label: string; unit: string; decimals: number } };

const r1 = (n: number) => Math.round(n * 10) / 10;

/** The chart of a selection, or null when there is nothing to draw (one value, too many lines or bars, no values). */
export function tableChart(table: TableView, cells: SelectedCells): TableChart | null {
  const f = chartFrame;
  const innerW = f.width - f.left - f.right;
  const innerH = f.height - f.top - f.bottom;
  const dims = table.dimensions;
  const size = cells.size;
  const stride = new Array<number>(size.length).fill(1);
  for (let i = size.length - 2; i >= 0; i--) stride[i] = stride[i + 1]! * size[i + 1]!;
  const measure = table.measures[cells.positions.at(-1)![0]!]!;
  const timeIndex = dims.findIndex((d) => d.role === 'time');
  const valueAt = (local: number[]) => cells.values[local.reduce((o, k, i) => o + k * stride[i]!, 0)] ?? null;
  const scale = (values: number[]) => {
    const ticks = niceTicks(Math.min(0, ...values), Math.max(...values));
    const lo = ticks[0] ?? 0;
    const hi = ticks.at(-1) ?? 1;
    const y = (v: number) => r1(f.top + innerH - ((v - lo) / (hi - lo || 1)) * innerH);
    return { y, yTicks: ticks.map((value) => ({ value, y: y(value) })) };
  };
  const labelOf = (i: number, k: number) => dims[i]!.values[cells.positions[i]![k]!]!.label;

  if (timeIndex >= 0 && size[timeIndex]! > 1) {
    const others = dims.map((_, i) => i).filter((i) => i !== timeIndex);
    let combos: number[][] = [[]];
    for (const i of others) combos = combos.flatMap((c) => Array.from({ length: size[i]! }, (_, k) => [...c, k]));
    if (combos.length > maxLines) return null;
    const n = size[timeIndex]!;
    const x = (t: number) => r1(f.left + (n === 1 ? innerW / 2 : (t / (n - 1)) * innerW));
    const series = combos.map((combo) => {
      const values = Array.from({ length: n }, (_, t) => {
        const local = new Array<number>(size.length).fill(0);
        others.forEach((i, j) => (local[i] = combo[j]!));
        local[timeIndex] = t;
        return valueAt(local);
      });
      const label =
        others
          .filter((i) => size[i]! > 1)
          .map((i) => labelOf(i, combo[others.indexOf(i)]!))
          .join(', ') || table.title;
      return { label, values };
    });
    const all = series.flatMap((s) => s.values).filter((v): v is number => v !== null);
    if (all.length === 0) return null;
    const { y, yTicks } = scale(all);
    const lines = series.map((s) => {
      const points = s.values.flatMap((v, t) => (v === null ? [] : [{ x: x(t), y: y(v), value: v, period: labelOf(timeIndex, t) }]));
      // A gap for a missing value: a new `M` after it.
      let path = '';
      s.values.forEach((v, t) => {
        if (v === null) return;
        path += `${t === 0 || s.values[t - 1] === null ? 'M' : 'L'}${x(t)} ${y(v)}`;
      });
      return { label: s.label, path, points };
    });
    const xTicks = thinTicks(
      Array.from({ length: n }, (_, t) => ({ label: labelOf(timeIndex, t), x: x(t) })),
      { fontSize: chartFontSize, gap: 10, minX: 0, maxX: f.width },
    );
    return { kind: 'line', lines, xTicks, yTicks, measure };
  }

  // Bars across the one dimension with several values (the others at one value each).
  const varying = dims.map((_, i) => i).filter((i) => size[i]! > 1);
  if (varying.length !== 1) return null;
  const across = varying[0]!;
  const count = size[across]!;
  if (count > maxBars) return null;
  const values = Array.from({ length: count }, (_, k) => {
    const local = new Array<number>(size.length).fill(0);
    local[across] = k;
    return valueAt(local);
  });
  const present = values.filter((v): v is number => v !== null);
  if (present.length === 0) return null;
  const { y, yTicks } = scale(present);
  const band = innerW / count;
  const width = r1(Math.max(1, band * 0.7));
  const bars = values.flatMap((v, k) => {
    if (v === null) return [];
    const top = y(Math.max(v, 0));
    const bottom = y(Math.min(v, 0));
    return [
      { label: labelOf(across, k), x: r1(f.left + band * k + (band - width) / 2), y: top, width, height: r1(bottom - top), value: v },
    ];
  });
  const xTicks = thinTicks(
    values.map((_, k) => ({ label: labelOf(across, k), x: r1(f.left + band * k + band / 2) })),
    { fontSize: chartFontSize, gap: 8, minX: 0, maxX: f.width },
  );
  return { kind: 'bars', dimension: dims[across]!.label, bars, xTicks, yTicks, measure };
}
