/**
 * Importing a version of a table from a file, in two steps, as the series do (lib/series/imports.ts):
 * the file is read and checked outside any transaction (lib/tables/import), the cells are kept as a
 * staged import with the report the preview shows (counts, new and revised cells against the
 * current version, every refused line); only publishing it writes a version, in one short
 * transaction that copies the staged cells inside the database. Cancelling, or any error left,
 * writes nothing.
 */
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '@/lib/db/open';
import { bytesSql, cellsOf, compactStatuses, encodeValues, statusOfByte } from './cells';
import { readTableFile } from './import';
import type { FileMeta, ImportError } from './import/result';
import { isMissingStatus, type CellStatus, type Labels, type Measure, type TablePayload, type TableStructure } from './model';
import { findTable, versionAt } from './queries';
import { dataTableImports } from './schema';
import { writeTableVersion, type Actor, type TableWrite, type WrittenTableVersion } from './versions';
import type { VersionTerms } from '@/lib/versions/model';
import { currentTime } from '@/lib/clock';

/** A staged import is forgotten after a day. */
const STAGED_FOR_MS = 24 * 3600 * 1000;
/** Revised cells listed in the preview (the counts are always complete). */
const SAMPLES = 200;

/** One cell of the preview: its codes, before and after. */
export type PreviewCell = {
  key: string[];
  before: { value: number | null; status: CellStatus } | null;
  after: { value: number | null; status: CellStatus };
};

/** What the preview shows of a file (kept as JSON with the staged cells). */
export type ImportReport = {
  format: string;
  languages: string[];
  errors: ImportError[];
  warnings: string[];
  meta: FileMeta;
  cellCount: number;
  missing: number;
  dimensions: { code: string; label: Labels; role: string; count: number; added: string[]; removed: string[] }[];
  measure: Measure | null;
  /** Against the table's newest version (null: its first version). */
  diff: { previous: number; new: number; revised: number; unchanged: number; removed: number } | null;
  /** Revised cells first, then new ones: at most `SAMPLES`. */
  samples: PreviewCell[];
  /** How long reading the file took, in milliseconds. */
  readMs: number;
};

/**
 * Reads a file for a table and keeps its cells and report for the preview; a file with errors is
 * kept too (its report lists them) but can never be published. Returns the staged import's id.
 */
export async function stageTableImport(
  db: Db,
  {
    code,
    filename,
    bytes,
    actor,
    measure,
    now = currentTime(),
  }: {
    code: string;
    filename: string;
    bytes: Uint8Array;
    actor: Actor;
    measure?: Partial<Pick<Measure, 'unit' | 'unitCode' | 'unitMult' | 'decimals'>>;
    now?: Date;
  },
): Promise<TableWrite<{ id: string; report: ImportReport }>> {
  const table = await findTable(db, code);
  if (!table) return { ok: false, error: `Le tableau ${code} n’existe pas ou plus.` };
  const previous = await versionAt(db, table.id, { scheduled: true });
  const started = performance.now();
  const parsed = await readTableFile({ bytes, filename }, { previous: previous?.structure ?? null, measure });
  const readMs = Math.round(performance.now() - started);
  const payload = parsed.payload;
  const report: ImportReport = {
    format: parsed.format,
    languages: parsed.languages,
    errors: parsed.errors,
    warnings: parsed.warnings,
    meta: parsed.meta,
    cellCount: payload?.values.length ?? 0,
    missing: payload ? payload.statuses.reduce((n, s) => n + (isMissingStatus(statusOfByte(s)) ? 1 : 0), 0) : 0,
    dimensions: payload ? dimensionChanges(payload.structure, previous?.structure ?? null) : [],
    measure: payload?.structure.measures[0] ?? null,
    diff: null,
    samples: [],
    readMs,
  };
  if (payload && previous) {
    const before = await cellsOf(db, previous.id);
    if (before) Object.assign(report, compare(payload, previous.structure, before, previous.number));
  } else if (payload) {
    report.samples = samplesOf(payload, () => -1, null);
  }
  await db.delete(dataTableImports).where(lt(dataTableImports.createdAt, new Date(now.getTime() - STAGED_FOR_MS)));
  const [row] = await db
    .insert(dataTableImports)
    .values({
      tableId: table.id,
      filename: filename.slice(0, 200),
      report,
      structure: payload?.structure ?? null,
      cellCount: payload?.values.length ?? 0,
      values: bytesSql(payload ? encodeValues(payload.values) : null),
      statuses: bytesSql(payload ? compactStatuses(payload.statuses) : null),
      notes: payload?.notes ?? {},
      createdBy: actor.user.id,
    })
    .returning({ id: dataTableImports.id });
  return { ok: true, value: { id: row!.id, report }, tags: [] };
}

