/**
 * A series defined as a slice of a table (issue 27, item 5): one value of each of the table's
 * non-time dimensions and one measure, the time dimension giving the series' periods. From then
 * on the table drives the series: each table version written writes, in the same transaction, a
 * series version with the slice's observations (when they changed), with the table version's time,
 * release, kind, reason and review; approving, returning or cancelling the table version does the
 * same to it (`series_slice_versions`), so both go public at the same instant and the key figures,
 * series pages, API and alerts follow the table. A slice series is no longer edited or imported by
 * hand (the series actions ask `sliceOf`); detaching it keeps its versions.
 *
 * Series versions are written through lib/series/versions.ts' public functions (publishVersions,
 * approveVersion, returnVersion, cancelScheduledVersion), nested in the table's transaction: all
 * of it is written, or none.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { writeAudit } from '@/lib/audit/write';
import type { Db } from '@/lib/db/open';
import { series, seriesVersions } from '@/lib/db/schema';
import type { Locale } from '@/lib/i18n/locales';
import type { Follow, VersionFollowers } from '@/lib/versions/model';
import { frequencyLabel, periodStart, type Frequency, type Observation, type StatusCode } from '@/lib/series/model';
import { findSeries, pendingVersion, valuesAt } from '@/lib/series/queries';
import {
  approveVersion,
  cancelScheduledVersion,
  publishVersions,
  returnVersion,
  seriesTags,
  type Actor,
  type SeriesWrite,
} from '@/lib/series/versions';
import { cellsOf, statusOfByte, type Cells } from './cells';
import { isMissingStatus, labelIn, strides, type TableStructure } from './model';
import { findTable, notPublicTableVersion, publicTableVersionBy, versionAt } from './queries';
import { dataTables, dataTableVersions, seriesSlices, seriesSliceVersions } from './schema';
import { currentTime } from '@/lib/clock';

/** What a slice picks: one value code per non-time dimension (by dimension code) and one measure. */
export type SliceDefinition = { selection: Record<string, string>; measure: string };

const code = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_-]{0,39}$/, 'Code inconnu.');

/**
 * The back-office form: the series, the table, the measure and one `dim:{CODE}` field per non-time
 * dimension. Checked here for shape; `sliceRefusal` checks it against the table's current structure.
 */
export const sliceFormSchema = z
  .looseObject({
    code: z
      .string()
      .trim()
      .regex(/^[A-Z][A-Z0-9_]{1,39}$/, 'Série inconnue.'),
    table: z
      .string({ error: 'Choisissez le tableau.' })
      .trim()
      .regex(/^[A-Z][A-Z0-9_]{1,59}$/, 'Choisissez le tableau.'),
    measure: code.optional(),
  })
  .transform((input, ctx) => {
    const selection: Record<string, string> = {};
    for (const [key, raw] of Object.entries(input)) {
      if (!key.startsWith('dim:')) continue;
      const value = code.safeParse(raw);
      const dimension = key.slice(4);
      if (!value.success || !/^[A-Za-z][A-Za-z0-9_-]{0,39}$/.test(dimension)) {
        ctx.addIssue({ code: 'custom', message: 'Choisissez une valeur de chaque dimension.', path: [key] });
        continue;
      }
      selection[dimension] = value.data;
    }
    return { code: input.code, table: input.table, measure: input.measure ?? '', selection };
  });

/**
 * Why `slice` cannot be a series of `frequency` from a table of this structure (French, names what
 * is missing), or null: every non-time dimension has its one value and it exists, the measure
 * exists, the table has a time dimension whose periods are periods of the series' frequency.
 */
