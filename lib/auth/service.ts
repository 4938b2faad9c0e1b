/**
 * What the user API and the admin user screens do, whatever the sign-in mode: validation, rate
 * limiting, the rules on accounts (no self-deactivation, never the last active account) and the
 * audit log around the adapter's calls.
 */
import { writeAudit } from '@/lib/audit/write';
import type { Db } from '@/lib/db/open';
import { isDatabaseUnavailable } from '@/lib/db/unavailable';
import { DatabaseUnavailableError, ForbiddenError, InvalidCredentialsError, UnauthorizedError, ValidationError } from '@/lib/errors';
import { parseOrThrow } from '@/lib/validation';
import { eq } from 'drizzle-orm';
import { users } from '@/lib/db/schema';
import { acceptCode, WRONG_CODE } from './mfa/factors';
import { verifyPasskey, type RelyingParty } from './mfa/passkeys';
import { findStep, spendStep } from './mfa/steps';
import { assertLoginAllowed, recordLoginAttempt } from './rate-limit';
import { assertNotLastAdmin } from './roles';
import { createUserSchema, loginSchema, passkeySignInSchema, profileSchema, secondStepSchema, setActiveSchema } from './schemas';
import type { AccountUser, AuthAdapter, AuthRequest, SessionUser, WithCookies } from './types';

export type AuthDeps = { adapter: AuthAdapter; db: Db };

/** A refused code in supabase mode, which has no recovery codes of ours. */
const PROVIDER_WRONG_CODE = 'Code incorrect ou déjà utilisé : saisissez le code à 6 chiffres affiché maintenant par votre application.';

const has = (body: unknown, key: string) => !!body && typeof body === 'object' && key in body;

/**
 * Signs in, or throws: `ValidationError`, `RateLimitedError` (429), `InvalidCredentialsError` (401),
 * `SecondFactorRequiredError` (401 with the step's token: the password was right, a code comes next).
 * The body is `{ email, password }`, then `{ mfaToken, code | passkey }` for an account with a second
 * factor, or `{ passkeyToken, passkey }` for a password-less passkey (`rp`: who the passkey signs for).
 */
export async function signIn(deps: AuthDeps, request: AuthRequest, body: unknown, rp?: RelyingParty) {
  if (has(body, 'mfaToken')) return signInSecondStep(deps, request, body, rp);
  if (has(body, 'passkeyToken')) return signInWithPasskey(deps, request, body, rp);
  const { adapter, db } = deps;
  const input = parseOrThrow(loginSchema, body);
  await assertLoginAllowed(db, input.email, request.ip);
  try {
    const result = await adapter.signIn(request, input);
    await recordLoginAttempt(db, input.email, request.ip, true);
    await writeAudit(db, {
      user: result.value.user,
      action: 'user.sign_in',
      entityType: 'user',
      entityId: result.value.user.id,
      summary: 'Connexion',
      ip: request.ip,
    });
    return result;
  } catch (error) {
    if (error instanceof InvalidCredentialsError) {
      await recordLoginAttempt(db, input.email, request.ip, false);
      await writeAudit(db, {
        actor: input.email,
        action: 'user.sign_in_failed',
        entityType: 'user',
        summary: `Échec de connexion pour ${input.email}`,
        ip: request.ip,
      });
    }
    throw error;
  }
}

/** The session of a sign-in whose factors were all checked: the attempt counted as a success, audited. */
async function finish({ adapter, db }: AuthDeps, request: AuthRequest, userId: string, email: string, how: string) {
  if (!adapter.finishSignIn) throw new ValidationError('Ce mode de connexion ne gère pas de second facteur ici.');
  return opened(db, request, await adapter.finishSignIn(request, userId), email, how);
}

async function opened(db: Db, request: AuthRequest, result: WithCookies<{ user: SessionUser; token: string }>, email: string, how: string) {
  await recordLoginAttempt(db, email, request.ip, true);
  await writeAudit(db, {
    user: result.value.user,
    action: 'user.sign_in',
    entityType: 'user',
    entityId: result.value.user.id,
    summary: `Connexion (${how})`,
    ip: request.ip,
  });
  return result;
}