/** Each dimension of the file, with the value codes it adds to or drops from the current version (20 of each at most). */
function dimensionChanges(structure: TableStructure, previous: TableStructure | null): ImportReport['dimensions'] {
  return structure.dimensions.map((d) => {
    const old = previous?.dimensions.find((p) => p.code === d.code);
    const oldCodes = new Set(old?.values.map((v) => v.code) ?? []);
    const newCodes = new Set(d.values.map((v) => v.code));
    return {
      code: d.code,
      label: d.label,
      role: d.role,
      count: d.values.length,
      added: old
        ? d.values
            .filter((v) => !oldCodes.has(v.code))
            .map((v) => v.code)
            .slice(0, 20)
        : [],
      removed: old
        ? old.values
            .filter((v) => !newCodes.has(v.code))
            .map((v) => v.code)
            .slice(0, 20)
        : [],
    };
  });
}

type Old = { values: Float64Array; statuses: Uint8Array | null };

/** New, revised and unchanged cells against the previous version, matched by their codes. */
function compare(
  payload: TablePayload,
  previous: TableStructure,
  before: Old,
  previousNumber: number,
): Pick<ImportReport, 'diff' | 'samples'> {
  const { structure } = payload;
  const dims = structure.dimensions;
  const sameShape = previous.dimensions.length === dims.length && dims.every((d) => previous.dimensions.some((p) => p.code === d.code));
  const oldCount = before.values.length;
  if (!sameShape) {
    return {
      diff: { previous: previousNumber, new: payload.values.length, revised: 0, unchanged: 0, removed: oldCount },
      samples: samplesOf(payload, () => -1, null),
    };
  }
  // For each new dimension position, the old one's index and its positions' old positions (-1: new value).
  const oldStrides = new Array<number>(previous.dimensions.length + 1).fill(1);
  for (let i = previous.dimensions.length - 1; i >= 0; i--) {
    oldStrides[i] =
      oldStrides[i + 1]! * (i + 1 < previous.dimensions.length ? previous.dimensions[i + 1]!.values.length : previous.measures.length);
  }
  const maps = dims.map((d) => {
    const o = previous.dimensions.findIndex((p) => p.code === d.code);
    const index = new Map(previous.dimensions[o]!.values.map((v, i) => [v.code, i]));
    return { stride: oldStrides[o]!, pos: d.values.map((v) => index.get(v.code) ?? -1) };
  });
  const oldMeasures = new Map(previous.measures.map((m, i) => [m.code, i]));
  const measureMap = structure.measures.map((m) => oldMeasures.get(m.code) ?? -1);
  const oldIndexOf = (at: number[], m: number) => {
    let index = 0;
    for (let d = 0; d < maps.length; d++) {
      const p = maps[d]!.pos[at[d]!]!;
      if (p < 0) return -1;
      index += p * maps[d]!.stride;
    }
    const om = measureMap[m]!;
    return om < 0 ? -1 : index + om;
  };
  let added = 0;
  let revised = 0;
  let unchanged = 0;
  const matched = new Uint8Array(oldCount);
  walk(structure, (i, at, m) => {
    const o = oldIndexOf(at, m);
    if (o < 0) {
      added++;
      return;
    }
    matched[o] = 1;
    if (same(payload.values[i]!, before.values[o]!) && payload.statuses[i] === (before.statuses?.[o] ?? 0)) unchanged++;
    else revised++;
  });
  const removed = oldCount - matched.reduce((n, x) => n + x, 0);
  return {
    diff: { previous: previousNumber, new: added, revised, unchanged, removed },
    samples: samplesOf(payload, oldIndexOf, before),
  };
}

const same = (a: number, b: number) => a === b || (Number.isNaN(a) && Number.isNaN(b));