export function sliceRefusal(structure: TableStructure, slice: SliceDefinition, frequency: Frequency): string | null {
  const time = structure.dimensions.find((d) => d.role === 'time');
  if (!time) return 'Le tableau n’a pas de dimension de temps : ses valeurs ne font pas une série.';
  const wrong = time.values.filter((v) => periodStart(v.code, frequency) === null).map((v) => v.code);
  if (wrong.length > 0) {
    return (
      `Les périodes du tableau (${wrong.slice(0, 3).join(', ')}${wrong.length > 3 ? '…' : ''}) ` +
      `ne sont pas celles d’une série ${frequencyLabel[frequency].toLowerCase()}.`
    );
  }
  const known = new Set(structure.dimensions.map((d) => d.code));
  const extra = Object.keys(slice.selection).filter((d) => !known.has(d) || d === time.code);
  if (extra.length > 0) return `Le tableau n’a plus de dimension ${extra.join(', ')}.`;
  for (const d of structure.dimensions) {
    if (d.role === 'time') continue;
    const chosen = slice.selection[d.code];
    if (!chosen) return `Choisissez une valeur de la dimension « ${d.label.fr} » (${d.code}).`;
    if (!d.values.some((v) => v.code === chosen)) return `La dimension « ${d.label.fr} » (${d.code}) n’a plus la valeur ${chosen}.`;
  }
  if (!structure.measures.some((m) => m.code === slice.measure)) {
    return slice.measure ? `Le tableau n’a plus la mesure ${slice.measure}.` : 'Choisissez la mesure.';
  }
  return null;
}

/**
 * The slice's observations in period order: one per time value whose cell has a value (a missing
 * cell, status `O` or `M`, is no observation), its status the cell's; values rounded as the series
 * store them (4 decimals). Assumes `sliceRefusal` found nothing.
 */
export function sliceObservations(
  structure: TableStructure,
  cells: Pick<Cells, 'values' | 'statuses'>,
  slice: SliceDefinition,
  frequency: Frequency,
): Observation[] {
  const stride = strides(structure);
  let base = 0;
  let timeStride = 0;
  let time = structure.dimensions[0]!;
  structure.dimensions.forEach((d, i) => {
    if (d.role === 'time') {
      time = d;
      timeStride = stride[i]!;
    } else base += d.values.findIndex((v) => v.code === slice.selection[d.code]) * stride[i]!;
  });
  base += structure.measures.findIndex((m) => m.code === slice.measure) * stride[structure.dimensions.length]!;
  const out: Observation[] = [];
  time.values.forEach((v, t) => {
    const index = base + t * timeStride;
    const value = cells.values[index]!;
    const status = cells.statuses ? statusOfByte(cells.statuses[index]!) : 'A';
    if (Number.isNaN(value) || isMissingStatus(status)) return;
    out.push({ period: periodStart(v.code, frequency)!, value: Math.round(value * 10_000) / 10_000, status: status as StatusCode });
  });
  return out.sort((a, b) => a.period.localeCompare(b.period));
}

type SliceRow = { seriesId: number; code: string; area: string; frequency: Frequency; selection: Record<string, string>; measure: string };

/** The series defined as slices of a table, with what the writes need of them. */
async function slicesOfTable(db: Db, tableId: number): Promise<SliceRow[]> {
  return db
    .select({
      seriesId: seriesSlices.seriesId,
      code: series.code,
      area: series.area,
      frequency: series.frequency,
      selection: seriesSlices.selection,
      measure: seriesSlices.measure,
    })
    .from(seriesSlices)
    .innerJoin(series, eq(series.id, seriesSlices.seriesId))
    .where(eq(seriesSlices.tableId, tableId))
    .orderBy(series.code);
}

/** Whether `wanted` adds or changes a value of `current`. */
function changes(current: readonly Observation[], wanted: readonly Observation[]): boolean {
  const byPeriod = new Map(current.map((o) => [o.period, o]));
  return wanted.some((o) => {
    const before = byPeriod.get(o.period);
    return !before || before.value !== o.value || before.status !== o.status;
  });
}

/** What a table version's write asks of its slices: the same time, release, kind, reason, writer and review. */
export type FollowRequest = {
  tableId: number;
  tableCode: string;
  versionId: number;
  publishAt?: Date;
  releaseId?: number;
  kind: 'revision' | 'correction';
  reason: string;
  actor: Actor;
  approver: boolean;
  now: Date;
};

/** The cache tags the series versions touched, or the French reason the table version must not be written. */
export type SliceFollow = Follow;

