/**
 * Readers' subscriptions: subscribe (double opt-in: only a confirmation message until its link is
 * followed), confirm, change one's areas, unsubscribe, and the back-office's requests about one
 * address (export, deletion). The answer to a subscription never says whether the address was
 * already known: a new or pending address gets the confirmation message, a confirmed one a message
 * with the link to its preferences, and the form says the same « check your inbox » to both.
 */
import { and, count, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@/lib/db/open';
import { RateLimitedError } from '@/lib/errors';
import { locales, type Locale } from '@/lib/i18n/locales';
import { isAlertArea } from './areas';
import { alertAttempts, alertOutbox, alertSubscribers } from './schema';
import { hashEmail, hashToken, tokenShape } from './tokens';

/** The confirmation link works this long after the message is sent. */
export const CONFIRM_TTL_MS = 48 * 3_600_000;
/** Addresses never confirmed are deleted this long after they were given. */
export const PENDING_TTL_MS = 7 * 24 * 3_600_000;
const RATE_WINDOW_MS = 3_600_000;
/** Subscription requests per address and per hour (each sends a message to that address). */
export const MAX_PER_EMAIL = 3;
/** Subscription requests per client address and per hour. */
export const MAX_PER_IP = 20;

export const ALL_AREAS = 'tout';
export const topics = ['both', 'releases', 'corrections'] as const;
export type Topic = (typeof topics)[number];

const words = {
  fr: {
    email: 'Saisissez une adresse électronique valide, par exemple nom@exemple.org.',
    areas: 'Choisissez au moins une rubrique, ou « Toutes les rubriques ».',
    topic: 'Choisissez ce que vous voulez recevoir : parutions, corrections ou les deux.',
    rate: (m: number) => `Trop de demandes d’abonnement en peu de temps. Réessayez dans ${m} minute${m > 1 ? 's' : ''}.`,
  },
  en: {
    email: 'Enter a valid email address, for example name@example.org.',
    areas: 'Choose at least one topic, or “All topics”.',
    topic: 'Choose what you want to receive: releases, corrections or both.',
    rate: (m: number) => `Too many subscription requests in a short time. Try again in ${m} minute${m > 1 ? 's' : ''}.`,
  },
} satisfies Record<Locale, unknown>;

/** The preferences part of the forms (subscribe, manage), with messages in `locale`. */
function preferencesSchema(locale: Locale) {
  const w = words[locale];
  return z.object({
    areas: z
      .array(z.string().trim())
      .transform((list) => [...new Set(list.filter(Boolean))])
      .refine((list) => list.length > 0 && list.every((a) => a === ALL_AREAS || isAlertArea(a)), { message: w.areas }),
    topic: z.enum(topics, { message: w.topic }),
  });
}

/** The subscription form (`locale` is the page's: the messages will be in that language). */
export function subscribeSchema(locale: Locale) {
  // The address first: it is the first field of the form, and the first error said.
  return z.object({
    email: z
      .string({ message: words[locale].email })
      .trim()
      .toLowerCase()
      .max(254, { message: words[locale].email })
      .pipe(z.email({ message: words[locale].email })),
    ...preferencesSchema(locale).shape,
    locale: z.enum(locales).default(locale),
  });
}

export type Preferences = { allAreas: boolean; areas: string[]; releases: boolean; corrections: boolean };
export type SubscribeInput = z.infer<ReturnType<typeof subscribeSchema>>;

/** The form's fields as stored: « tout » wins over a list. */
export function toPreferences(input: { areas: string[]; topic: Topic }): Preferences {
  const allAreas = input.areas.includes(ALL_AREAS);
  return {
    allAreas,
    areas: allAreas ? [] : input.areas.sort(),
    releases: input.topic !== 'corrections',
    corrections: input.topic !== 'releases',
  };
}

/** Reads the form fields of a POST (`FormData`) into the schema's input. */
export function formInput(form: FormData): Record<string, unknown> {
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === 'string' ? v : undefined;
  };
  return {
    email: text('email'),
    // `areas[]`: several checkboxes of one name, which HTML validators accept with the brackets.
    areas: form.getAll('areas[]').filter((v): v is string => typeof v === 'string'),
    topic: text('topic') ?? 'both',
    locale: text('locale'),
  };
}

/** Throws `RateLimitedError` past the limits, else counts this attempt. */
async function countAttempt(tx: Db, email: string, ip: string | null, now: Date, locale: Locale) {
  const since = new Date(now.getTime() - RATE_WINDOW_MS);
  const emailHash = hashEmail(email);
  const recent = (where: ReturnType<typeof eq>) =>
    tx
      .select({ n: count(), oldest: sql<Date | string | null>`min(${alertAttempts.at})` })
      .from(alertAttempts)
      .where(and(where, gt(alertAttempts.at, since)));
  for (const [check, max] of [
    [recent(eq(alertAttempts.emailHash, emailHash)), MAX_PER_EMAIL],
    ...(ip ? [[recent(eq(alertAttempts.ip, ip)), MAX_PER_IP] as const] : []),
  ] as const) {
    const [row] = await check;
    if (row && row.n >= max) {
      const oldest = row.oldest ? new Date(row.oldest).getTime() : now.getTime();
      const seconds = Math.max(1, Math.ceil((oldest + RATE_WINDOW_MS - now.getTime()) / 1000));
      throw new RateLimitedError(words[locale].rate(Math.ceil(seconds / 60)), seconds);
    }
  }
  await tx.insert(alertAttempts).values({ emailHash, ip, at: now });
}

