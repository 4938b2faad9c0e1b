/**
 * The outbox of alerts: claims due messages under a row lock (`FOR UPDATE SKIP LOCKED`, which
 * PGlite and Postgres both have) and a lease, sends them, and marks each sent as soon as the SMTP
 * server accepted it. Several app instances (or crons) can run it at once: a message claimed by one
 * is invisible to the others until its lease runs out. A runner that dies mid-send leaves its
 * unsent messages `sending`; once their lease is over, the next run takes them again. A failure is
 * retried with back-off (1, 2, 4… minutes, at most an hour) and given up after `maxAttempts`
 * (`failed`, shown in the back-office); an SMTP refusal of the address itself (5xx) at once.
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/open';
import { queryRows } from '@/lib/db/raw';
import type { Locale } from '@/lib/i18n/locales';
import { alertApiPaths, alertPaths } from '@/lib/content/addresses';
import { localePath } from '@/lib/i18n/paths';
import { correctionContent, releaseContent, tableCorrectionContent, type AlertContent, type ContentOptions } from './content';
import { domainOfAddress, isPermanent, type Mail, type Mailer } from './mailer';
import { alertEvents, alertOutbox, alertSubscribers } from './schema';
import { CONFIRM_TTL_MS, pruneSubscriptions } from './subscriptions';
import { alertMessage, confirmMessage, manageMessage } from './templates';
import { hashToken, newToken } from './tokens';
import { currentTime } from '@/lib/clock';

export type OutboxOptions = {
  mailer: Mailer;
  siteUrl: string;
  /** The sender (`MAIL_FROM`): its domain ends each `Message-ID` (else the site's host name). */
  mailFrom?: string;
  timeZone: string;
  now?: () => Date;
  /** Messages claimed at once. */
  batchSize?: number;
  /** Messages in flight at once (the SMTP pool's connections share them). */
  concurrency?: number;
  /** How long a claim holds before another runner may take the message again. */
  leaseMs?: number;
  maxAttempts?: number;
  /** Stop claiming after this long (a cron call has a time limit); the rest waits for the next run. */
  budgetMs?: number;
};

export type OutboxRun = { sent: number; retried: number; failed: number };

type Claimed = {
  id: number;
  subscriberId: number;
  eventId: number | null;
  kind: string;
  attempts: number;
  messageKey: string;
  email: string;
  locale: string;
};

/** Wait before the n-th retry: 1, 2, 4… minutes, at most an hour. */
export const backoffMs = (attempts: number) => Math.min(3_600_000, 60_000 * 2 ** Math.max(0, attempts - 1));

