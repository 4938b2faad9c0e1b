/** Geometry of a series chart drawn on the server: ranges, round ticks, the line's path. */
import type { Observation } from '../model';
import { thinTicks } from './ticks';

export type ChartRange = '5y' | '10y' | 'all';

/** The observations of the range, counted back from the last one. */
export function inRange(observations: Observation[], range: ChartRange): Observation[] {
  const last = observations.at(-1);
  if (!last || range === 'all') return observations;
  const years = range === '5y' ? 5 : 10;
  const from = `${Number(last.period.slice(0, 4)) - years}${last.period.slice(4)}`;
  return observations.filter((o) => o.period > from);
}

/** About `count` round values covering [min, max] (1, 2, 2.5 or 5 × a power of ten apart). */
export function niceTicks(min: number, max: number, count = 5): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [];
  if (min === max) {
    const pad = Math.abs(min) * 0.05 || 1;
    return niceTicks(min - pad, max + pad, count);
  }
  const raw = (max - min) / Math.max(1, count - 1);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * power >= raw) ?? 10) * power;
  const start = Math.floor(min / step) * step;
  const ticks: number[] = [];
  for (let v = start; v <= max + step * 0.5; v += step) ticks.push(Number(v.toFixed(10)));
  if (ticks.at(-1)! < max) ticks.push(Number((ticks.at(-1)! + step).toFixed(10)));
  return ticks;
}

export type Frame = { width: number; height: number; left: number; right: number; top: number; bottom: number };

export type Plot = {
  /** One `M…L…` path through every point. */
  path: string;
  points: { x: number; y: number; o: Observation }[];
  yTicks: { value: number; y: number }[];
  xTicks: { label: string; x: number }[];
};

/** Font size of the axes' labels (the chart's SVG draws them at this size). */
export const axisFontSize = 12;

const r1 = (n: number) => Math.round(n * 10) / 10;

/** Positions of the points, the line and the axes' ticks in the frame. */
export function plot(observations: Observation[], frame: Frame): Plot {
  const values = observations.map((o) => o.value);
  const ticks = niceTicks(Math.min(...values), Math.max(...values));
  const lo = ticks[0] ?? 0;
  const hi = ticks.at(-1) ?? 1;
  const innerW = frame.width - frame.left - frame.right;
  const innerH = frame.height - frame.top - frame.bottom;
  const n = observations.length;
  const x = (i: number) => r1(frame.left + (n === 1 ? innerW / 2 : (i / (n - 1)) * innerW));
  const y = (v: number) => r1(frame.top + innerH - ((v - lo) / (hi - lo || 1)) * innerH);
  const points = observations.map((o, i) => ({ x: x(i), y: y(o.value), o }));
  const path = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x} ${p.y}`).join('');
  // x ticks: one per year, at its first observation; thinned by the labels' measured width, so a
  // partial first year (a ten-year range starting in November) never writes 2016 over 2017.
  let years = [...new Set(observations.map((o) => o.period.slice(0, 4)))];
  // A year whose first point is not its first period (the range starts in November) gets no label.
  if (years.length > 1 && !/^\d{4}(-01(-01)?)?$/.test(observations[0]!.period)) years = years.slice(1);
  const candidates = years.flatMap((year) => {
    const i = observations.findIndex((o) => o.period.startsWith(year));
    return i >= 0 ? [{ label: year, x: x(i) }] : [];
  });
  const xTicks = thinTicks(candidates, { fontSize: axisFontSize, gap: 10, minX: 0, maxX: frame.width });
  return { path, points, yTicks: ticks.map((value) => ({ value, y: y(value) })), xTicks };
}
