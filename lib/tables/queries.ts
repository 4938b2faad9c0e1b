/**
 * Reading tables as they were published at an instant, and selecting cells. The table at `at` is
 * its latest version approved and published by then (and, for a version that comes out with a
 * calendar release, that release out): the same rule as the series (lib/series/queries.ts). Public
 * readers pass nothing (now) or `asOf`; the back-office passes `scheduled: true` to see the version
 * not yet public. Plain `(db, params)` functions; the cells come from the in-memory cache of
 * lib/tables/cells.ts, so a selection is index arithmetic over arrays already decoded.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/open';
import { notPublic, publicBy, visibleBy as visibleVersionBy, type Instant as VersionInstant } from '@/lib/versions/filters';
import { awaitingReview, type AwaitingReview } from '@/lib/versions/queries';
import type { Locale } from '@/lib/i18n/locales';
import { cellsOf, statusOfByte } from './cells';
import {
  labelIn,
  strides,
  type CellStatus,
  type Dimension,
  type DimensionRole,
  type Labels,
  type TableState,
  type TableStructure,
  type TableVersion,
} from './model';
import { dataTables, dataTableVersions } from './schema';
import { guessUnit } from './units';
import { tableVersioning } from './versioning';
import { currentTime } from '@/lib/clock';

export type TableRow = typeof dataTables.$inferSelect;
export type TableVersionRow = typeof dataTableVersions.$inferSelect;

/** What to read: approved and published by `at` (default now), or — the back-office only — the newest version whatever its state. */
export type Instant = VersionInstant;

/** The one filter of what the public sees, every versioned kind's (lib/versions/filters.ts). */
export const publicTableVersionBy = (at: Date) => publicBy(tableVersioning, at);
const visibleBy = (instant: Instant) => visibleVersionBy(tableVersioning, instant);

/** Not yet public: its time has not come, or nobody approved it yet. */
export const notPublicTableVersion = (now: Date) => notPublic(tableVersioning, now);

export function tableVersionOf(row: TableVersionRow): TableVersion {
  return {
    number: row.number,
    publishedAt: row.publishedAt.toISOString(),
    kind: row.kind === 'correction' ? 'correction' : 'revision',
    reason: row.reason,
  };
}

/** A table by its code or its numeric id, whatever its versions; null when unknown. */
export async function findTable(db: Db, codeOrId: string | number): Promise<TableRow | null> {
  const byId = typeof codeOrId === 'number' || /^\d+$/.test(codeOrId);
  if (byId && !Number.isSafeInteger(Number(codeOrId))) return null;
  const [row] = await db
    .select()
    .from(dataTables)
    .where(byId ? eq(dataTables.id, Number(codeOrId)) : eq(dataTables.code, String(codeOrId)))
    .limit(1);
  return row ?? null;
}

/** The version of a table to show at the instant (or the newest one, `scheduled`), or null. */
export async function versionAt(db: Db, tableId: number, instant: Instant = {}): Promise<TableVersionRow | null> {
  const [row] = await db
    .select()
    .from(dataTableVersions)
    .where(and(eq(dataTableVersions.tableId, tableId), visibleBy(instant)))
    .orderBy(desc(dataTableVersions.number))
    .limit(1);
  return row ?? null;
}

/** One dimension in the reader's language: its values in order, each with its position. */
export type TableDimension = {
  code: string;
  label: string;
  role: DimensionRole;
  note: string;
  values: { code: string; label: string; note: string }[];
};
/** A measure in one language: its unit's label, and its unit as SDMX codes (`unitCode`, `unitMult`: ./units.ts). */
export type TableMeasure = { code: string; label: string; unit: string; unitCode: string; unitMult: number; decimals: number };

/**
 * A table as a page, a file or the API shows it, in one language (`lang`; a text without English is
 * given in French): its description, the version shown with its structure, and `structure` as
 * stored (both languages) for the formats that carry every language (JSON-stat, PX).
 */
export type TableView = {
  id: number;
  code: string;
  area: string;
  lang: Locale;
  title: string;
  description: string;
  source: string;
  method: string;
  /** The table's notes, then those the file carried (PX `NOTE`), one paragraph each. */
  notes: string[];
  dimensions: TableDimension[];
  measures: TableMeasure[];
  cellCount: number;
  version: TableVersion & { id: number };
  /** Its row: its French texts and their English translations. */
  row: TableRow;
  structure: TableStructure;
  updatedAt: Date;
};

const localDimension = (d: Dimension, lang: Locale): TableDimension => ({
  code: d.code,
  label: labelIn(d.label, lang),
  role: d.role,
  note: labelIn(d.note, lang),
  values: d.values.map((v) => ({ code: v.code, label: labelIn(v.label, lang), note: labelIn(v.note, lang) })),
});

