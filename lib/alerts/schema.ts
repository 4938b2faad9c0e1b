/**
 * Email alerts' tables (issue 28): subscribers, the events they are told about, the outbox of
 * messages, and the subscription attempts counted by the rate limit. No token is stored in clear:
 * only SHA-256 hashes (lib/alerts/tokens.ts). The rate limit keeps a hash of the address, never
 * the address itself.
 */
import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One address and what it wants: areas (or all), releases and/or corrections, in one language. */
export const alertSubscribers = pgTable(
  'alert_subscribers',
  {
    id: serial('id').primaryKey(),
    /** Lower-cased and trimmed: one row per address. */
    email: text('email').notNull(),
    locale: text('locale').notNull().default('fr'),
    /** « tout »: every area, present and future. */
    allAreas: boolean('all_areas').notNull().default(false),
    areas: text('areas')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    releases: boolean('releases').notNull().default(true),
    corrections: boolean('corrections').notNull().default(true),
    /** Null until the link of the confirmation message is followed: nothing else is sent before. */
    confirmedAt: ts('confirmed_at'),
    /** SHA-256 of the confirmation link's token, set when that message is sent; null once used. */
    confirmTokenHash: text('confirm_token_hash'),
    confirmExpiresAt: ts('confirm_expires_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('alert_subscribers_email_key').on(t.email),
    uniqueIndex('alert_subscribers_confirm_key').on(t.confirmTokenHash),
    index('alert_subscribers_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.confirmedAt} is null`),
  ],
);

/** Something subscribers are told about, once: a release out, a correction of a series. */
export const alertEvents = pgTable(
  'alert_events',
  {
    id: serial('id').primaryKey(),
    /** `release` or `correction`. */
    kind: text('kind').notNull(),
    /** `release:12`, `correction:IPC:7`: the same event is never enqueued twice. */
    key: text('key').notNull(),
    area: text('area').notNull(),
    /** What the message is built from: `{ releaseId }` or `{ seriesId, number }`. */
    ref: jsonb('ref').$type<{ releaseId?: number; seriesId?: number; tableId?: number; number?: number }>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('alert_events_key').on(t.key)],
);

/**
 * One message to one subscriber. `pending` → claimed `sending` (with a lease: `locked_until`) →
 * `sent`, or back to `pending` later (back-off) after a failure, or `failed` after the last try.
 */
export const alertOutbox = pgTable(
  'alert_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => alertSubscribers.id, { onDelete: 'cascade' }),
    /** Null for the messages about the subscription itself (confirmation, manage link). */
    eventId: integer('event_id').references(() => alertEvents.id, { onDelete: 'cascade' }),
    /** `confirm`, `manage`, `release` or `correction`. */
    kind: text('kind').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lockedUntil: ts('locked_until'),
    /** SHA-256 of the unsubscribe/manage token in this message (only that address). */
    tokenHash: text('token_hash'),
    lastError: text('last_error'),
    /**
     * The random part of the message's `Message-ID`, drawn once when the row is made: a retry of
     * the same message sends the same ID (receivers drop the duplicate), and another database
     * (a restore elsewhere, a new install) never repeats it for the same numbers.
     */
    messageKey: text('message_key')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    createdAt: ts('created_at').notNull().defaultNow(),
    sentAt: ts('sent_at'),
  },
  (t) => [
    uniqueIndex('alert_outbox_event_subscriber').on(t.eventId, t.subscriberId),
    uniqueIndex('alert_outbox_token').on(t.tokenHash),
    index('alert_outbox_due_idx').on(t.status, t.nextAttemptAt),
  ],
);

/** Subscription attempts, for the rate limit: a hash of the address, the client address. */
export const alertAttempts = pgTable(
  'alert_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    emailHash: text('email_hash').notNull(),
    ip: text('ip'),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('alert_attempts_email_idx').on(t.emailHash, t.at), index('alert_attempts_ip_idx').on(t.ip, t.at)],
);
