/**
 * The National Summary Data Page from the database: every series whose metadata carries an IMF
 * indicator code, as published now, grouped by e-GDDS data category, with the next release of its
 * area from the calendar (never typed twice).
 */
import { isNotNull } from 'drizzle-orm';
import type { Db } from '@/lib/db/open';
import { series } from '@/lib/db/schema';
import { nextReleases, type PublicRelease } from '@/lib/releases/queries';
import type { Observation } from '@/lib/series/model';
import { seriesDataOf, type LocalizableSeriesData } from '@/lib/series/queries';
import { categoryOf, nsdpCategories, type NsdpCategory } from './categories';

export type NsdpSeries = LocalizableSeriesData & { indicator: string };

export type NsdpRow = {
  indicator: string;
  data: NsdpSeries;
  latest: Observation | null;
  /** The next release of the series' area still expected, if the calendar has one. */
  next: Pick<PublicRelease, 'slug' | 'title' | 'scheduledAt' | 'status' | 'provisionalLabel' | 'reason' | 'translations'> | null;
};

export type NsdpSection = { category: NsdpCategory; rows: NsdpRow[] };

/** The series of the page as published at `now`, by category in the e-GDDS order. */
export async function nsdpSeries(db: Db, now: Date): Promise<Map<string, NsdpSeries[]>> {
  const rows = await db.select().from(series).where(isNotNull(series.imfIndicator)).orderBy(series.imfIndicator, series.code);
  const data = await seriesDataOf(db, rows, { at: now });
  const byCategory = new Map<string, NsdpSeries[]>();
  for (const d of data) {
    const indicator = d.meta.imfIndicator!;
    const id = categoryOf(indicator).id;
    byCategory.set(id, [...(byCategory.get(id) ?? []), { ...d, indicator }]);
  }
  return byCategory;
}

export async function nsdpPage(db: Db, now: Date): Promise<NsdpSection[]> {
  const byCategory = await nsdpSeries(db, now);
  const areas = [...new Set([...byCategory.values()].flat().map((d) => d.meta.area))];
  const next = new Map(
    await Promise.all(areas.map(async (area) => [area, (await nextReleases(db, { now, limit: 1, area }))[0] ?? null] as const)),
  );
  return nsdpCategories.flatMap((category) => {
    const list = byCategory.get(category.id);
    if (!list) return [];
    return [
      {
        category,
        rows: list.map((data) => {
          const r = next.get(data.meta.area) ?? null;
          return {
            indicator: data.indicator,
            data,
            latest: data.observations.at(-1) ?? null,
            next: r
              ? {
                  slug: r.slug,
                  title: r.title,
                  scheduledAt: r.scheduledAt,
                  status: r.status,
                  provisionalLabel: r.provisionalLabel,
                  reason: r.reason,
                  translations: r.translations,
                }
              : null,
          };
        }),
      },
    ];
  });
}