/**
 * Called by `writeTableVersion` inside its transaction, once the version and its cells are
 * written: each series defined as a slice of the table gets a series version with the slice's
 * observations, unless they did not change. Refused — the caller rolls back the table version — when
 * the new structure no longer has a slice's codes, naming the series.
 */
export async function followTableVersion(tx: Db, request: FollowRequest): Promise<SliceFollow> {
  const slices = await slicesOfTable(tx, request.tableId);
  if (slices.length === 0) return { ok: true, tags: [] };
  const [version] = await tx
    .select({ structure: dataTableVersions.structure, number: dataTableVersions.number })
    .from(dataTableVersions)
    .where(eq(dataTableVersions.id, request.versionId));
  const cells = await cellsOf(tx, request.versionId);
  if (!version || !cells) return { ok: false, error: `La version du tableau ${request.tableCode} n’existe plus : recommencez.` };
  const tags: string[] = [];
  for (const slice of slices) {
    const refusal = sliceRefusal(version.structure, slice, slice.frequency);
    if (refusal) {
      return {
        ok: false,
        error:
          `La série ${slice.code} est une tranche de ce tableau et cette version ne la contient plus : ${refusal} ` +
          `Gardez ces codes dans le fichier, ou détachez d’abord la série du tableau (écran de la série ${slice.code}).`,
      };
    }
    const wanted = sliceObservations(version.structure, cells, slice, slice.frequency);
    const current = (await valuesAt(tx, [slice.seriesId], { scheduled: true })).get(slice.seriesId) ?? [];
    if (!changes(current, wanted)) continue;
    const written = await publishVersions(tx, {
      values: new Map([[slice.code, wanted]]),
      publishAt: request.publishAt,
      releaseId: request.releaseId,
      kind: request.kind,
      reason: request.reason,
      actor: request.actor,
      approver: request.approver,
      now: request.now,
    });
    if (!written.ok)
      return { ok: false, error: `La série ${slice.code}, tranche de ce tableau, ne peut pas suivre cette version : ${written.error}` };
    for (const v of written.value) {
      const [row] = await tx
        .select({ id: seriesVersions.id })
        .from(seriesVersions)
        .where(and(eq(seriesVersions.seriesId, slice.seriesId), eq(seriesVersions.number, v.number)));
      await tx.insert(seriesSliceVersions).values({ tableVersionId: request.versionId, seriesVersionId: row!.id });
    }
    tags.push(...written.tags);
  }
  return { ok: true, tags };
}

/** The series versions a table version wrote for its slices: code and number. */
async function followersOf(tx: Db, tableVersionId: number): Promise<{ code: string; number: number }[]> {
  return tx
    .select({ code: series.code, number: seriesVersions.number })
    .from(seriesSliceVersions)
    .innerJoin(seriesVersions, eq(seriesVersions.id, seriesSliceVersions.seriesVersionId))
    .innerJoin(series, eq(series.id, seriesVersions.seriesId))
    .where(eq(seriesSliceVersions.tableVersionId, tableVersionId));
}

/**
 * Does to each series version a table version wrote what is done to the table version, in one
 * savepoint: all of them, or — at the first refusal — none, and the French reason.
 */
async function forEachFollower(
  tx: Db,
  tableVersionId: number,
  act: (sp: Db, v: { code: string; number: number }) => Promise<SeriesWrite<unknown>>,
): Promise<SliceFollow> {
  const followers = await followersOf(tx, tableVersionId);
  if (followers.length === 0) return { ok: true, tags: [] };
  try {
    return await tx.transaction(async (sp) => {
      const tags: string[] = [];
      for (const v of followers) {
        const result = await act(sp, v);
        if (!result.ok) throw new SliceRollback(`La série ${v.code}, tranche de ce tableau : ${result.error}`);
        tags.push(...result.tags);
      }
      return { ok: true as const, tags };
    });
  } catch (error) {
    if (error instanceof SliceRollback) return { ok: false, error: error.message };
    throw error;
  }
}

