/**
 * Reading a selection of a table from an address (pure, no I/O): the SDMX REST key of the API
 * (`/api/v1/tables/{id}/{key}`: dimension values in the table's order joined by `.`, several values
 * by `+`, an empty position for all; an optional last position for the measures), the periods
 * (`startPeriod`, `endPeriod`, `lastNObservations`), and the page's GET form (`?REGION=R01&REGION=R02
 * &axe.SEXE=l`), whose default selection is the page's canonical address.
 */
import type { Locale } from '@/lib/i18n/locales';
import { periodPattern, type TableStructure } from '../model';
import { resolveSelection, type Selection } from '../queries';

export type Refusal = { fr: string; en: string };
export type Read<T> = { ok: true; value: T } | { ok: false; error: Refusal };

/** A selection and the measures kept (none: all). */
export type Choice = { selection: Selection; measures?: string[] };

const keyValue = /^[A-Za-z0-9_@$\-–]{1,60}$/;

/**
 * The selection of an SDMX key: `R01+R02..2024` on REGION.SEXE.ANNEE. `all` (or an empty key)
 * selects everything. One position per dimension, or one more for the measures. Refuses, in French
 * and English, a key of the wrong length or an unknown code (the 400 of the API).
 */
export function parseKey(structure: TableStructure, key: string): Read<Choice> {
  const dims = structure.dimensions;
  if (key === '' || key === 'all') return { ok: true, value: { selection: {} } };
  if (key.length > 4000)
    return refuse('La clé est trop longue (4 000 caractères au plus).', 'The key is too long (4,000 characters at most).');
  const parts = key.split('.');
  const expected = dims.map((d) => d.code).join('.');
  if (parts.length !== dims.length && parts.length !== dims.length + 1) {
    return refuse(
      `Clé invalide : ${parts.length} position(s) au lieu de ${dims.length} (${expected}, séparées par des points ; « + » entre plusieurs valeurs, une position vide pour toutes).`,
      `Invalid key: ${parts.length} position(s) instead of ${dims.length} (${expected}, separated by dots; “+” between several values, an empty position for all).`,
    );
  }
  const selection: Selection = {};
  let measures: string[] | undefined;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (part === '') continue;
    const values = part.split('+');
    const bad = values.find((v) => !keyValue.test(v));
    const code = i < dims.length ? dims[i]!.code : 'mesure';
    if (bad !== undefined) {
      return bad === ''
        ? refuse(
            `Clé invalide en position ${i + 1} (${code}) : une valeur vide (un « + » de trop).`,
            `Invalid key at position ${i + 1} (${code}): an empty value (one “+” too many).`,
          )
        : refuse(
            `Clé invalide en position ${i + 1} (${code}) : « ${bad.slice(0, 60)} » n’est pas un code.`,
            `Invalid key at position ${i + 1} (${code}): “${bad.slice(0, 60)}” is not a code.`,
          );
    }
    if (i < dims.length) selection[dims[i]!.code] = values;
    else measures = values;
  }
  const resolved = resolveSelection(structure, selection, measures);
  if (!resolved.ok) return { ok: false, error: resolved.error };
  return { ok: true, value: { selection, measures } };
}

/** First and last month (counted from year 0) of an SDMX period: `2026`, `2026-S2`, `2026-Q3`, `2026-10`. */
export function periodMonths(period: string): [number, number] | null {
  if (!periodPattern.test(period)) return null;
  const year = Number(period.slice(0, 4)) * 12;
  const rest = period.slice(5);
  if (rest === '') return [year, year + 11];
  if (rest.startsWith('Q')) return [year + (Number(rest[1]) - 1) * 3, year + (Number(rest[1]) - 1) * 3 + 2];
  if (rest.startsWith('S')) return [year + (Number(rest[1]) - 1) * 6, year + (Number(rest[1]) - 1) * 6 + 5];
  return [year + Number(rest) - 1, year + Number(rest) - 1];
}

export type Periods = { startPeriod?: string; endPeriod?: string; lastNObservations?: number };

/**
 * Narrows the time dimension of `choice` to the periods asked: those that overlap [startPeriod,
 * endPeriod], then the last N of them. An empty result is a refusal (nothing to send).
 */
