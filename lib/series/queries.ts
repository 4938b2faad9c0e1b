/**
 * Reading series as they were published at an instant. A version holds only the values it added or
 * changed, so the series at `at` is, for each period, the value of the latest version published by
 * then (versions are numbered in publication order: lib/series/versions.ts allows one version not
 * yet public at a time). Only approved versions are ever public (lib/review): a version waiting for
 * review is public nowhere, even after its time. Public readers pass `now`; `asOf` passes a past
 * instant; the back-office passes `scheduled: true` to see what a scheduled version — or one
 * waiting for review — will show.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/open';
import { observations, series, seriesVersions } from '@/lib/db/schema';
import {
  notPublic,
  publicBy as publicVersionBy,
  visibleBy as visibleVersionBy,
  type Instant as VersionInstant,
} from '@/lib/versions/filters';
import {
  isStatusCode,
  type ChangeKind,
  type Frequency,
  type Observation,
  type SeriesData,
  type SeriesMeta,
  type SeriesVersion,
} from './model';
import { seriesVersioning } from './versioning';
import { currentTime } from '@/lib/clock';

export type SeriesRow = typeof series.$inferSelect;
/** A series' English texts (label, unit, methodology, source), beside its French metadata. */
export type SeriesTranslations = SeriesRow['translations'];
/**
 * A series' data with its English texts. They stay beside `meta`, not in it: files, the API and
 * JSON-LD spread or copy `meta` and keep French; public pages localize (components/content/localized.ts).
 */
export type LocalizableSeriesData = SeriesData & { translations: SeriesTranslations };
type VersionRow = typeof seriesVersions.$inferSelect;

/**
 * What to read: approved and published by `at` (the default: now), or — the back-office only —
 * every version, including one scheduled or waiting for review.
 */
export type Instant = VersionInstant;

/** The one filter of what the public sees, every versioned kind's (lib/versions/filters.ts). */
const publicBy = (at: Date) => publicVersionBy(seriesVersioning, at);

const visibleBy = (instant: Instant) => visibleVersionBy(seriesVersioning, instant);

export function metaOf(row: SeriesRow): SeriesMeta {
  return {
    code: row.code,
    label: row.label,
    unit: row.unit,
    basePeriod: row.basePeriod,
    frequency: row.frequency,
    decimals: row.decimals,
    seasonalAdjustment: row.seasonalAdjustment === 'sa' || row.seasonalAdjustment === 'sca' ? row.seasonalAdjustment : 'none',
    source: row.source,
    methodology: row.methodology,
    area: row.area,
    headline: row.headline,
    imfIndicator: row.imfIndicator,
  };
}

export function versionOf(row: VersionRow): SeriesVersion {
  return {
    number: row.number,
    publishedAt: row.publishedAt.toISOString(),
    kind: (row.kind === 'correction' ? 'correction' : 'revision') satisfies ChangeKind,
    reason: row.reason,
  };
}

const observationOf = (row: { period: string; value: number; status: string }): Observation => ({
  period: row.period,
  value: Number(row.value),
  status: isStatusCode(row.status) ? row.status : 'A',
});

/** One version of a series by its code and number (the back-office's review and cancel rules), or null. */
export async function findVersion(db: Db, code: string, number: number): Promise<(VersionRow & { area: string }) | null> {
  const [found] = await db
    .select({ version: seriesVersions, area: series.area })
    .from(seriesVersions)
    .innerJoin(series, eq(series.id, seriesVersions.seriesId))
    .where(and(eq(series.code, code), eq(seriesVersions.number, number)))
    .limit(1);
  return found ? { ...found.version, area: found.area } : null;
}

export async function findSeries(db: Db, code: string): Promise<SeriesRow | null> {
  const [row] = await db.select().from(series).where(eq(series.code, code)).limit(1);
  return row ?? null;
}