/**
 * The second call: the step's account, checked against the same failure counters as passwords
 * (ten failures in 15 minutes, per account and per address); a code is never accepted twice.
 */
async function signInSecondStep(deps: AuthDeps, request: AuthRequest, body: unknown, rp?: RelyingParty) {
  const { db } = deps;
  const input = parseOrThrow(secondStepSchema, body);
  const step = await findStep(db, input.mfaToken, 'sign_in');
  const [account] = step?.userId ? await db.select().from(users).where(eq(users.id, step.userId)) : [];
  if (!step || !account?.active)
    throw new InvalidCredentialsError('Cette étape de connexion a expiré : saisissez de nouveau votre mot de passe.');
  await assertLoginAllowed(db, account.email, request.ip);
  let how: string | null = null;
  // Supabase mode: Supabase checks the code (and refuses one already used) and opens the aal2 session.
  let provided: WithCookies<{ user: SessionUser; token: string }> | null = null;
  if (deps.adapter.verifySecondFactor) {
    if (input.code !== undefined && step.challenge) provided = await deps.adapter.verifySecondFactor(request, step.challenge, input.code);
    how = provided ? 'mot de passe et application (Supabase)' : null;
  } else if (input.passkey !== undefined) {
    if (!rp) throw new ValidationError('Clé d’accès indisponible ici.');
    how = await verifyPasskey(db, rp, { challenge: step.challenge, expectedUser: account.id, response: input.passkey }).then(
      () => 'mot de passe et clé d’accès',
      () => null,
    );
  } else {
    const kind = await acceptCode(db, account.id, input.code!);
    how = kind === 'totp' ? 'mot de passe et application' : kind === 'recovery' ? 'mot de passe et code de secours' : null;
  }
  if (!how || !(await spendStep(db, step.id))) {
    await recordLoginAttempt(db, account.email, request.ip, false);
    await writeAudit(db, {
      actor: account.email,
      action: 'user.sign_in_failed',
      entityType: 'user',
      entityId: account.id,
      summary: `Second facteur refusé pour ${account.email}`,
      ip: request.ip,
    });
    const message =
      input.passkey !== undefined
        ? 'La clé d’accès n’a pas été reconnue : réessayez.'
        : deps.adapter.verifySecondFactor
          ? PROVIDER_WRONG_CODE
          : WRONG_CODE;
    throw new InvalidCredentialsError(message, {
      code: ['Code incorrect.'],
    });
  }
  return provided ? opened(db, request, provided, account.email, how) : finish(deps, request, account.id, account.email, how);
}

/** A password-less sign-in: the passkey (with user verification) names its account. */
async function signInWithPasskey(deps: AuthDeps, request: AuthRequest, body: unknown, rp?: RelyingParty) {
  const { db } = deps;
  const input = parseOrThrow(passkeySignInSchema, body);
  const step = await findStep(db, input.passkeyToken, 'passkey_sign_in');
  if (!step || !rp) throw new InvalidCredentialsError('Cette étape de connexion a expiré : recommencez.');
  const userId = await verifyPasskey(db, rp, { challenge: step.challenge, expectedUser: null, response: input.passkey }).catch(() => null);
  const [account] = userId ? await db.select().from(users).where(eq(users.id, userId)) : [];
  if (!account?.active || !(await spendStep(db, step.id))) {
    if (request.ip) await assertLoginAllowed(db, '', request.ip);
    await recordLoginAttempt(db, '', request.ip, false);
    throw new InvalidCredentialsError('La clé d’accès n’a pas été reconnue : réessayez, ou connectez-vous avec votre mot de passe.');
  }
  await assertLoginAllowed(db, account.email, request.ip);
  return finish(deps, request, account.id, account.email, 'clé d’accès');
}

/** Ends the session (if any) and clears the cookies; always succeeds. */
export async function signOut({ adapter, db }: AuthDeps, request: AuthRequest): Promise<WithCookies<null>> {
  const { value: user } = await currentUser({ adapter, db }, request);
  const result = await adapter.signOut(request);
  if (user)
    await writeAudit(db, { user, action: 'user.sign_out', entityType: 'user', entityId: user.id, summary: 'Déconnexion', ip: request.ip });
  return result;
}