/**
 * The series versions a table version wrote, reviewed and cancelled with it (lib/versions: the
 * table's lifecycle calls these inside its step's transaction): same reviewer, same instant, same note.
 */
export const sliceFollowers: VersionFollowers = {
  approve: (tx, { versionId, actor, now }) => forEachFollower(tx, versionId, (sp, v) => approveVersion(sp, { ...v, actor, now })),
  sendBack: (tx, { versionId, actor, now, note }) =>
    forEachFollower(tx, versionId, (sp, v) => returnVersion(sp, { ...v, note, actor, now })),
  // A table version not yet public is being cancelled: the series versions it wrote go with it.
  cancel: (tx, { versionId, actor, now }) => forEachFollower(tx, versionId, (sp, v) => cancelScheduledVersion(sp, { ...v, actor, now })),
};

/** The table version a series version follows (its code and number), or null when it was written by hand. */
export async function followedTableVersion(db: Db, seriesCode: string, number: number): Promise<{ table: string; number: number } | null> {
  const [row] = await db
    .select({ table: dataTables.code, number: dataTableVersions.number })
    .from(seriesSliceVersions)
    .innerJoin(seriesVersions, eq(seriesVersions.id, seriesSliceVersions.seriesVersionId))
    .innerJoin(series, eq(series.id, seriesVersions.seriesId))
    .innerJoin(dataTableVersions, eq(dataTableVersions.id, seriesSliceVersions.tableVersionId))
    .innerJoin(dataTables, eq(dataTables.id, dataTableVersions.tableId))
    .where(and(eq(series.code, seriesCode), eq(seriesVersions.number, number)))
    .limit(1);
  return row ?? null;
}

/** What a slice series shows of its table: the table's code, titles, and each chosen value's labels. */
export type SliceSource = {
  table: { code: string; title: string; area: string };
  /** « Groupe de produits (COICOP) : Ensemble », then the measure. */
  parts: { dimension: string; value: string }[];
  selection: Record<string, string>;
  measure: string;
};

/** The slices among these series codes: code → table code (the import and the grid refuse them). */
export async function slicedAmong(db: Db, codes: readonly string[]): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ code: series.code, table: dataTables.code })
    .from(seriesSlices)
    .innerJoin(series, eq(series.id, seriesSlices.seriesId))
    .innerJoin(dataTables, eq(dataTables.id, seriesSlices.tableId))
    .where(inArray(series.code, [...codes]));
  return new Map(rows.map((r) => [r.code, r.table]));
}

/**
 * The table a series is a slice of, with the labels of its choice in `lang` (from the table's
 * latest public version; `admin`: its newest, whatever its state), or null when it is none.
 */
export async function sliceOf(
  db: Db,
  seriesCode: string,
  { lang = 'fr', admin = false }: { lang?: Locale; admin?: boolean } = {},
): Promise<SliceSource | null> {
  const [row] = await db
    .select({ slice: seriesSlices, table: dataTables })
    .from(seriesSlices)
    .innerJoin(series, eq(series.id, seriesSlices.seriesId))
    .innerJoin(dataTables, eq(dataTables.id, seriesSlices.tableId))
    .where(eq(series.code, seriesCode))
    .limit(1);
  if (!row) return null;
  const version = await versionAt(db, row.table.id, admin ? { scheduled: true } : {});
  if (!version)
    return admin ? { table: tableOf(row.table, lang), parts: [], selection: row.slice.selection, measure: row.slice.measure } : null;
  const parts = version.structure.dimensions
    .filter((d) => d.role !== 'time')
    .map((d) => {
      const chosen = d.values.find((v) => v.code === row.slice.selection[d.code]);
      return { dimension: labelIn(d.label, lang), value: chosen ? labelIn(chosen.label, lang) : (row.slice.selection[d.code] ?? '?') };
    });
  const measure = version.structure.measures.find((m) => m.code === row.slice.measure);
  if (version.structure.measures.length > 1 && measure)
    parts.push({ dimension: lang === 'en' ? 'Measure' : 'Mesure', value: labelIn(measure.label, lang) });
  return { table: tableOf(row.table, lang), parts, selection: row.slice.selection, measure: row.slice.measure };
}