/** A table's row and one of its versions as a `TableView` in `lang`. */
export function tableView(row: TableRow, version: TableVersionRow, lang: Locale): TableView {
  const en = lang === 'en' ? (row.translations.en ?? {}) : {};
  const text = (field: 'title' | 'description' | 'source' | 'method' | 'notes') => (en[field] ? en[field]! : row[field]);
  const structure = version.structure;
  return {
    id: row.id,
    code: row.code,
    area: row.area,
    lang,
    title: text('title'),
    description: text('description'),
    source: text('source'),
    method: text('method'),
    notes: [text('notes'), labelIn(structure.notes, lang)].filter((n) => n.trim() !== ''),
    dimensions: structure.dimensions.map((d) => localDimension(d, lang)),
    measures: structure.measures.map((m) => {
      // A structure without codes (written by a file that carried a label only): the same rules as the migration's.
      const guessed = m.unitCode === undefined || m.unitMult === undefined ? guessUnit(m.unit.fr) : null;
      return {
        code: m.code,
        label: labelIn(m.label, lang),
        unit: labelIn(m.unit, lang),
        unitCode: m.unitCode ?? guessed!.code,
        unitMult: m.unitMult ?? guessed!.mult,
        decimals: m.decimals,
      };
    }),
    cellCount: version.cellCount,
    version: { ...tableVersionOf(version), id: version.id },
    row,
    structure,
    updatedAt: version.publishedAt,
  };
}

/**
 * A table as published at `asOf` (default: now) in `lang` (default French): its description, its
 * dimensions and measures in order, and the version shown. `codeOrId` is its code (`POP_REGION`) or
 * its numeric id. Null when the table is unknown or had no public version then — a page answers 404,
 * as for a series. `scheduled: true` (the back-office's preview only) shows the newest version,
 * even one waiting for review or its time. Cells are read apart, on demand (`selectCells`).
 */
export async function getTable(
  db: Db,
  codeOrId: string | number,
  { lang = 'fr', asOf, scheduled = false }: { lang?: Locale; asOf?: Date; scheduled?: boolean } = {},
): Promise<TableView | null> {
  const row = await findTable(db, codeOrId);
  if (!row) return null;
  const version = await versionAt(db, row.id, { at: asOf, scheduled });
  return version ? tableView(row, version, lang) : null;
}

/**
 * A selection: for each dimension code, the value codes wanted; a dimension absent (or given an
 * empty list) means all of its values. `measures`, when given, restricts the measures the same way.
 */
export type Selection = Record<string, readonly string[] | undefined>;

/** A selection resolved to positions, in each dimension's own order (duplicates dropped). */
export type ResolvedSelection = {
  /** Per dimension (then the measures, last), the positions chosen, ascending. */
  positions: number[][];
  /** The selection's size per dimension, then the number of measures. */
  size: number[];
  count: number;
};

/** A refused selection: French for the site's pages and the API, English for the English pages. */
export type SelectionError = { fr: string; en: string };

/**
 * Checks a selection against a structure and gives the positions it picks, in each dimension's own
 * order whatever the order asked (so equal selections give equal answers, and cache keys). Refuses,
 * in French and English, an unknown dimension or value code. Pure: pages and the API check a
 * selection before reading anything.
 */
export function resolveSelection(
  structure: TableStructure,
  selection: Selection,
  measures?: readonly string[],
): { ok: true; value: ResolvedSelection } | { ok: false; error: SelectionError } {
  const known = new Set(structure.dimensions.map((d) => d.code));
  for (const code of Object.keys(selection)) {
    if (!known.has(code)) {
      return {
        ok: false,
        error: {
          fr: `Dimension inconnue : « ${code} ». Dimensions du tableau : ${[...known].join(', ')}.`,
          en: `Unknown dimension: “${code}”. The table’s dimensions: ${[...known].join(', ')}.`,
        },
      };
    }
  }
  const pick = (
    what: { code: string; values: readonly { code: string }[] },
    wanted: readonly string[] | undefined,
  ): number[] | SelectionError => {
    if (!wanted || wanted.length === 0) return what.values.map((_, i) => i);
    const index = new Map(what.values.map((v, i) => [v.code, i]));
    const chosen = new Set<number>();
    for (const code of wanted) {
      const i = index.get(code);
      if (i === undefined) {
        return {
          fr: `Valeur inconnue pour « ${what.code} » : « ${code} ».`,
          en: `Unknown value for “${what.code}”: “${code}”.`,
        };
      }
      chosen.add(i);
    }
    return [...chosen].sort((a, b) => a - b);
  };
  const positions: number[][] = [];
  for (const d of structure.dimensions) {
    const p = pick(d, selection[d.code]);
    if (!Array.isArray(p)) return { ok: false, error: p };
    positions.push(p);
  }
  const m = pick({ code: 'mesure', values: structure.measures }, measures);
  if (!Array.isArray(m)) return { ok: false, error: m };
  positions.push(m);
  const size = positions.map((p) => p.length);
  return { ok: true, value: { positions, size, count: size.reduce((a, b) => a * b, 1) } };
}