/**
 * A subscription request: creates or updates a pending subscriber and queues its confirmation
 * message, or, for a confirmed address, queues a message with the link to its preferences (which
 * this request does not change: only the address's owner can). Throws `RateLimitedError` past the
 * limits. Says nothing about which case it was.
 */
export async function subscribe(db: Db, input: SubscribeInput, { ip = null, now = new Date() }: { ip?: string | null; now?: Date } = {}) {
  const prefs = toPreferences(input);
  await db.transaction(async (tx) => {
    await countAttempt(tx, input.email, ip, now, input.locale);
    const [existing] = await tx.select().from(alertSubscribers).where(eq(alertSubscribers.email, input.email)).for('update');
    if (existing?.confirmedAt) {
      await tx.insert(alertOutbox).values({ subscriberId: existing.id, kind: 'manage', nextAttemptAt: now, createdAt: now });
      return;
    }
    let id = existing?.id;
    if (existing) {
      await tx
        .update(alertSubscribers)
        .set({ ...prefs, locale: input.locale, updatedAt: now })
        .where(eq(alertSubscribers.id, existing.id));
      // One confirmation waiting at a time: an unsent earlier one is replaced by this one.
      await tx
        .delete(alertOutbox)
        .where(and(eq(alertOutbox.subscriberId, existing.id), eq(alertOutbox.kind, 'confirm'), eq(alertOutbox.status, 'pending')));
    } else {
      const [row] = await tx
        .insert(alertSubscribers)
        .values({ email: input.email, locale: input.locale, ...prefs, createdAt: now, updatedAt: now })
        .returning({ id: alertSubscribers.id });
      id = row!.id;
    }
    await tx.insert(alertOutbox).values({ subscriberId: id!, kind: 'confirm', nextAttemptAt: now, createdAt: now });
  });
}

export type ConfirmResult = 'confirmed' | 'expired' | 'unknown';

/** Follows a confirmation link: `expired` after 48 h (the reader subscribes again), `unknown` for anything else. */
export async function confirmSubscription(db: Db, token: string, now = new Date()): Promise<ConfirmResult> {
  if (!tokenShape.test(token)) return 'unknown';
  const [row] = await db
    .select()
    .from(alertSubscribers)
    .where(eq(alertSubscribers.confirmTokenHash, hashToken(token)));
  if (!row) return 'unknown';
  if (!row.confirmExpiresAt || row.confirmExpiresAt <= now) return 'expired';
  await db
    .update(alertSubscribers)
    .set({ confirmedAt: row.confirmedAt ?? now, confirmTokenHash: null, confirmExpiresAt: null, updatedAt: now })
    .where(eq(alertSubscribers.id, row.id));
  return 'confirmed';
}

/** The subscriber a message's link (its unsubscribe/manage token) belongs to, or null. */
async function subscriberOfToken(db: Db, token: string) {
  if (!tokenShape.test(token)) return null;
  const [row] = await db
    .select({ subscriber: alertSubscribers })
    .from(alertOutbox)
    .innerJoin(alertSubscribers, eq(alertSubscribers.id, alertOutbox.subscriberId))
    .where(eq(alertOutbox.tokenHash, hashToken(token)));
  return row?.subscriber ?? null;
}

/** What the preferences page shows (never the address in full: the page may be shared or cached by a proxy). */
export type SubscriberView = Preferences & { locale: Locale; maskedEmail: string };

/** `a••••@example.org`: enough for its owner to recognise it. */
export const maskEmail = (email: string) => email.replace(/^(.)[^@]*/, (_, first: string) => `${first}••••`);

/** The preferences behind a message's link, or null (unsubscribed, or a wrong link). */
export async function preferencesOfToken(db: Db, token: string): Promise<SubscriberView | null> {
  const s = await subscriberOfToken(db, token);
  if (!s || !s.confirmedAt) return null;
  return {
    allAreas: s.allAreas,
    areas: s.areas,
    releases: s.releases,
    corrections: s.corrections,
    locale: s.locale === 'en' ? 'en' : 'fr',
    maskedEmail: maskEmail(s.email),
  };
}

/** The manage form (same fields as the subscription, without the address). */
export const manageSchema = (locale: Locale) => preferencesSchema(locale).extend({ locale: z.enum(locales).default(locale) });

/** Saves new preferences through a message's link; false when the link leads nowhere. */
export async function updatePreferences(
  db: Db,
  token: string,
  input: z.infer<ReturnType<typeof manageSchema>>,
  now = new Date(),
): Promise<boolean> {
  const s = await subscriberOfToken(db, token);
  if (!s || !s.confirmedAt) return false;
  await db
    .update(alertSubscribers)
    .set({ ...toPreferences(input), locale: input.locale, updatedAt: now })
    .where(eq(alertSubscribers.id, s.id));
  return true;
}

/**
 * Unsubscribes the address a message's link belongs to, and only it: the address and everything
 * about it is deleted. Idempotent (true when there was something to delete).
 */
export async function unsubscribe(db: Db, token: string): Promise<boolean> {
  const s = await subscriberOfToken(db, token);
  if (!s) return false;
  await db.delete(alertSubscribers).where(eq(alertSubscribers.id, s.id));
  return true;
}

/** Deletes addresses never confirmed after 7 days, and the rate limit's old counts. */
export async function pruneSubscriptions(db: Db, now = new Date()): Promise<number> {
  const gone = await db
    .delete(alertSubscribers)
    .where(and(isNull(alertSubscribers.confirmedAt), lt(alertSubscribers.createdAt, new Date(now.getTime() - PENDING_TTL_MS))))
    .returning({ id: alertSubscribers.id });
  await db.delete(alertAttempts).where(lt(alertAttempts.at, new Date(now.getTime() - 24 * 3_600_000)));
  return gone.length;
}