const tableOf = (t: typeof dataTables.$inferSelect, lang: Locale) => ({
  code: t.code,
  title: lang === 'en' && t.translations.en?.title ? t.translations.en.title : t.title,
  area: t.area,
});

/** What a slice's write returns: the series version it wrote at once (null when the values already agreed). */
export type SliceWrite =
  | { ok: true; value: { number: number | null; review: 'approved' | 'submitted' | null }; tags: string[] }
  | { ok: false; error: string; field?: string };

/**
 * Defines (or redefines) a series as a slice of a table, checked against the table's current
 * public structure, audited, and — in the same transaction — writes the series version that makes
 * its values the slice's (none when they already agree). Refused while the series or the table
 * has a version not yet public: the two would no longer go out together.
 */
export async function defineSlice(
  db: Db,
  {
    seriesCode,
    tableCode,
    slice,
    actor,
    approver,
    now = currentTime(),
  }: { seriesCode: string; tableCode: string; slice: SliceDefinition; actor: Actor; approver: boolean; now?: Date },
): Promise<SliceWrite> {
  return db
    .transaction(async (tx) => {
      const [row] = await tx.select().from(series).where(eq(series.code, seriesCode)).for('update');
      if (!row) return { ok: false as const, error: `La série ${seriesCode} n’existe pas ou plus.` };
      const table = await findTable(tx, tableCode);
      if (!table) return { ok: false as const, error: `Le tableau ${tableCode} n’existe pas ou plus.`, field: 'table' };
      const pending = await pendingVersion(tx, row.id, now);
      if (pending) {
        return {
          ok: false as const,
          error: `La série ${seriesCode} a une version pas encore publique (version ${pending.number}) : attendez sa mise en ligne ou annulez-la d’abord.`,
        };
      }
      const [tablePending] = await tx
        .select({ number: dataTableVersions.number })
        .from(dataTableVersions)
        .where(and(eq(dataTableVersions.tableId, table.id), notPublicTableVersion(now)))
        .limit(1);
      if (tablePending) {
        return {
          ok: false as const,
          error: `Le tableau ${tableCode} a une version pas encore publique (version ${tablePending.number}) : attendez sa mise en ligne ou annulez-la d’abord.`,
          field: 'table',
        };
      }
      const version = await versionAt(tx, table.id, { at: now });
      if (!version) return { ok: false as const, error: `Le tableau ${tableCode} n’a encore aucune version publiée.`, field: 'table' };
      const refusal = sliceRefusal(version.structure, slice, row.frequency);
      if (refusal) return { ok: false as const, error: refusal };
      const cells = await cellsOf(tx, version.id);
      if (!cells)
        return { ok: false as const, error: `La version ${version.number} du tableau ${tableCode} n’existe plus : rechargez la page.` };
      const [before] = await tx.select().from(seriesSlices).where(eq(seriesSlices.seriesId, row.id));
      const values = { tableId: table.id, selection: slice.selection, measure: slice.measure, createdBy: actor.user.id, createdAt: now };
      await tx
        .insert(seriesSlices)
        .values({ seriesId: row.id, ...values })
        .onConflictDoUpdate({ target: seriesSlices.seriesId, set: values });
      const chosen = Object.entries(slice.selection)
        .map(([d, v]) => `${d} = ${v}`)
        .join(', ');
      await writeAudit(tx, {
        ...actor,
        action: 'series.slice',
        entityType: 'series',
        entityId: row.code,
        summary: `Série ${row.code} définie comme tranche du tableau ${table.code} (${chosen}, mesure ${slice.measure}).`,
        before: before ? { tableId: before.tableId, selection: before.selection, measure: before.measure } : null,
        after: { table: table.code, selection: slice.selection, measure: slice.measure },
      });
      const wanted = sliceObservations(version.structure, cells, slice, row.frequency);
      const current = (await valuesAt(tx, [row.id], { scheduled: true })).get(row.id) ?? [];
      if (!changes(current, wanted)) return { ok: true as const, value: { number: null, review: null }, tags: seriesTags(row) };
      const written = await publishVersions(tx, {
        values: new Map([[row.code, wanted]]),
        kind: 'revision',
        reason: `Valeurs désormais issues du tableau ${table.code} (version ${version.number}).`,
        actor,
        approver,
        now,
      });
      if (!written.ok) throw new SliceRollback(written.error);
      const first = written.value[0]!;
      return {
        ok: true as const,
        value: { number: first.number, review: first.review },
        tags: [...new Set([...seriesTags(row), ...written.tags])],
      };
    })
    .catch((error: unknown): SliceWrite => {
      if (error instanceof SliceRollback) return { ok: false, error: error.message };
      throw error;
    });
}