/**
 * How many cells a selection holds (measures included), without reading them: what a page or the
 * API compares with its cap before selecting. Null when the selection is refused (`resolveSelection`
 * says why).
 */
export function countCells(structure: TableStructure, selection: Selection, measures?: readonly string[]): number | null {
  const resolved = resolveSelection(structure, selection, measures);
  return resolved.ok ? resolved.value.count : null;
}

/** The cells of a selection, row-major in the selection's own order (its dimensions, then measures). */
export type SelectedCells = ResolvedSelection & {
  /** Null for a missing value. */
  values: (number | null)[];
  statuses: CellStatus[];
  /** Notes of the selected cells, by position in `values`. */
  notes: Record<number, Labels>;
};

/**
 * The cells of a selection in typed arrays (8 bytes a value, one byte a status): what the files
 * are written from, a million cells in 9 MB where arrays of JavaScript values take four times more.
 */
export type PickedCells = ResolvedSelection & {
  /** Row-major in the selection's order; NaN for a missing value. */
  values: Float64Array;
  /** Index in `cellStatusCodes` per cell; null when every cell is `A`. */
  statuses: Uint8Array | null;
  /** Notes of the selected cells, by position in `values`. */
  notes: Record<number, Labels>;
};

/**
 * The cells a selection picks from a table's version as typed arrays (`PickedCells`), in row-major
 * order of the selection (its dimensions in the table's order, each value in the dimension's order,
 * measures last). The version's cells are read once and kept in memory; after that a selection is
 * index arithmetic. Refuses an unknown dimension or value like `resolveSelection`; throws when the
 * version's cells are gone (deleted meanwhile).
 */
export async function pickCells(
  db: Db,
  table: Pick<TableView, 'structure' | 'version'>,
  selection: Selection,
  measures?: readonly string[],
): Promise<{ ok: true; value: PickedCells } | { ok: false; error: SelectionError }> {
  const resolved = resolveSelection(table.structure, selection, measures);
  if (!resolved.ok) return resolved;
  const cells = await cellsOf(db, table.version.id);
  if (!cells) throw new Error(`Cellules de la version ${table.version.id} introuvables.`);
  const { positions, count } = resolved.value;
  const stride = strides(table.structure);
  const values = new Float64Array(count);
  const statuses = cells.statuses ? new Uint8Array(count) : null;
  const notes: Record<number, Labels> = {};
  const hasNotes = Object.keys(cells.notes).length > 0;
  // An odometer over the selected positions: the last axis moves fastest.
  const axes = positions.length;
  const at = new Array<number>(axes).fill(0);
  let offset = 0;
  for (let a = 0; a < axes; a++) offset += positions[a]![0]! * stride[a]!;
  for (let n = 0; n < count; n++) {
    values[n] = cells.values[offset]!;
    if (statuses) statuses[n] = cells.statuses![offset]!;
    if (hasNotes) {
      const note = cells.notes[offset];
      if (note) notes[n] = note;
    }
    for (let a = axes - 1; a >= 0; a--) {
      const p = positions[a]!;
      offset -= p[at[a]!]! * stride[a]!;
      at[a]! += 1;
      if (at[a]! < p.length) {
        offset += p[at[a]!]! * stride[a]!;
        break;
      }
      at[a] = 0;
      offset += p[0]! * stride[a]!;
    }
  }
  return { ok: true, value: { ...resolved.value, values, statuses, notes } };
}

/**
 * The cells a selection picks (`pickCells`) as plain values and status codes: ready for an HTML
 * table, a chart or a series' slice.
 */
export async function selectCells(
  db: Db,
  table: Pick<TableView, 'structure' | 'version'>,
  selection: Selection,
  measures?: readonly string[],
): Promise<{ ok: true; value: SelectedCells } | { ok: false; error: SelectionError }> {
  const picked = await pickCells(db, table, selection, measures);
  if (!picked.ok) return picked;
  const { values, statuses, ...rest } = picked.value;
  return {
    ok: true,
    value: {
      ...rest,
      values: Array.from(values, (v) => (Number.isNaN(v) ? null : v)),
      statuses: Array.from({ length: rest.count }, (_, n) => (statuses ? statusOfByte(statuses[n]!) : 'A')),
    },
  };
}

/** The public versions of a table by the instant (or all, `scheduled`), newest first. */
export async function tableVersionsOf(db: Db, tableId: number, instant: Instant = {}): Promise<TableVersionRow[]> {
  return db
    .select()
    .from(dataTableVersions)
    .where(and(eq(dataTableVersions.tableId, tableId), visibleBy(instant)))
    .orderBy(desc(dataTableVersions.number));
}