export function narrowPeriods(structure: TableStructure, choice: Choice, periods: Periods): Read<Choice> {
  if (!periods.startPeriod && !periods.endPeriod && !periods.lastNObservations) return { ok: true, value: choice };
  const time = structure.dimensions.find((d) => d.role === 'time')!;
  const wanted = choice.selection[time.code];
  let values = time.values.map((v) => v.code).filter((c) => !wanted || wanted.length === 0 || wanted.includes(c));
  const from = periods.startPeriod ? periodMonths(periods.startPeriod) : null;
  const to = periods.endPeriod ? periodMonths(periods.endPeriod) : null;
  if (from) values = values.filter((c) => periodMonths(c)![1] >= from[0]);
  if (to) values = values.filter((c) => periodMonths(c)![0] <= to[1]);
  if (periods.lastNObservations) values = values.slice(-periods.lastNObservations);
  if (values.length === 0) {
    return refuse('Aucune période du tableau dans l’intervalle demandé.', 'No period of the table in the range asked for.');
  }
  return { ok: true, value: { ...choice, selection: { ...choice.selection, [time.code]: values } } };
}

// ─── The page's form ─────────────────────────────────────────────────────────────────────────

/** Where a dimension goes in the HTML table: rows (`l`, lignes) or columns (`c`). */
export type Axis = 'l' | 'c';
/** The page's view: a selection and the dimensions in rows and in columns (in the table's order). */
export type PageView = { selection: Record<string, string[]>; rows: string[]; columns: string[] };

/** The query parameter of a dimension's place (`axe.REGION=l`). */
export const axisParam = (code: string) => `axe.${code}`;

/**
 * The default view: time in columns, the other dimensions in rows; every value while the table
 * holds at most `cap` cells, else the first values of the largest dimensions and the last periods,
 * until it fits. Its address is the page's own (the canonical one).
 */
export function defaultView(structure: TableStructure, cap: number): PageView {
  const selection: Record<string, string[]> = {};
  for (const d of structure.dimensions) selection[d.code] = d.values.map((v) => v.code);
  const count = () => structure.dimensions.reduce((n, d) => n * selection[d.code]!.length, 1) * structure.measures.length;
  const time = structure.dimensions.find((d) => d.role === 'time');
  // Periods first down to ten (the latest), then the largest other dimensions to their first value.
  if (time && count() > cap && selection[time.code]!.length > 10) selection[time.code] = selection[time.code]!.slice(-10);
  const plain = structure.dimensions.filter((d) => d.role !== 'time').sort((a, b) => b.values.length - a.values.length);
  for (const d of plain) {
    if (count() <= cap) break;
    selection[d.code] = selection[d.code]!.slice(0, 1);
  }
  if (time && count() > cap) {
    const per = count() / selection[time.code]!.length;
    selection[time.code] = selection[time.code]!.slice(-Math.max(1, Math.floor(cap / per)));
  }
  return {
    selection,
    rows: structure.dimensions.filter((d) => d.role !== 'time').map((d) => d.code),
    columns: time ? [time.code] : [],
  };
}

type Params = Record<string, string | string[] | undefined>;

/**
 * The view a page's query asks for: for each dimension its values (`?SEXE=F&SEXE=M`; none or an
 * absent dimension: the default's), and its place (`axe.SEXE=l|c`; absent: the default's). Unknown
 * parameters are ignored (trackers add some); an unknown value is refused with a message in `lang`.
 * `isDefault` tells the page the query changes nothing (its canonical address).
 */