/** The values of these series at the instant, oldest first, by series id. */
export async function valuesAt(db: Db, seriesIds: number[], instant: Instant = {}): Promise<Map<number, Observation[]>> {
  const result = new Map<number, Observation[]>(seriesIds.map((id) => [id, []]));
  if (seriesIds.length === 0) return result;
  // For each (series, period), the row of the highest version visible at the instant.
  const rows = await db
    .selectDistinctOn([observations.seriesId, observations.period], {
      seriesId: observations.seriesId,
      period: observations.period,
      value: observations.value,
      status: observations.status,
    })
    .from(observations)
    .innerJoin(seriesVersions, eq(seriesVersions.id, observations.versionId))
    .where(and(inArray(observations.seriesId, seriesIds), visibleBy(instant)))
    .orderBy(asc(observations.seriesId), asc(observations.period), desc(seriesVersions.number));
  for (const row of rows) result.get(row.seriesId)?.push(observationOf(row));
  return result;
}

/** The latest version of each series visible at the instant, by series id. */
export async function latestVersions(db: Db, seriesIds: number[], instant: Instant = {}): Promise<Map<number, VersionRow>> {
  if (seriesIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([seriesVersions.seriesId])
    .from(seriesVersions)
    .where(and(inArray(seriesVersions.seriesId, seriesIds), visibleBy(instant)))
    .orderBy(asc(seriesVersions.seriesId), desc(seriesVersions.number));
  return new Map(rows.map((row) => [row.seriesId, row]));
}

/** Several series as published at the instant, with their English texts; a series with no version visible then is left out. */
export async function seriesDataOf(db: Db, rows: SeriesRow[], instant: Instant = {}): Promise<LocalizableSeriesData[]> {
  const ids = rows.map((r) => r.id);
  const [values, versions] = await Promise.all([valuesAt(db, ids, instant), latestVersions(db, ids, instant)]);
  return rows.flatMap((row) => {
    const version = versions.get(row.id);
    return version
      ? [{ meta: metaOf(row), version: versionOf(version), observations: values.get(row.id) ?? [], translations: row.translations }]
      : [];
  });
}

/** One series as published at the instant (null: unknown code, or nothing published by then). */
export async function seriesAt(db: Db, code: string, instant: Instant = {}): Promise<LocalizableSeriesData | null> {
  const row = await findSeries(db, code);
  if (!row) return null;
  const [data] = await seriesDataOf(db, [row], instant);
  return data ?? null;
}

/** Every series (of an area, or all), ordered by area then code. */
export async function listSeriesRows(db: Db, filter: { area?: string; codes?: string[] } = {}): Promise<SeriesRow[]> {
  const conditions = [
    filter.area ? eq(series.area, filter.area) : undefined,
    filter.codes ? inArray(series.code, filter.codes.length > 0 ? filter.codes : ['']) : undefined,
  ].filter((c) => c !== undefined);
  return db
    .select()
    .from(series)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(asc(series.area), asc(series.code));
}

/** The versions of a series published by the instant (or all, scheduled included), newest first. */
export async function versionsOf(db: Db, seriesId: number, instant: Instant = {}): Promise<SeriesVersion[]> {
  const rows = await db
    .select()
    .from(seriesVersions)
    .where(and(eq(seriesVersions.seriesId, seriesId), visibleBy(instant)))
    .orderBy(desc(seriesVersions.number));
  return rows.map(versionOf);
}

/**
 * The version not yet public, if any (at most one per series): scheduled for later, or waiting for
 * review (submitted, or sent back to its writer), whatever its time.
 */
export async function pendingVersion(db: Db, seriesId: number, now = currentTime()): Promise<VersionRow | null> {
  const [row] = await db
    .select()
    .from(seriesVersions)
    .where(and(eq(seriesVersions.seriesId, seriesId), notPublic(seriesVersioning, now)))
    .orderBy(desc(seriesVersions.number))
    .limit(1);
  return row ?? null;
}

/** The values a version changed or added, with what they replaced (the back-office's version detail). */
export async function versionChanges(
  db: Db,
  seriesId: number,
  number: number,
): Promise<{ period: string; before: Observation | null; after: Observation }[]> {
  const [version] = await db
    .select()
    .from(seriesVersions)
    .where(and(eq(seriesVersions.seriesId, seriesId), eq(seriesVersions.number, number)))
    .limit(1);
  if (!version) return [];
  const changed = await db
    .select({ period: observations.period, value: observations.value, status: observations.status })
    .from(observations)
    .where(eq(observations.versionId, version.id))
    .orderBy(asc(observations.period));
  const before = await db
    .selectDistinctOn([observations.period], { period: observations.period, value: observations.value, status: observations.status })
    .from(observations)
    .innerJoin(seriesVersions, eq(seriesVersions.id, observations.versionId))
    .where(
      and(
        eq(observations.seriesId, seriesId),
        sql`${seriesVersions.number} < ${number}`,
        inArray(observations.period, changed.length > 0 ? changed.map((c) => c.period) : ['1900-01-01']),
      ),
    )
    .orderBy(asc(observations.period), desc(seriesVersions.number));
  const previous = new Map(before.map((b) => [b.period, observationOf(b)]));
  return changed.map((c) => ({ period: c.period, before: previous.get(c.period) ?? null, after: observationOf(c) }));
}

export type KeyFigure = {
  meta: SeriesMeta;
  version: SeriesVersion;
  latest: Observation;
  /** Change from the previous period, in percent. */
  change: number | null;
  /** Change from the same period a year earlier, in percent. */
  yearOnYear: number | null;
  /** Last 13 points, oldest first, for the trend line. */
  trend: Observation[];
  /** The series' English texts (empty when the data came without them). */
  translations: SeriesTranslations;
};

const pct = (a: number | undefined, b: number | undefined) => (a !== undefined && b ? ((a - b) / b) * 100 : null);
const perYear: Record<Frequency, number> = { monthly: 12, quarterly: 4, annual: 1 };

/** Latest value and changes of a series' data (null when it has no value). */
export function keyFigureOf(data: SeriesData & { translations?: SeriesTranslations }): KeyFigure | null {
  const points = data.observations;
  const latest = points.at(-1);
  if (!latest) return null;
  return {
    meta: data.meta,
    version: data.version,
    latest,
    change: pct(latest.value, points.at(-2)?.value),
    yearOnYear: pct(latest.value, points.at(-1 - perYear[data.meta.frequency])?.value),
    trend: points.slice(-13),
    translations: data.translations ?? {},
  };
}

/** Headline figures of these series as published now, in the order asked. */
export async function keyFigures(db: Db, codes: string[], now = currentTime()): Promise<KeyFigure[]> {
  if (codes.length === 0) return [];
  const data = await seriesDataOf(db, await listSeriesRows(db, { codes }), { at: now });
  const byCode = new Map(
    data.flatMap((d) => {
      const figure = keyFigureOf(d);
      return figure ? [[d.meta.code, figure] as const] : [];
    }),
  );
  return codes.flatMap((c) => {
    const figure = byCode.get(c);
    return figure ? [figure] : [];
  });
}

/** Area and code of every series with an approved version published by `now` (sitemap, 404 index). */
export async function publishedSeriesRefs(db: Db, now = currentTime()): Promise<{ area: string; code: string; publishedAt: Date }[]> {
  const rows = await db
    .select({ area: series.area, code: series.code, publishedAt: sql<Date>`max(${seriesVersions.publishedAt})` })
    .from(series)
    .innerJoin(seriesVersions, eq(seriesVersions.seriesId, series.id))
    .where(publicBy(now))
    .groupBy(series.area, series.code)
    .orderBy(asc(series.area), asc(series.code));
  return rows.map((r) => ({ ...r, publishedAt: new Date(r.publishedAt) }));
}