/** Detaches a series from its table: its versions stay, and it is edited and imported by hand again. Audited. */
export async function unlinkSlice(db: Db, { seriesCode, actor }: { seriesCode: string; actor: Actor }): Promise<SliceWrite> {
  return db.transaction(async (tx) => {
    const row = await findSeries(tx, seriesCode);
    if (!row) return { ok: false as const, error: `La série ${seriesCode} n’existe pas ou plus.` };
    const [deleted] = await tx.delete(seriesSlices).where(eq(seriesSlices.seriesId, row.id)).returning();
    if (!deleted) return { ok: false as const, error: `La série ${seriesCode} n’est la tranche d’aucun tableau.` };
    const table = await findTable(tx, deleted.tableId);
    await writeAudit(tx, {
      ...actor,
      action: 'series.unslice',
      entityType: 'series',
      entityId: row.code,
      summary: `Série ${row.code} détachée du tableau ${table?.code ?? deleted.tableId} : ses versions restent, elle se saisit de nouveau à la main.`,
      before: { table: table?.code ?? null, selection: deleted.selection, measure: deleted.measure },
    });
    return { ok: true as const, value: { number: null, review: null }, tags: seriesTags(row) };
  });
}

class SliceRollback extends Error {}

/** What the back-office's slice form offers: a table's non-time dimensions and measures, from its current public version. */
export type SliceChoices = {
  table: { code: string; title: string; version: number };
  time: string;
  dimensions: { code: string; label: string; values: { code: string; label: string }[] }[];
  measures: { code: string; label: string }[];
};

/** The tables a series can be a slice of: those with a public version, by code. */
export async function sliceTables(db: Db, now = currentTime()): Promise<{ code: string; title: string }[]> {
  const rows = await db
    .selectDistinct({ code: dataTables.code, title: dataTables.title })
    .from(dataTables)
    .innerJoin(dataTableVersions, eq(dataTableVersions.tableId, dataTables.id))
    .where(publicTableVersionBy(now))
    .orderBy(dataTables.code);
  return rows;
}

/** The choices of a slice of this table (its current public version), or null when it has none. */
export async function sliceChoices(db: Db, tableCode: string, now = currentTime()): Promise<SliceChoices | null> {
  const table = await findTable(db, tableCode);
  if (!table) return null;
  const version = await versionAt(db, table.id, { at: now });
  if (!version) return null;
  const { dimensions, measures } = version.structure;
  return {
    table: { code: table.code, title: table.title, version: version.number },
    time: dimensions.find((d) => d.role === 'time')?.label.fr ?? '',
    dimensions: dimensions
      .filter((d) => d.role !== 'time')
      .map((d) => ({ code: d.code, label: d.label.fr, values: d.values.map((v) => ({ code: v.code, label: v.label.fr })) })),
    measures: measures.map((m) => ({ code: m.code, label: m.unit.fr ? `${m.label.fr} (${m.unit.fr})` : m.label.fr })),
  };
}

/** The series that follow a table (the table's back-office screen lists them: its next version writes theirs). */
export async function seriesFollowing(db: Db, tableId: number): Promise<{ code: string; label: string }[]> {
  return db
    .select({ code: series.code, label: series.label })
    .from(seriesSlices)
    .innerJoin(series, eq(series.id, seriesSlices.seriesId))
    .where(eq(seriesSlices.tableId, tableId))
    .orderBy(series.code);
}