export function readPageView(
  structure: TableStructure,
  params: Params,
  cap: number,
  lang: Locale,
): { ok: true; view: PageView; isDefault: boolean } | { ok: false; view: PageView; error: string } {
  const fallback = defaultView(structure, cap);
  const all = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
  const selection: Record<string, string[]> = {};
  const axes: Record<string, Axis> = {};
  let isDefault = true;
  for (const d of structure.dimensions) {
    const asked = all(params[d.code]).filter((v) => v !== '');
    const known = new Set(d.values.map((v) => v.code));
    const unknown = asked.find((v) => !known.has(v));
    if (unknown !== undefined) {
      const error =
        lang === 'en'
          ? `Unknown value for “${d.code}”: “${unknown.slice(0, 60)}”. The table below shows the default selection.`
          : `Valeur inconnue pour « ${d.code} » : « ${unknown.slice(0, 60)} ». Le tableau ci-dessous montre la sélection par défaut.`;
      return { ok: false, view: fallback, error };
    }
    // In the table's order, without duplicates (equal selections, equal pages).
    selection[d.code] = asked.length > 0 ? d.values.map((v) => v.code).filter((c) => asked.includes(c)) : fallback.selection[d.code]!;
    if (asked.length > 0 && selection[d.code]!.join('+') !== fallback.selection[d.code]!.join('+')) isDefault = false;
    const axis = all(params[axisParam(d.code)])[0];
    const defaultAxis: Axis = fallback.rows.includes(d.code) ? 'l' : 'c';
    axes[d.code] = axis === 'l' || axis === 'c' ? axis : defaultAxis;
    if (axes[d.code] !== defaultAxis) isDefault = false;
  }
  const codes = structure.dimensions.map((d) => d.code);
  let rows = codes.filter((c) => axes[c] === 'l');
  let columns = codes.filter((c) => axes[c] === 'c');
  // A table needs something on each side: with everything on one, the last dimension goes to the other.
  if (columns.length === 0 && rows.length > 1) columns = [rows.pop()!];
  if (rows.length === 0 && columns.length > 1) rows = [columns.shift()!];
  return { ok: true, view: { selection, rows, columns }, isDefault };
}

/** The query string of a view (`REGION=R01&REGION=R02&axe.SEXE=l…`), the values in the table's order. */
export function viewQuery(structure: TableStructure, view: PageView): string {
  const q = new URLSearchParams();
  for (const d of structure.dimensions) {
    for (const v of view.selection[d.code] ?? []) q.append(d.code, v);
    q.append(axisParam(d.code), view.rows.includes(d.code) ? 'l' : 'c');
  }
  return q.toString();
}

/** The SDMX key of a selection (`R01+R02..2024`): an empty position where every value is chosen. */
export function keyOf(structure: TableStructure, selection: Selection): string {
  const key = structure.dimensions
    .map((d) => {
      const chosen = selection[d.code] ?? [];
      return chosen.length === 0 || chosen.length === d.values.length ? '' : chosen.join('+');
    })
    .join('.');
  return /^\.*$/.test(key) ? 'all' : key;
}

const refuse = (fr: string, en: string): { ok: false; error: Refusal } => ({ ok: false, error: { fr, en } });

// ─── Long dimensions in the form ─────────────────────────────────────────────────────────────

/**
 * Past this many values a dimension is not offered as one box per value (a thousand places made the
 * page weigh 400 KB): the form shows the values chosen, ticked, then a search field and one page of
 * the other values at a time, moved through with the form's own buttons, so it works without
 * JavaScript and keeps what was ticked (the buttons submit the form; the selection stays the address).
 */
export const browseThreshold = 24;
/** Values offered per page of a long dimension. */
export const browsePageSize = 25;
/** The query parameters of a long dimension's search and page (`cherche.LIEU=nord`, `page.LIEU=3`). */
export const searchParam = (code: string) => `cherche.${code}`;
export const pageParam = (code: string) => `page.${code}`;

export type Browse = {
  /** The search asked (trimmed, 100 characters at most); '' for none. */
  term: string;
  page: number;
  pages: number;
  /** Values not chosen that match the search, and the first one's rank (1-based) on this page. */
  total: number;
  from: number;
  values: { code: string; label: string }[];
};

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * One page of a long dimension's values not chosen, matching the search by code or label (accents
 * and case ignored), from the page's query. A page number out of range is the nearest page.
 */
export function browseValues(
  dimension: { code: string; values: { code: string; label: string }[] },
  chosen: ReadonlySet<string>,
  params: Params,
): Browse {
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';
  const term = first(params[searchParam(dimension.code)]).trim().slice(0, 100);
  const wanted = fold(term);
  const matches = dimension.values.filter(
    (v) => !chosen.has(v.code) && (wanted === '' || fold(v.code).includes(wanted) || fold(v.label).includes(wanted)),
  );
  const pages = Math.max(1, Math.ceil(matches.length / browsePageSize));
  const asked = Number.parseInt(first(params[pageParam(dimension.code)]), 10);
  const page = Number.isFinite(asked) ? Math.min(Math.max(asked, 1), pages) : 1;
  const start = (page - 1) * browsePageSize;
  return { term, page, pages, total: matches.length, from: start + 1, values: matches.slice(start, start + browsePageSize) };
}
