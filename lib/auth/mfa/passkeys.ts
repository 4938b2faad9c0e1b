/**
 * Passkeys (WebAuthn, through @simplewebauthn/server): registered from one's profile, several per
 * account, named and removable; used as the second factor after a password, or instead of it — a
 * password-less sign-in then requires user verification (the device's PIN or biometrics), so the
 * passkey alone is already two factors.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
  type WebAuthnCredential,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/open';
import { ConflictError, NotFoundError, ValidationError } from '@/lib/errors';
import { passkeys } from './schema';
import { findStep, openStep, setStepChallenge, spendStep } from './steps';

/** Who the browser talks to: the site's host name and the origins a signature may come from. */
export type RelyingParty = { id: string; name: string; origins: string[] };

const LOCAL = new Set(['localhost', '127.0.0.1']);

/**
 * The relying party of a request: the site's address (SITE_URL). On a local address (dev, tests)
 * the browser's own `localhost` origin is accepted too, because WebAuthn refuses IP addresses as
 * an RP ID and SITE_URL may say 127.0.0.1 there.
 */
export function relyingParty(siteUrl: string, requestHost: string | null, name: string): RelyingParty {
  const site = new URL(siteUrl);
  const host = (requestHost ?? '').split(',')[0]!.trim().toLowerCase();
  const hostname = host.split(':')[0]!;
  if (LOCAL.has(site.hostname) && hostname === 'localhost') {
    return { id: 'localhost', name, origins: [`${site.protocol}//${host}`] };
  }
  return { id: site.hostname, name, origins: [site.origin] };
}

const PASSKEY_FAILED = 'La clé d’accès n’a pas été reconnue : réessayez, ou utilisez un code de votre application.';

/** Registration options for the account's next passkey, with the step token that keeps their challenge. */
export async function beginPasskeyRegistration(db: Db, rp: RelyingParty, user: { id: string; email: string; name: string }) {
  const existing = await db.select().from(passkeys).where(eq(passkeys.userId, user.id));
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: existing.map((k) => ({ id: k.credentialId, transports: k.transports ?? undefined })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  const token = await openStep(db, { userId: user.id, purpose: 'passkey_register', challenge: options.challenge });
  return { options, token };
}

/** Verifies the browser's answer and keeps the passkey under its name. */
export async function finishPasskeyRegistration(
  db: Db,
  rp: RelyingParty,
  userId: string,
  input: { token: string; name: string; response: unknown },
) {
  const step = await findStep(db, input.token, 'passkey_register');
  if (!step || step.userId !== userId || !step.challenge) {
    throw new ValidationError('L’enregistrement de la clé d’accès a expiré : recommencez.');
  }
  const verification = await verifyRegistrationResponse({
    response: input.response as RegistrationResponseJSON,
    expectedChallenge: step.challenge,
    expectedOrigin: rp.origins,
    expectedRPID: rp.id,
    requireUserVerification: false,
  }).catch(() => null);
  if (!verification?.verified) throw new ValidationError('La clé d’accès n’a pas pu être vérifiée : recommencez.');
  if (!(await spendStep(db, step.id))) throw new ValidationError('L’enregistrement de la clé d’accès a expiré : recommencez.');
  const { credential } = verification.registrationInfo;
  const [taken] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.credentialId, credential.id));
  if (taken) throw new ConflictError('Cette clé d’accès est déjà enregistrée.');
  const [row] = await db
    .insert(passkeys)
    .values({
      userId,
      credentialId: credential.id,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? null,
      name: input.name,
    })
    .returning({ id: passkeys.id, name: passkeys.name });
  return row!;
}

/** Removes one of the account's passkeys. */
export async function removePasskey(db: Db, userId: string, id: string) {
  const [row] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ name: passkeys.name });
  if (!row) throw new NotFoundError('Cette clé d’accès n’existe pas ou plus.');
  return row;
}

/**
 * Authentication options. With a sign-in step (`mfaToken`, after the password), the step keeps the
 * challenge and only that account's passkeys are offered; without, a password-less step is opened
 * and the browser offers any passkey of this site.
 */
export async function beginPasskeySignIn(db: Db, rp: RelyingParty, mfaToken?: string) {
  if (mfaToken !== undefined) {
    const step = await findStep(db, mfaToken, 'sign_in');
    if (!step?.userId) throw new ValidationError('Cette étape de connexion a expiré : saisissez de nouveau votre mot de passe.');
    const keys = await db.select().from(passkeys).where(eq(passkeys.userId, step.userId));
    if (keys.length === 0) throw new ValidationError('Aucune clé d’accès n’est enregistrée pour ce compte.');
    const options = await generateAuthenticationOptions({
      rpID: rp.id,
      userVerification: 'preferred',
      allowCredentials: keys.map((k) => ({ id: k.credentialId, transports: k.transports ?? undefined })),
    });
    await setStepChallenge(db, step.id, options.challenge);
    return { options, token: mfaToken };
  }
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required' });
  const token = await openStep(db, { userId: null, purpose: 'passkey_sign_in', challenge: options.challenge });
  return { options, token };
}

/**
 * Checks a passkey's signature for a step; answers the account it proves. `expectedUser`: the
 * account of a sign-in step (second factor), null for a password-less one (any account's passkey,
 * with user verification). Throws a French `ValidationError` otherwise.
 */
export async function verifyPasskey(
  db: Db,
  rp: RelyingParty,
  { challenge, expectedUser, response }: { challenge: string | null; expectedUser: string | null; response: unknown },
): Promise<string> {
  const answer = response as AuthenticationResponseJSON;
  if (!challenge || typeof answer?.id !== 'string') throw new ValidationError(PASSKEY_FAILED);
  const [key] = await db.select().from(passkeys).where(eq(passkeys.credentialId, answer.id));
  if (!key || (expectedUser !== null && key.userId !== expectedUser)) throw new ValidationError(PASSKEY_FAILED);
  const verification = await verifyAuthenticationResponse({
    response: answer,
    expectedChallenge: challenge,
    expectedOrigin: rp.origins,
    expectedRPID: rp.id,
    credential: {
      id: key.credentialId,
      publicKey: isoBase64URL.toBuffer(key.publicKey),
      counter: key.counter,
      transports: (key.transports ?? undefined) as WebAuthnCredential['transports'],
    },
    requireUserVerification: expectedUser === null,
  }).catch(() => null);
  if (!verification?.verified) throw new ValidationError(PASSKEY_FAILED);
  await db
    .update(passkeys)
    .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: new Date() })
    .where(eq(passkeys.id, key.id));
  return key.userId;
}
