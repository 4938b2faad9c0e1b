/**
 * Helpers for the English translations of the demo content (issue 15): British dates and numbers,
 * as a statistics office publishes them (« 15 September 2026 », « 1,234.5 »). Only part of the
 * demo is translated on purpose: the English site shows the rest in French with a notice.
 */
import type { Cell } from './generate';

export const monthNamesEn = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const monthShortEn = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** « 15 September 2026 ». */
export const dateLabelEn = (date: Date) => `${date.getUTCDate()} ${monthNamesEn[date.getUTCMonth()]} ${date.getUTCFullYear()}`;

/** « September 2026 » for a month index (`year * 12 + month0`). */
export const monthLabelEn = (index: number) => `${monthNamesEn[index % 12]} ${Math.floor(index / 12)}`;

/** « Sep 26 » for chart axes. */
export const monthAxisEn = (index: number) => `${monthShortEn[index % 12]} ${String(Math.floor(index / 12)).slice(2)}`;

/** « Q3 2026 » for a quarter index (`year * 4 + quarter0`). */
export const quarterLabelEn = (q: number) => `Q${(q % 4) + 1} ${Math.floor(q / 4)}`;

const numberFormats = new Map<number, Intl.NumberFormat>();

/** « 1,234.5 ». */
export function formatNumberEn(value: number, decimals = 1): string {
  let format = numberFormats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat('en-GB', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    numberFormats.set(decimals, format);
  }
  return format.format(value);
}

/** A table cell as English text. */
export const formatCellEn = (c: Cell, decimals?: number) =>
  typeof c === 'number' ? formatNumberEn(c, decimals ?? (Number.isInteger(c) ? 0 : 1)) : c;

/**
 * Proper names that keep their French spelling in English text (regions, towns, people). The seed's
 * test allows French accented letters in English text only inside these.
 */
export const frenchProperNames = ['Kouroumé', 'Ténéla', 'Ouaddé', 'Kaboré'] as const;

/** The institute's names in English: the site identity's English name and tagline, and words of English text. */
export const instituteEn = {
  name: 'National Institute of Statistics of Sahelia',
  tagline: 'Official statistics serving development',
  country: 'Republic of Sahelia',
  currency: 'Sahelian franc (FSH)',
  place: 'INSS conference room, Djanta',
} as const;