/** The version not yet public (at most one per table): scheduled for later, or waiting for review. */
export async function pendingTableVersion(db: Db, tableId: number, now = currentTime()): Promise<TableVersionRow | null> {
  const [row] = await db
    .select()
    .from(dataTableVersions)
    .where(and(eq(dataTableVersions.tableId, tableId), notPublicTableVersion(now)))
    .orderBy(desc(dataTableVersions.number))
    .limit(1);
  return row ?? null;
}

/** One version of a table by its code and number, with the table's area (the review rules), or null. */
export async function findTableVersion(db: Db, code: string, number: number): Promise<(TableVersionRow & { area: string }) | null> {
  const [found] = await db
    .select({ version: dataTableVersions, area: dataTables.area })
    .from(dataTableVersions)
    .innerJoin(dataTables, eq(dataTables.id, dataTableVersions.tableId))
    .where(and(eq(dataTables.code, code), eq(dataTableVersions.number, number)))
    .limit(1);
  return found ? { ...found.version, area: found.area } : null;
}

/**
 * Every table with a version public at `at` (of an area, or all), as views in `lang`, ordered by
 * area then code: the `/donnees` list, an area's page, the search and the sitemap read this.
 */
export async function listPublicTables(
  db: Db,
  { area, lang = 'fr', at = currentTime() }: { area?: string; lang?: Locale; at?: Date } = {},
) {
  const rows = await db
    .selectDistinctOn([dataTableVersions.tableId], { table: dataTables, version: dataTableVersions })
    .from(dataTableVersions)
    .innerJoin(dataTables, eq(dataTables.id, dataTableVersions.tableId))
    .where(and(publicTableVersionBy(at), area ? eq(dataTables.area, area) : undefined))
    .orderBy(asc(dataTableVersions.tableId), desc(dataTableVersions.number));
  return rows.map((r) => tableView(r.table, r.version, lang)).sort((a, b) => a.area.localeCompare(b.area) || a.code.localeCompare(b.code));
}

/** Area, code and time of the last public version of every public table (sitemap, 404 index). */
export async function publishedTableRefs(db: Db, now = currentTime()): Promise<{ area: string; code: string; publishedAt: Date }[]> {
  const rows = await db
    .select({ area: dataTables.area, code: dataTables.code, publishedAt: sql<Date>`max(${dataTableVersions.publishedAt})` })
    .from(dataTables)
    .innerJoin(dataTableVersions, eq(dataTableVersions.tableId, dataTables.id))
    .where(publicTableVersionBy(now))
    .groupBy(dataTables.area, dataTables.code)
    .orderBy(asc(dataTables.area), asc(dataTables.code));
  return rows.map((r) => ({ ...r, publishedAt: new Date(r.publishedAt) }));
}

/** One line of the back-office's list: the table, where it stands, its latest version of any state. */
export type AdminTableLine = { row: TableRow; state: TableState; latest: TableVersionRow | null; publicVersion: number | null };

/** Every table (of an area, or of these areas), with its state, for the back-office. */
export async function listTablesForAdmin(db: Db, { areas, now = currentTime() }: { areas?: readonly string[]; now?: Date } = {}) {
  const rows = await db
    .select()
    .from(dataTables)
    .where(areas ? inArray(dataTables.area, areas.length > 0 ? [...areas] : ['']) : undefined)
    .orderBy(asc(dataTables.area), asc(dataTables.code));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const versions = await db
    .select()
    .from(dataTableVersions)
    .where(inArray(dataTableVersions.tableId, ids))
    .orderBy(asc(dataTableVersions.tableId), desc(dataTableVersions.number));
  const publicIds = new Set(
    (
      await db
        .select({ id: dataTableVersions.id })
        .from(dataTableVersions)
        .where(and(inArray(dataTableVersions.tableId, ids), publicTableVersionBy(now)))
    ).map((v) => v.id),
  );
  return rows.map((row): AdminTableLine => {
    const own = versions.filter((v) => v.tableId === row.id);
    const pub = own.find((v) => publicIds.has(v.id)) ?? null;
    const latest = own[0] ?? null;
    const state: TableState = latest && !publicIds.has(latest.id) ? 'review' : pub ? 'published' : 'draft';
    return { row, state, latest, publicVersion: pub?.number ?? null };
  });
}

/** A table version waiting for review, as `/admin/relire` lists it (`title`: the table's French title). */
export type TableVersionAwaitingReview = Omit<AwaitingReview, 'label'> & { title: string };

/** Every table version submitted for review, oldest first (at most `limit`). */
export async function tableVersionsAwaitingReview(db: Db, limit = 200): Promise<TableVersionAwaitingReview[]> {
  return (await awaitingReview(db, tableVersioning, limit)).map(({ label, ...v }) => ({ ...v, title: label }));
}
