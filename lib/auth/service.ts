/**
 * What the user API and the admin user screens do, whatever the sign-in mode: validation, rate
 * limiting, the rules on accounts (no self-deactivation, never the last active account) and the
 * audit log around the adapter's calls.
 */
import { writeAudit } from '@/lib/audit/write';
import type { Db } from '@/lib/db/open';
import { isDatabaseUnavailable } from '@/lib/db/unavailable';
import { DatabaseUnavailableError, ForbiddenError, InvalidCredentialsError, UnauthorizedError } from '@/lib/errors';
import { parseOrThrow } from '@/lib/validation';
import { assertLoginAllowed, recordLoginAttempt } from './rate-limit';
import { assertNotLastAdmin } from './roles';
import { createUserSchema, loginSchema, profileSchema, setActiveSchema } from './schemas';
import type { AccountUser, AuthAdapter, AuthRequest, SessionUser, WithCookies } from './types';

export type AuthDeps = { adapter: AuthAdapter; db: Db };

/** Signs in, or throws: `ValidationError`, `RateLimitedError` (429), `InvalidCredentialsError` (401). */
export async function signIn({ adapter, db }: AuthDeps, request: AuthRequest, body: unknown) {
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
