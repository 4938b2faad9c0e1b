/**
 * What the back-office reads and does about alerts. Counts carry no address; the outbox's failures
 * show the message's kind, event and (redacted) error, never whom it was for. Only the export and
 * the deletion of one address on its owner's request (personal data) name an address, and only for
 * administrators (lib/admin/access.ts `needs.alertSubscriber`).
 */
import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/open';
import { queryRows } from '@/lib/db/raw';
import { alertAreaLabel, alertAreas } from './areas';
import { alertEvents, alertOutbox, alertSubscribers } from './schema';

export type SubscriberCounts = {
  confirmed: number;
  pending: number;
  allAreas: number;
  byArea: { area: string; label: string; count: number }[];
};

/** Confirmed subscribers per area (« tout » counted apart), and addresses awaiting confirmation. */
export async function subscriberCounts(db: Db): Promise<SubscriberCounts> {
  const [confirmed] = await db.select({ n: count() }).from(alertSubscribers).where(isNotNull(alertSubscribers.confirmedAt));
  const [pending] = await db.select({ n: count() }).from(alertSubscribers).where(isNull(alertSubscribers.confirmedAt));
  const [all] = await db
    .select({ n: count() })
    .from(alertSubscribers)
    .where(and(isNotNull(alertSubscribers.confirmedAt), eq(alertSubscribers.allAreas, true)));
  const list = await queryRows<{ area: string; n: string | number }>(
    db,
    sql`select a as area, count(*) as n from alert_subscribers, unnest(areas) as a where confirmed_at is not null group by a`,
  );
  const byArea = new Map(list.map((r) => [r.area, Number(r.n)]));
  return {
    confirmed: confirmed?.n ?? 0,
    pending: pending?.n ?? 0,
    allAreas: all?.n ?? 0,
    byArea: alertAreas().map((a) => ({ area: a.slug, label: alertAreaLabel(a.slug, 'fr'), count: byArea.get(a.slug) ?? 0 })),
  };
}

export type OutboxState = {
  byStatus: Record<'pending' | 'sending' | 'sent' | 'failed', number>;
  events: { id: number; kind: string; area: string; createdAt: Date; sent: number; waiting: number; failed: number }[];
  failures: { id: number; kind: string; eventId: number | null; attempts: number; lastError: string | null; createdAt: Date }[];
};

/** The outbox: messages per state, the latest events with their progress, the messages given up. */
export async function outboxState(db: Db): Promise<OutboxState> {
  const statuses = await db.select({ status: alertOutbox.status, n: count() }).from(alertOutbox).groupBy(alertOutbox.status);
  const byStatus = { pending: 0, sending: 0, sent: 0, failed: 0 };
  for (const s of statuses) if (s.status in byStatus) byStatus[s.status as keyof typeof byStatus] = s.n;
  const events = await db
    .select({
      id: alertEvents.id,
      kind: alertEvents.kind,
      area: alertEvents.area,
      createdAt: alertEvents.createdAt,
      sent: sql<number>`count(*) filter (where ${alertOutbox.status} = 'sent')`.mapWith(Number),
      waiting: sql<number>`count(*) filter (where ${alertOutbox.status} in ('pending', 'sending'))`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${alertOutbox.status} = 'failed')`.mapWith(Number),
    })
    .from(alertEvents)
    .leftJoin(alertOutbox, eq(alertOutbox.eventId, alertEvents.id))
    .groupBy(alertEvents.id)
    .orderBy(desc(alertEvents.id))
    .limit(20);
  const failures = await db
    .select({
      id: alertOutbox.id,
      kind: alertOutbox.kind,
      eventId: alertOutbox.eventId,
      attempts: alertOutbox.attempts,
      lastError: alertOutbox.lastError,
      createdAt: alertOutbox.createdAt,
    })
    .from(alertOutbox)
    .where(eq(alertOutbox.status, 'failed'))
    .orderBy(desc(alertOutbox.id))
    .limit(50);
  return { byStatus, events, failures };
}

/** Everything kept about one address (its owner's request), or null when it is not subscribed. */
export async function exportSubscriber(db: Db, email: string) {
  const [s] = await db.select().from(alertSubscribers).where(eq(alertSubscribers.email, email.trim().toLowerCase()));
  if (!s) return null;
  const messages = await db
    .select({ kind: alertOutbox.kind, status: alertOutbox.status, createdAt: alertOutbox.createdAt, sentAt: alertOutbox.sentAt })
    .from(alertOutbox)
    .where(eq(alertOutbox.subscriberId, s.id))
    .orderBy(alertOutbox.id);
  return {
    email: s.email,
    locale: s.locale,
    allAreas: s.allAreas,
    areas: s.areas,
    releases: s.releases,
    corrections: s.corrections,
    subscribedAt: s.createdAt.toISOString(),
    confirmedAt: s.confirmedAt?.toISOString() ?? null,
    messages: messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString(), sentAt: m.sentAt?.toISOString() ?? null })),
  };
}

/** Deletes one address and everything about it; false when it was not subscribed. */
export async function deleteSubscriber(db: Db, email: string): Promise<boolean> {
  const gone = await db
    .delete(alertSubscribers)
    .where(eq(alertSubscribers.email, email.trim().toLowerCase()))
    .returning({ id: alertSubscribers.id });
  return gone.length > 0;
}

/** What `exportSubscriber` gives for a subscribed address. */
export type SubscriberExport = NonNullable<Awaited<ReturnType<typeof exportSubscriber>>>;
