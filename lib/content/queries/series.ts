import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/db/open';
import { observations, series } from '@/lib/db/schema';

export type SeriesPoint = { period: string; value: number; status: 'provisional' | 'final' };

export type KeyFigure = {
  code: string;
  area: string;
  label: string;
  unit: string;
  basePeriod: string;
  frequency: 'monthly' | 'quarterly' | 'annual';
  decimals: number;
  latest: SeriesPoint;
  /** Change from the previous period, in percent. */
  change: number | null;
  /** Change from the same period a year earlier, in percent. */
  yearOnYear: number | null;
  /** Last 13 points, oldest first, for the trend line. */
  trend: SeriesPoint[];
};

const pct = (a: number | undefined, b: number | undefined) => (a !== undefined && b ? ((a - b) / b) * 100 : null);

/** Headline figures of these series (latest value, changes, trend), in the order asked. */
export async function keyFigures(db: Db, codes: string[]): Promise<KeyFigure[]> {
  if (codes.length === 0) return [];
  const rows = await db.select().from(series).where(inArray(series.code, codes));
  const figures = await Promise.all(
    rows.map(async (s) => {
      const points = await db
        .select({ period: observations.period, value: observations.value, status: observations.status })
        .from(observations)
        .where(eq(observations.seriesId, s.id))
        .orderBy(desc(observations.period))
        .limit(13);
      const [latest, previous] = points;
      if (!latest) return null;
      const periodsPerYear = s.frequency === 'monthly' ? 12 : s.frequency === 'quarterly' ? 4 : 1;
      return {
        code: s.code,
        area: s.area,
        label: s.label,
        unit: s.unit,
        basePeriod: s.basePeriod,
        frequency: s.frequency,
        decimals: s.decimals,
        latest,
        change: pct(latest.value, previous?.value),
        yearOnYear: pct(latest.value, points[periodsPerYear]?.value),
        trend: [...points].reverse(),
      } satisfies KeyFigure;
    }),
  );
  const byCode = new Map(figures.flatMap((f) => (f ? [[f.code, f] as const] : [])));
  return codes.flatMap((c) => (byCode.has(c) ? [byCode.get(c)!] : []));
}

/** Every observation of a series, oldest first (area pages' table). */
export async function seriesObservations(db: Db, code: string): Promise<SeriesPoint[]> {
  return db
    .select({ period: observations.period, value: observations.value, status: observations.status })
    .from(observations)
    .innerJoin(series, eq(series.id, observations.seriesId))
    .where(eq(series.code, code))
    .orderBy(asc(observations.period));
}