/**
 * The connected user, or null — also when the adapter fails (an unreachable provider): every entry
 * point (pages, actions, handlers, proxy) then treats the request as a visitor's. An unreachable
 * database is the exception: `DatabaseUnavailableError`, so an editor reads that the database is
 * down rather than being sent back to the sign-in page.
 */
export async function currentUser({ adapter }: AuthDeps, request: AuthRequest): Promise<WithCookies<SessionUser | null>> {
  return adapter.resolve(request).catch((error: unknown) => {
    if (isDatabaseUnavailable(error)) throw new DatabaseUnavailableError();
    return { value: null, cookies: [] };
  });
}

/** The connected user, or `UnauthorizedError`. */
export async function requireUser(deps: AuthDeps, request: AuthRequest): Promise<WithCookies<SessionUser>> {
  const { value, cookies } = await currentUser(deps, request);
  if (!value) throw new UnauthorizedError();
  return { value, cookies };
}

export async function listAccounts({ adapter }: AuthDeps, request: AuthRequest, actor: SessionUser): Promise<AccountUser[]> {
  return adapter.listUsers(request, actor);
}

export async function createAccountAs({ adapter, db }: AuthDeps, request: AuthRequest, actor: SessionUser, body: unknown) {
  const input = parseOrThrow(createUserSchema, body);
  const user = await adapter.createUser(request, actor, input);
  await writeAudit(db, {
    user: actor,
    action: 'user.create',
    entityType: 'user',
    entityId: user.id,
    summary: `Compte créé : ${user.name} <${user.email}>`,
    after: { name: user.name, email: user.email },
    ip: request.ip,
  });
  return user;
}

export async function updateOwnProfile({ adapter, db }: AuthDeps, request: AuthRequest, actor: SessionUser, body: unknown) {
  const input = parseOrThrow(profileSchema, body);
  const result = await adapter.updateProfile(request, actor, input);
  const changed = [
    input.name !== undefined && input.name !== actor.name ? 'nom' : null,
    input.email !== undefined && input.email.toLowerCase() !== actor.email.toLowerCase() ? 'adresse e-mail' : null,
    input.password !== undefined ? 'mot de passe' : null,
  ].filter(Boolean);
  await writeAudit(db, {
    user: result.value,
    action: input.password !== undefined ? 'user.password_change' : 'user.update',
    entityType: 'user',
    entityId: actor.id,
    summary: `Profil modifié (${changed.join(', ') || 'aucun changement'})`,
    before: { name: actor.name, email: actor.email },
    after: { name: result.value.name, email: result.value.email },
    ip: request.ip,
  });
  return result;
}

/** Deactivates or reactivates an account, refusing oneself and the last active account. */
export async function setAccountActive({ adapter, db }: AuthDeps, request: AuthRequest, actor: SessionUser, body: unknown) {
  const { userId, active } = parseOrThrow(setActiveSchema, body);
  if (!adapter.canDeactivate)
    throw new ForbiddenError('Les comptes sont gérés par le service d’authentification externe : activez-les ou désactivez-les là-bas.');
  const accounts = await adapter.listUsers(request, actor);
  const target = accounts.find((a) => a.id === userId);
  if (!target) throw new ForbiddenError('Ce compte n’existe pas ou plus.');
  if (!active) {
    if (userId === actor.id) throw new ForbiddenError('Vous ne pouvez pas désactiver votre propre compte.');
    if (!accounts.some((a) => a.active && a.id !== userId)) throw new ForbiddenError('Impossible de désactiver le dernier compte actif.');
    await db.transaction((tx) => assertNotLastAdmin(tx, userId, 'deactivate'));
  }
  if (target.active === active) return target;
  await adapter.setActive(request, actor, userId, active);
  await writeAudit(db, {
    user: actor,
    action: active ? 'user.reactivate' : 'user.deactivate',
    entityType: 'user',
    entityId: userId,
    summary: `${active ? 'Compte réactivé' : 'Compte désactivé'} : ${target.name} <${target.email}>`,
    before: { active: target.active },
    after: { active },
    ip: request.ip,
  });
  return { ...target, active };
}
