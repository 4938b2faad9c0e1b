/** What the back-office's series screens read: every series with its latest and scheduled versions. */
import type { Db } from '@/lib/db/open';
import { type Frequency, type Observation } from './model';
import { latestVersions, listSeriesRows, valuesAt, type SeriesRow } from './queries';

export type AdminSeriesRow = {
  row: SeriesRow;
  /** Latest version published by now, and the one scheduled after it, if any. */
  published: { number: number; publishedAt: Date } | null;
  scheduled: { number: number; publishedAt: Date } | null;
  last: Observation | null;
};

export async function listSeriesForAdmin(db: Db, filter: { area?: string } = {}, now = new Date()): Promise<AdminSeriesRow[]> {
  const rows = await listSeriesRows(db, filter);
  const ids = rows.map((r) => r.id);
  const [published, all, values] = await Promise.all([latestVersions(db, ids, { at: now }), latestVersions(db, ids, { scheduled: true }), valuesAt(db, ids, { scheduled: true })]);
  return rows.map((row) => {
    const p = published.get(row.id);
    const a = all.get(row.id);
    return {
      row,
      published: p ? { number: p.number, publishedAt: p.publishedAt } : null,
      scheduled: a && a.publishedAt > now ? { number: a.number, publishedAt: a.publishedAt } : null,
      last: values.get(row.id)?.at(-1) ?? null,
    };
  });
}

/** The periods the grid offers: the last `back` with values and `ahead` after them (the next ones to enter). */
export function gridPeriods(values: Observation[], frequency: Frequency, back = 12, ahead = 3, today = new Date()): string[] {
  const step = frequency === 'monthly' ? 1 : frequency === 'quarterly' ? 3 : 12;
  const known = values.slice(-back).map((o) => o.period);
  const last = known.at(-1);
  const start = last
    ? new Date(`${last}T00:00:00Z`)
    : new Date(Date.UTC(today.getUTCFullYear() - (frequency === 'annual' ? 1 : 0), frequency === 'annual' ? 0 : today.getUTCMonth() - step - ((today.getUTCMonth()) % step), 1));
  const next: string[] = [];
  for (let i = 1; i <= ahead; i++) {
    const d = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + (last ? i * step : (i - 1) * step), 1));
    next.push(d.toISOString().slice(0, 10));
  }
  return [...known, ...next];
}
