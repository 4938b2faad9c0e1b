/**
 * Queues the messages of an event in the transaction that makes it happen (the scheduler's run
 * that publishes a release or announces a correction): the event once (its key is unique), then one
 * outbox row per confirmed subscriber who wants it. If the transaction rolls back, nothing is
 * queued; once it commits, the messages will go out even if the process dies right after.
 */
import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/open';
import { releases, series, seriesVersions } from '@/lib/db/schema';
import { queryRows } from '@/lib/db/raw';
import { dataTables, dataTableVersions } from '@/lib/tables/schema';
import { alertEvents } from './schema';
import { currentTime } from '@/lib/clock';

/** Corrections announced this long ago or less are still told (a run that failed is caught up by the next). */
const CORRECTION_LOOKBACK_MS = 2 * 24 * 3_600_000;

type EventInput = {
  kind: 'release' | 'correction';
  key: string;
  area: string;
  ref: { releaseId?: number; seriesId?: number; tableId?: number; number?: number };
};

/** Records the event (once) and queues one message per subscriber who wants it; the number queued (0 if known). */
async function enqueueEvent(tx: Db, event: EventInput, now: Date): Promise<number> {
  const [row] = await tx
    .insert(alertEvents)
    .values({ ...event, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: alertEvents.id });
  if (!row) return 0;
  const wants = event.kind === 'release' ? sql`s.releases` : sql`s.corrections`;
  const queued = await queryRows<{ id: number }>(
    tx,
    sql`insert into alert_outbox (subscriber_id, event_id, kind, next_attempt_at, created_at)
        select s.id, ${row.id}, ${event.kind}, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz from alert_subscribers s
        where s.confirmed_at is not null and ${wants} and (s.all_areas or ${event.area} = any(s.areas))
        on conflict do nothing returning id`,
  );
  return queued.length;
}

/** Queues the alerts of these releases, just published (called by `publishDueItems` in its transaction). */
export async function enqueueReleaseAlerts(tx: Db, releaseIds: number[], now = currentTime()): Promise<number> {
  let n = 0;
  for (const id of releaseIds) {
    const [r] = await tx.select({ id: releases.id, area: releases.area }).from(releases).where(eq(releases.id, id));
    if (r) n += await enqueueEvent(tx, { kind: 'release', key: `release:${r.id}`, area: r.area, ref: { releaseId: r.id } }, now);
  }
  return n;
}

/**
 * Queues the alerts of the corrections (series and table versions of kind `correction`) that are public
 * (announced) and not told yet: those the scheduler announced in this same transaction, and those
 * an editor published at once since its last run (announced in the editor's own transaction, told
 * at the next run, 15 s later at most).
 */
export async function enqueueCorrectionAlerts(tx: Db, now = currentTime()): Promise<number> {
  const rows = await tx
    .select({ seriesId: series.id, area: series.area, number: seriesVersions.number })
    .from(seriesVersions)
    .innerJoin(series, eq(series.id, seriesVersions.seriesId))
    .where(
      and(
        eq(seriesVersions.kind, 'correction'),
        isNotNull(seriesVersions.announcedAt),
        gt(seriesVersions.announcedAt, new Date(now.getTime() - CORRECTION_LOOKBACK_MS)),
        sql`not exists (select 1 from alert_events e where e.key = 'correction:' || ${series.id} || ':' || ${seriesVersions.number})`,
      ),
    );
  const tables = await tx
    .select({ tableId: dataTables.id, area: dataTables.area, number: dataTableVersions.number })
    .from(dataTableVersions)
    .innerJoin(dataTables, eq(dataTables.id, dataTableVersions.tableId))
    .where(
      and(
        eq(dataTableVersions.kind, 'correction'),
        isNotNull(dataTableVersions.announcedAt),
        gt(dataTableVersions.announcedAt, new Date(now.getTime() - CORRECTION_LOOKBACK_MS)),
        sql`not exists (select 1 from alert_events e where e.key = 'table-correction:' || ${dataTables.id} || ':' || ${dataTableVersions.number})`,
      ),
    );
  const events: EventInput[] = [
    ...rows.map((r) => ({
      kind: 'correction' as const,
      key: `correction:${r.seriesId}:${r.number}`,
      area: r.area,
      ref: { seriesId: r.seriesId, number: r.number },
    })),
    ...tables.map((r) => ({
      kind: 'correction' as const,
      key: `table-correction:${r.tableId}:${r.number}`,
      area: r.area,
      ref: { tableId: r.tableId, number: r.number },
    })),
  ];
  let n = 0;
  for (const event of events) n += await enqueueEvent(tx, event, now);
  return n;
}
