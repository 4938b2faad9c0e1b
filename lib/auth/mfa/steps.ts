/**
 * Short-lived steps of a sign-in or a passkey ceremony (`mfa_challenges`): a random token given to
 * the client, stored as its SHA-256, used once. A sign-in step starts after a right password and
 * lasts five minutes: it is not a session and opens nothing by itself.
 */
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '@/lib/db/open';
import { hashToken, newSessionToken } from '@/lib/auth/tokens';
import { mfaChallenges } from './schema';

export const STEP_SECONDS = 300;

export type StepPurpose = 'sign_in' | 'passkey_sign_in' | 'passkey_register';

/** Opens a step; answers its token. Expired steps of a day ago are pruned on the way. */
export async function openStep(
  db: Db,
  {
    userId,
    purpose,
    challenge = null,
    now = new Date(),
  }: { userId: string | null; purpose: StepPurpose; challenge?: string | null; now?: Date },
): Promise<string> {
  const token = newSessionToken();
  await db.delete(mfaChallenges).where(lt(mfaChallenges.expiresAt, new Date(now.getTime() - 24 * 60 * 60 * 1000)));
  await db.insert(mfaChallenges).values({
    tokenHash: hashToken(token),
    userId,
    purpose,
    challenge,
    expiresAt: new Date(now.getTime() + STEP_SECONDS * 1000),
  });
  return token;
}

/** A live step of this purpose (not used, not expired), or null. */
export async function findStep(db: Db, token: unknown, purpose: StepPurpose, now = new Date()) {
  if (typeof token !== 'string' || !token || token.length > 200) return null;
  const [row] = await db
    .select()
    .from(mfaChallenges)
    .where(
      and(
        eq(mfaChallenges.tokenHash, hashToken(token)),
        eq(mfaChallenges.purpose, purpose),
        isNull(mfaChallenges.usedAt),
        gt(mfaChallenges.expiresAt, now),
      ),
    );
  return row ?? null;
}

/** Attaches a WebAuthn challenge to a live step (a passkey as the second factor of a sign-in). */
export async function setStepChallenge(db: Db, id: string, challenge: string) {
  await db.update(mfaChallenges).set({ challenge }).where(eq(mfaChallenges.id, id));
}

/** Spends a step; false when another request spent it first (one step, one session). */
export async function spendStep(db: Db, id: string, now = new Date()): Promise<boolean> {
  const [row] = await db
    .update(mfaChallenges)
    .set({ usedAt: now })
    .where(and(eq(mfaChallenges.id, id), isNull(mfaChallenges.usedAt)))
    .returning({ id: mfaChallenges.id });
  return !!row;
}
