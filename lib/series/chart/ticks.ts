/**
 * Axis labels that never overlap: a label's width is estimated from its characters (the site's
 * sans-serif at a given size; digits are tabular), and ticks are thinned so that each kept label
 * stands clear of the previous one and of the frame's edges. Used by the series chart and the
 * tables' charts (lib/tables/chart.ts), both drawn on the server.
 */

/** Width of each character in em (a conservative estimate for the site's sans-serif). */
function charEm(c: string): number {
  if (/[0-9]/.test(c)) return 0.6;
  if (/[ .,:;'’|!il]/.test(c)) return 0.32;
  if (/[-–()[\]/]/.test(c)) return 0.4;
  if (/[MWmw]/.test(c)) return 0.92;
  if (/[A-Z]/.test(c)) return 0.7;
  return 0.58;
}

/** Estimated width in pixels of `text` at `fontSize` (overestimates rather than under). */
export function textWidth(text: string, fontSize: number): number {
  let em = 0;
  for (const c of text) em += charEm(c);
  return em * fontSize;
}

export type Tick = { label: string; x: number };

/**
 * The ticks to draw, in order: the first that fits, then each next whose label, centred on its x,
 * keeps `gap` pixels from the previous kept label; with `every`, only every n-th tick is considered
 * so that kept ticks stay evenly spaced (the smallest n for which all of them fit). Labels also
 * stay within [minX, maxX] (the drawing's edges).
 */
export function thinTicks<T extends Tick>(ticks: T[], { fontSize, gap = 8, minX = -Infinity, maxX = Infinity }: ThinOptions): T[] {
  const fits = (t: T) => t.x - textWidth(t.label, fontSize) / 2 >= minX && t.x + textWidth(t.label, fontSize) / 2 <= maxX;
  const candidates = ticks.filter(fits);
  for (let step = 1; step <= candidates.length; step++) {
    for (let offset = 0; offset < step; offset++) {
      const kept = candidates.filter((_, i) => i % step === offset);
      if (!overlaps(kept, fontSize, gap)) return kept;
    }
  }
  return candidates.slice(0, 1);
}
type ThinOptions = { fontSize: number; gap?: number; minX?: number; maxX?: number };

/** Whether two consecutive labels of `ticks` (centred on their x) come closer than `gap`. */
export function overlaps(ticks: Tick[], fontSize: number, gap = 0): boolean {
  for (let i = 1; i < ticks.length; i++) {
    const a = ticks[i - 1]!;
    const b = ticks[i]!;
    if (a.x + textWidth(a.label, fontSize) / 2 + gap > b.x - textWidth(b.label, fontSize) / 2) return true;
  }
  return false;
}