/** Calls `visit` for every cell with its index, its dimension positions and its measure. */
function walk(structure: TableStructure, visit: (index: number, at: number[], measure: number) => void) {
  const sizes = structure.dimensions.map((d) => d.values.length);
  const measures = structure.measures.length;
  const at = new Array<number>(sizes.length).fill(0);
  const total = sizes.reduce((a, b) => a * b, 1);
  let index = 0;
  for (let n = 0; n < total; n++) {
    for (let m = 0; m < measures; m++) visit(index++, at, m);
    for (let d = sizes.length - 1; d >= 0; d--) {
      at[d]! += 1;
      if (at[d]! < sizes[d]!) break;
      at[d] = 0;
    }
  }
}

/** Revised cells first, then new ones, `SAMPLES` at most. */
function samplesOf(payload: TablePayload, oldIndexOf: (at: number[], m: number) => number, before: Old | null): PreviewCell[] {
  const { structure } = payload;
  const revised: PreviewCell[] = [];
  const fresh: PreviewCell[] = [];
  const cell = (values: Float64Array, statuses: Uint8Array | null, i: number) => ({
    value: Number.isNaN(values[i]!) ? null : values[i]!,
    status: statusOfByte(statuses?.[i] ?? 0),
  });
  const key = (at: number[], m: number) => [
    ...structure.dimensions.map((d, k) => d.values[at[k]!]!.code),
    ...(structure.measures.length > 1 ? [structure.measures[m]!.code] : []),
  ];
  walk(structure, (i, at, m) => {
    if (revised.length >= SAMPLES) return;
    const o = before ? oldIndexOf(at, m) : -1;
    const after = cell(payload.values, payload.statuses, i);
    if (o < 0) {
      if (fresh.length < SAMPLES) fresh.push({ key: key(at, m), before: null, after });
      return;
    }
    const old = cell(before!.values, before!.statuses, o);
    if (!same(old.value ?? NaN, after.value ?? NaN) || old.status !== after.status) revised.push({ key: key(at, m), before: old, after });
  });
  return [...revised, ...fresh].slice(0, SAMPLES);
}

export type TableImportView = {
  id: string;
  tableId: number;
  filename: string;
  createdAt: Date;
  createdBy: string | null;
  report: ImportReport;
  structure: TableStructure | null;
};

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A staged import and its report (not its cells), or null. */
export async function tableImportView(db: Db, id: string): Promise<TableImportView | null> {
  if (!uuid.test(id)) return null;
  const [row] = await db
    .select({
      id: dataTableImports.id,
      tableId: dataTableImports.tableId,
      filename: dataTableImports.filename,
      createdAt: dataTableImports.createdAt,
      createdBy: dataTableImports.createdBy,
      report: dataTableImports.report,
      structure: dataTableImports.structure,
    })
    .from(dataTableImports)
    .where(eq(dataTableImports.id, id))
    .limit(1);
  return row ? { ...row, report: row.report as ImportReport } : null;
}

/**
 * Writes a staged import as a new version of its table (submitted for review unless an approver
 * writes it under self-approval), then forgets it — all in `writeTableVersion`'s one transaction.
 */
export async function publishTableImport(
  db: Db,
  { id, publishAt, releaseId, kind, reason, actor, approver, now }: VersionTerms & { id: string },
): Promise<TableWrite<WrittenTableVersion>> {
  const view = await tableImportView(db, id);
  const table = view ? await findTable(db, view.tableId) : null;
  if (!view || !table)
    return { ok: false, error: 'Cet import n’existe plus (publié, annulé ou trop ancien) : envoyez le fichier à nouveau.' };
  if (view.report.errors.length > 0 || !view.structure) {
    return { ok: false, error: 'Le fichier contient des erreurs : corrigez-le et envoyez-le à nouveau. Rien n’a été enregistré.' };
  }
  return writeTableVersion(db, {
    code: table.code,
    source: { stagedImportId: id },
    publishAt,
    releaseId,
    kind,
    reason,
    actor,
    approver,
    now,
  });
}

/** Forgets a staged import (its author, or a publisher, cancelled it). */
export async function cancelTableImport(db: Db, id: string): Promise<void> {
  if (!uuid.test(id)) return;
  await db.delete(dataTableImports).where(and(eq(dataTableImports.id, id)));
}

/** Who staged an import, and its table's code and area (the access rules of its publication and cancellation). */
export async function tableImportOwner(db: Db, id: string): Promise<{ createdBy: string | null; code: string; area: string } | null> {
  const view = await tableImportView(db, id);
  if (!view) return null;
  const table = await findTable(db, view.tableId);
  return table ? { createdBy: view.createdBy, code: table.code, area: table.area } : null;
}
