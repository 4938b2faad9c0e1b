/**
 * Sign-in rate limiting, per account and per client address, in the database (so it holds across
 * app instances and restarts). The 11th failure within 15 minutes is refused with 429, whatever
 * the body says, until the oldest counted failure leaves the window.
 *
 * So that an attacker hammering an account cannot lock its owner out for good, the per-account
 * count ignores addresses from which that account signed in successfully in the last 30 days: the
 * owner's usual office or phone is only subject to its own per-address limit.
 */
import { and, count, eq, gt, lt, min, notInArray, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/open';
import { loginAttempts } from '@/lib/db/schema';
import { RateLimitedError } from '@/lib/errors';

const LOGIN_WINDOW_MS = 15 * 60 * 1000;
const LOGIN_MAX_FAILURES = 10;
const TRUSTED_MS = 30 * 24 * 60 * 60 * 1000;

const normalizeEmail = (email: string) => email.trim().toLowerCase().slice(0, 320);

/** Throws `RateLimitedError` when this email or this address already has 10 recent failures. */
export async function assertLoginAllowed(db: Db, email: string, ip: string | null, now = new Date()) {
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
  const who = normalizeEmail(email);
  const trusted = ip
    ? (
        await db
          .selectDistinct({ ip: loginAttempts.ip })
          .from(loginAttempts)
          .where(
            and(eq(loginAttempts.email, who), eq(loginAttempts.success, true), gt(loginAttempts.at, new Date(now.getTime() - TRUSTED_MS))),
          )
      ).map((r) => r.ip!)
    : [];
  const failures = (where: ReturnType<typeof and>) =>
    db
      .select({ n: count(), oldest: min(loginAttempts.at) })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.success, false), gt(loginAttempts.at, since), where));
  const checks = [
    trusted.includes(ip ?? '')
      ? null
      : failures(
          and(eq(loginAttempts.email, who), trusted.length ? notInArray(sql`coalesce(${loginAttempts.ip}, '')`, trusted) : undefined),
        ),
    ip ? failures(eq(loginAttempts.ip, ip)) : null,
  ];
  for (const check of checks) {
    if (!check) continue;
    const [row] = await check;
    if (row && row.n >= LOGIN_MAX_FAILURES) {
      const oldest = row.oldest ? new Date(row.oldest).getTime() : now.getTime();
      const retryAfterSeconds = Math.max(1, Math.ceil((oldest + LOGIN_WINDOW_MS - now.getTime()) / 1000));
      const minutes = Math.ceil(retryAfterSeconds / 60);
      throw new RateLimitedError(
        `Trop de tentatives de connexion échouées. Réessayez dans ${minutes} minute${minutes > 1 ? 's' : ''}.`,
        retryAfterSeconds,
      );
    }
  }
}

/** Records one attempt; a success also prunes attempts older than a day. */
export async function recordLoginAttempt(db: Db, email: string, ip: string | null, success: boolean, now = new Date()) {
  await db.insert(loginAttempts).values({ email: normalizeEmail(email), ip, success, at: now });
  if (success) await db.delete(loginAttempts).where(lt(loginAttempts.at, new Date(now.getTime() - 24 * 60 * 60 * 1000)));
}
