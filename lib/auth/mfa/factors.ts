/**
 * An account's second factors in the embedded mode: its authenticator app (TOTP, RFC 6238 through
 * otplib), its ten recovery codes, and whether it has any factor at all (passkeys included).
 * Plain `(db, …)` functions; the secret is encrypted before it is written (secret-box.ts) and
 * never leaves this module but to the enrolment screen, once.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Db } from '@/lib/db/open';
import { ConflictError, ValidationError } from '@/lib/errors';
import { passkeys, recoveryCodes, userTotp } from './schema';
import { openSecret, sealSecret } from './secret-box';

/** One step of drift either way (RFC 6238 §5.2): a phone 30 s early or late still signs in. */
const DRIFT_SECONDS = 30;
const RECOVERY_CODE_COUNT = 10;

export const WRONG_CODE =
  'Code incorrect ou déjà utilisé : saisissez le code à 6 chiffres affiché maintenant par votre application, ou un code de secours.';

/** What the profile shows of an account's factors (never a secret). */
export type FactorSummary = {
  totp: boolean;
  /** An enrolment started but not confirmed by a first code. */
  totpPending: boolean;
  recoveryCodesLeft: number;
  passkeys: { id: string; name: string; createdAt: Date; lastUsedAt: Date | null }[];
};

/** The account's factors, for its profile and the sign-in step. */
export async function factorSummary(db: Db, userId: string): Promise<FactorSummary> {
  const [[totp], [codes], keys] = await Promise.all([
    db.select({ confirmedAt: userTotp.confirmedAt }).from(userTotp).where(eq(userTotp.userId, userId)),
    db
      .select({ n: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt))),
    db
      .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
      .from(passkeys)
      .where(eq(passkeys.userId, userId))
      .orderBy(passkeys.createdAt),
  ]);
  return {
    totp: !!totp?.confirmedAt,
    totpPending: !!totp && !totp.confirmedAt,
    recoveryCodesLeft: codes?.n ?? 0,
    passkeys: keys,
  };
}

/** The same, as the profile's client component receives it (dates as ISO strings). */
export async function securityState(db: Db, userId: string) {
  const summary = await factorSummary(db, userId);
  return {
    totp: summary.totp,
    recoveryCodesLeft: summary.recoveryCodesLeft,
    passkeys: summary.passkeys.map((k) => ({
      id: k.id,
      name: k.name,
      createdAt: k.createdAt.toISOString(),
      lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
    })),
  };
}

/** Which of these accounts have a confirmed second factor (the users screen). */
export async function accountsWithFactor(db: Db, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const [apps, keys] = await Promise.all([
    db
      .select({ id: userTotp.userId })
      .from(userTotp)
      .where(and(inArray(userTotp.userId, userIds), isNotNull(userTotp.confirmedAt))),
    db.selectDistinct({ id: passkeys.userId }).from(passkeys).where(inArray(passkeys.userId, userIds)),
  ]);
  return new Set([...apps, ...keys].map((r) => r.id));
}

/** Whether the account has a confirmed second factor (an authenticator app or a passkey). */
export async function hasSecondFactor(db: Db, userId: string): Promise<boolean> {
  const [[totp], [key]] = await Promise.all([
    db
      .select({ id: userTotp.userId })
      .from(userTotp)
      .where(and(eq(userTotp.userId, userId), isNotNull(userTotp.confirmedAt))),
    db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1),
  ]);
  return !!totp || !!key;
}

/**
 * Starts (or restarts) the enrolment of an authenticator app: a new secret, stored encrypted and
 * unconfirmed, with its `otpauth://` address and that address as an inline SVG QR code.
 */
export async function beginTotp(db: Db, user: { id: string; email: string }, issuer: string) {
  const [existing] = await db.select({ confirmedAt: userTotp.confirmedAt }).from(userTotp).where(eq(userTotp.userId, user.id));
  if (existing?.confirmedAt) throw new ConflictError('Une application d’authentification est déjà active : désactivez-la d’abord.');
  const secret = generateSecret();
  const secretEnc = sealSecret(secret);
  await db
    .insert(userTotp)
    .values({ userId: user.id, secretEnc })
    .onConflictDoUpdate({ target: userTotp.userId, set: { secretEnc, confirmedAt: null, lastStep: null, createdAt: new Date() } });
  const uri = generateURI({ issuer, label: user.email, secret });
  return { secret, uri, qrSvg: await qrSvgOf(uri) };
}

/** An `otpauth://` address as an inline SVG QR code, drawn here (never a provider's markup injected as is). */
export const qrSvgOf = (uri: string): Promise<string> => QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });

const normalizeCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();
const isTotpCode = (code: string) => /^\d{6}$/.test(normalizeCode(code));
const hashRecovery = (code: string) => createHash('sha256').update(normalizeCode(code)).digest('hex');

/**
 * Checks a 6-digit code against the account's app and, when it is right, records its time step so
 * that neither it nor an earlier one is accepted again — in one conditional update, so two
 * requests racing with the same code cannot both pass.
 */
async function acceptTotp(db: Db, userId: string, code: string, { confirmed, now }: { confirmed: boolean; now: Date }): Promise<boolean> {
  const [row] = await db.select().from(userTotp).where(eq(userTotp.userId, userId));
  if (!row || !!row.confirmedAt !== confirmed) return false;
  let secret: string;
  try {
    secret = openSecret(row.secretEnc);
  } catch (error) {
    // A changed key: the code is refused (recovery codes and passkeys still work) and the operator told why.
    console.error((error as Error).message);
    return false;
  }
  const result = await verify({
    secret,
    token: normalizeCode(code),
    epochTolerance: DRIFT_SECONDS,
    epoch: Math.floor(now.getTime() / 1000),
    ...(row.lastStep !== null ? { afterTimeStep: row.lastStep } : {}),
  }).catch(() => ({ valid: false as const }));
  if (!result.valid || !('timeStep' in result)) return false;
  const step = result.timeStep;
  const [updated] = await db
    .update(userTotp)
    .set({ lastStep: step, ...(confirmed ? {} : { confirmedAt: now }) })
    .where(and(eq(userTotp.userId, userId), or(isNull(userTotp.lastStep), lt(userTotp.lastStep, step))))
    .returning({ userId: userTotp.userId });
  return !!updated;
}

/** Ten new recovery codes (`xxxxx-xxxxx`), replacing any left: returned once, stored hashed. */
async function newRecoveryCodes(db: Db, userId: string): Promise<string[]> {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(10)].map((b) => alphabet[b % alphabet.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashRecovery(code) })));
  return codes;
}

/**
 * Confirms the enrolment with a first code from the app; answers the ten recovery codes (shown
 * once). A wrong code throws a French `ValidationError` and changes nothing.
 */
export async function confirmTotp(db: Db, userId: string, code: string, now = new Date()): Promise<string[]> {
  if (!isTotpCode(code) || !(await acceptTotp(db, userId, code, { confirmed: false, now }))) {
    throw new ValidationError('Code incorrect : saisissez le code à 6 chiffres affiché maintenant par votre application.', {
      code: ['Code incorrect.'],
    });
  }
  return newRecoveryCodes(db, userId);
}

/**
 * Checks a second-factor code at sign-in or before a sensitive change: a 6-digit code of the app
 * (one step of drift, never twice), or one unused recovery code (then spent). True when accepted.
 */
export async function acceptCode(db: Db, userId: string, code: string, now = new Date()): Promise<'totp' | 'recovery' | null> {
  if (typeof code !== 'string' || code.length > 40) return null;
  if (isTotpCode(code)) return (await acceptTotp(db, userId, code, { confirmed: true, now })) ? 'totp' : null;
  const [spent] = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashRecovery(code)), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return spent ? 'recovery' : null;
}

/** Turns the app off with a current code (or a recovery code); its recovery codes go with it. */
export async function disableTotp(db: Db, userId: string, code: string, now = new Date()): Promise<void> {
  if (!(await acceptCode(db, userId, code, now))) throw new ValidationError(WRONG_CODE, { code: ['Code incorrect.'] });
  await db.delete(userTotp).where(eq(userTotp.userId, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

/** An administrator's reset of someone's factors (a lost phone): app, recovery codes and passkeys. */
export async function resetFactors(db: Db, userId: string): Promise<{ removed: boolean }> {
  const [totp] = await db.delete(userTotp).where(eq(userTotp.userId, userId)).returning({ id: userTotp.userId });
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  const keys = await db.delete(passkeys).where(eq(passkeys.userId, userId)).returning({ id: passkeys.id });
  return { removed: !!totp || keys.length > 0 };
}

/** Ten new recovery codes in place of the old ones, with a current code of the app (not a recovery code). */
export async function renewRecoveryCodes(db: Db, userId: string, code: string, now = new Date()): Promise<string[]> {
  if (!isTotpCode(code) || !(await acceptTotp(db, userId, code, { confirmed: true, now }))) {
    throw new ValidationError(WRONG_CODE, { code: ['Code incorrect.'] });
  }
  return newRecoveryCodes(db, userId);
}