/** SMTP errors may quote the address: it never reaches the database or the logs. */
export const redact = (s: string) => s.replace(/[^\s<>()"',;:]+@[^\s<>()"',;:]+/g, '[adresse]').slice(0, 500);

/**
 * The domain of the `Message-ID`s: `MAIL_FROM`'s (the sender's domain, which DKIM signs for),
 * else the site's host name when the sender is a placeholder such as `alertes@localhost`.
 */
export function messageIdDomain(mailFrom: string | undefined, siteUrl: string): string {
  const domain = mailFrom ? domainOfAddress(mailFrom) : undefined;
  return domain && domain !== 'localhost' ? domain : new URL(siteUrl).hostname;
}

/** Claims up to `n` due messages for `leaseMs` (committed at once, so other runners skip them). */
async function claim(db: Db, n: number, now: Date, leaseMs: number): Promise<Claimed[]> {
  // Raw SQL: timestamps as ISO text, cast (postgres-js does not take a Date as a raw parameter).
  const until = new Date(now.getTime() + leaseMs).toISOString();
  const at = now.toISOString();
  const rows = await queryRows<{
    id: string | number;
    subscriber_id: number;
    event_id: number | null;
    kind: string;
    attempts: number;
    message_key: string;
  }>(
    db,
    sql`update alert_outbox o set status = 'sending', attempts = o.attempts + 1, locked_until = ${until}::timestamptz
        where o.id in (
          select id from alert_outbox
          where (status = 'pending' and next_attempt_at <= ${at}::timestamptz) or (status = 'sending' and locked_until < ${at}::timestamptz)
          order by id limit ${n} for update skip locked)
        returning o.id, o.subscriber_id, o.event_id, o.kind, o.attempts, o.message_key`,
  );
  if (rows.length === 0) return [];
  const subs = await db
    .select({ id: alertSubscribers.id, email: alertSubscribers.email, locale: alertSubscribers.locale })
    .from(alertSubscribers)
    .where(inArray(alertSubscribers.id, [...new Set(rows.map((r) => r.subscriber_id))]));
  const byId = new Map(subs.map((s) => [s.id, s]));
  return rows
    .map((r) => ({ r, s: byId.get(r.subscriber_id) }))
    .filter((x) => x.s)
    .map(({ r, s }) => ({
      id: Number(r.id),
      subscriberId: r.subscriber_id,
      eventId: r.event_id,
      kind: r.kind,
      attempts: r.attempts,
      messageKey: r.message_key,
      email: s!.email,
      locale: s!.locale,
    }));
}

/** Gives each message its own unsubscribe/manage token (stored hashed) before it is sent. */
async function attachTokens(db: Db, rows: Claimed[]): Promise<Map<number, string>> {
  const tokens = new Map(rows.filter((r) => r.kind !== 'confirm').map((r) => [r.id, newToken()]));
  if (tokens.size === 0) return tokens;
  const ids = [...tokens.keys()];
  const hashes = ids.map((id) => hashToken(tokens.get(id)!));
  const list = (values: (string | number)[]) =>
    sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    );
  await db.execute(
    sql`update alert_outbox o set token_hash = v.h
        from unnest(array[${list(ids)}]::bigint[], array[${list(hashes)}]::text[]) as v(id, h) where o.id = v.id`,
  );
  return tokens;
}

/**
 * Sends what is due, batch after batch, until nothing is left (or `budgetMs` is spent); then
 * deletes the addresses never confirmed after 7 days. Safe to run from several instances at once.
 */
export async function runOutbox(db: Db, o: OutboxOptions): Promise<OutboxRun> {
  const now = o.now ?? (() => currentTime());
  const started = Date.now();
  const leaseMs = o.leaseMs ?? 5 * 60_000;
  const maxAttempts = o.maxAttempts ?? 8;
  const concurrency = o.concurrency ?? 16;
  const result: OutboxRun = { sent: 0, retried: 0, failed: 0 };
  // Each event's content is read once per language for the whole run.
  const contents = new Map<string, Promise<AlertContent | null>>();
  const contentOptions = (): ContentOptions => ({ siteUrl: o.siteUrl, timeZone: o.timeZone, now: now() });
  const contentOf = (eventId: number, locale: Locale) => {
    const key = `${eventId}:${locale}`;
    if (!contents.has(key)) {
      contents.set(
        key,
        (async () => {
          const [e] = await db.select().from(alertEvents).where(eq(alertEvents.id, eventId));
          if (!e) return null;
          if (e.kind === 'release' && e.ref.releaseId) return releaseContent(db, e.ref.releaseId, locale, contentOptions());
          if (e.kind === 'correction' && e.ref.seriesId && e.ref.number)
            return correctionContent(db, { seriesId: e.ref.seriesId, number: e.ref.number }, locale, contentOptions());
          if (e.kind === 'correction' && e.ref.tableId && e.ref.number)
            return tableCorrectionContent(db, { tableId: e.ref.tableId, number: e.ref.number }, locale, contentOptions());
          return null;
        })(),
      );
    }
    return contents.get(key)!;
  };
  const idDomain = messageIdDomain(o.mailFrom, o.siteUrl);
  const url = (locale: Locale, path: string, token: string) => `${new URL(localePath(locale, path), o.siteUrl)}?jeton=${token}`;

  async function build(row: Claimed, token: string | undefined): Promise<Mail | null> {
    const locale: Locale = row.locale === 'en' ? 'en' : 'fr';
    const messageId = `<${row.messageKey}@${idDomain}>`;
    if (row.kind === 'confirm') {
      const confirm = newToken();
      const at = now();
      await db
        .update(alertSubscribers)
        .set({ confirmTokenHash: hashToken(confirm), confirmExpiresAt: new Date(at.getTime() + CONFIRM_TTL_MS), updatedAt: at })
        .where(eq(alertSubscribers.id, row.subscriberId));
      return { to: row.email, messageId, ...confirmMessage(locale, url(locale, alertPaths.confirm, confirm)) };
    }
    const links = { manage: url(locale, alertPaths.manage, token!), unsubscribe: url(locale, alertPaths.unsubscribe, token!) };
    // RFC 8058: the provider POSTs `List-Unsubscribe=One-Click` to this address (a GET shows the page).
    const oneClick = `${new URL(alertApiPaths.unsubscribe, o.siteUrl)}?jeton=${token}${locale === 'en' ? '&langue=en' : ''}`;
    if (row.kind === 'manage') return { to: row.email, messageId, unsubscribeUrl: oneClick, ...manageMessage(locale, links) };
    const content = row.eventId ? await contentOf(row.eventId, locale) : null;
    if (!content) return null;
    return { to: row.email, messageId, unsubscribeUrl: oneClick, ...alertMessage(locale, content, links) };
  }

  async function settle(row: Claimed, error: unknown) {
    const permanent = isPermanent(error);
    const give = permanent || row.attempts >= maxAttempts;
    const message = redact(error instanceof Error ? error.message : String(error));
    await db
      .update(alertOutbox)
      .set(
        give
          ? { status: 'failed', lockedUntil: null, lastError: message }
          : {
              status: 'pending',
              lockedUntil: null,
              lastError: message,
              nextAttemptAt: new Date(now().getTime() + backoffMs(row.attempts)),
            },
      )
      .where(and(eq(alertOutbox.id, row.id), eq(alertOutbox.status, 'sending')));
    if (give) result.failed += 1;
    else result.retried += 1;
  }

  for (;;) {
    if (o.budgetMs !== undefined && Date.now() - started > o.budgetMs) break;
    const claimedAt = Date.now();
    const rows = await claim(db, o.batchSize ?? 200, now(), leaseMs);
    if (rows.length === 0) break;
    const tokens = await attachTokens(db, rows);
    let next = 0;
    const worker = async () => {
      while (next < rows.length) {
        const row = rows[next++]!;
        // Past most of the lease, another runner may take the rest: leave them to it.
        if (Date.now() - claimedAt > leaseMs * 0.8) return;
        try {
          const mail = await build(row, tokens.get(row.id));
          if (mail) await o.mailer.send(mail);
          await db
            .update(alertOutbox)
            .set({ status: mail ? 'sent' : 'failed', sentAt: now(), lockedUntil: null, lastError: mail ? null : 'Contenu introuvable.' })
            .where(eq(alertOutbox.id, row.id));
          if (mail) result.sent += 1;
          else result.failed += 1;
        } catch (error) {
          await settle(row, error);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, rows.length) }, worker));
  }
  await pruneSubscriptions(db, now());
  // Confirmation and « manage » messages sent over a week ago carry nothing anyone needs any more.
  await db
    .delete(alertOutbox)
    .where(
      and(
        eq(alertOutbox.kind, 'confirm'),
        eq(alertOutbox.status, 'sent'),
        lt(alertOutbox.sentAt, new Date(now().getTime() - 7 * 86_400_000)),
      ),
    );
  return result;
}
