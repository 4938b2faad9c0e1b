/**
 * Embedded sign-in mode (the default): accounts and sessions in our own database. Passwords are
 * hashed with scrypt (lib/auth/password.ts); session tokens are 256 random bits stored as SHA-256,
 * with idle and absolute expiry, and a new token at every sign-in.
 */
import { and, asc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/open';
import { sessions, users } from '@/lib/db/schema';
import { ConflictError, InvalidCredentialsError, NotFoundError, SecondFactorRequiredError, ValidationError } from '@/lib/errors';
import { CURRENT_PASSWORD_NEEDED, EMAIL_TAKEN, INVALID_CREDENTIALS, SECOND_FACTOR_NEEDED, WRONG_CURRENT_PASSWORD } from './messages';
import { factorSummary } from './mfa/factors';
import { openStep, STEP_SECONDS } from './mfa/steps';
import { hashPassword, needsRehash, verifyPassword } from './password';
import { roleOfNewAccount } from './roles';
import { hashToken, newSessionToken, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from './tokens';
import type { AccountUser, AuthAdapter, AuthRequest, CookieToSet, CreateUserInput, SessionUser } from './types';

const byEmail = (email: string) => sql`lower(${users.email}) = lower(${email.trim()})`;

/** The user of a valid session token (not revoked, not expired, not idle, account active), or null. */
export async function userForToken(db: Db, token: string, now = new Date()): Promise<SessionUser | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select({ sessionId: sessions.id, lastSeenAt: sessions.lastSeenAt, id: users.id, email: users.email, name: users.name })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
        eq(users.active, true),
      ),
    )
    .limit(1);
  if (!row) return null;
  // Sliding idle expiry, written at most once a minute per session.
  if (now.getTime() - row.lastSeenAt.getTime() > 60_000) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.sessionId));
  }
  return { id: row.id, email: row.email, name: row.name };
}

/** Creates an account (CLI, seed, `POST /api/user`). Throws `ConflictError` when the email exists. */
export async function createAccount(db: Db, input: CreateUserInput): Promise<AccountUser> {
  const [existing] = await db.select({ id: users.id }).from(users).where(byEmail(input.email)).limit(1);
  if (existing) throw new ConflictError(EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
  const passwordHash = await hashPassword(input.password);
  try {
    const [row] = await db
      .insert(users)
      .values({ email: input.email.trim(), name: input.name.trim(), passwordHash, role: roleOfNewAccount })
      .returning();
    return toAccount(row!);
  } catch (error) {
    // Two creations of the same address at once: the unique index decides.
    if (String((error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code) === '23505') {
      throw new ConflictError(EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
    }
    throw error;
  }
}

/** Starts a session: a fresh token, stored hashed. */
export async function startSession(db: Db, userId: string, request: Pick<AuthRequest, 'ip' | 'userAgent'>, now = new Date()) {
  const token = newSessionToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
    ip: request.ip,
    userAgent: request.userAgent?.slice(0, 300) ?? null,
  });
  return token;
}

/** Ends every session of a user, except the one holding `keepToken`. */
async function revokeSessions(db: Db, userId: string, keepToken?: string | null, now = new Date()) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keepToken ? ne(sessions.tokenHash, hashToken(keepToken)) : undefined),
    );
}

function toAccount(row: typeof users.$inferSelect): AccountUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
  };
}

/** The session cookie: httpOnly, SameSite=Lax, Secure outside localhost, lasting as long as the session may. */
export function sessionCookie(name: string, token: string, secure: boolean): CookieToSet {
  return { name, value: token, options: { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: SESSION_ABSOLUTE_MS / 1000 } };
}

const clearedCookie = (name: string, secure: boolean): CookieToSet => ({
  name,
  value: '',
  options: { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: 0 },
});

export function createEmbeddedAdapter({ db, cookieName }: { db: Db; cookieName: string }): AuthAdapter {
  /** The session of an account whose factors were all checked. */
  async function finishSignIn(request: AuthRequest, userId: string) {
    const now = new Date();
    const [row] = await db.update(users).set({ lastSignInAt: now }).where(eq(users.id, userId)).returning();
    if (!row?.active) throw new InvalidCredentialsError(INVALID_CREDENTIALS);
    const token = await startSession(db, row.id, request, now);
    return {
      value: { user: { id: row.id, email: row.email, name: row.name }, token },
      cookies: [sessionCookie(cookieName, token, request.secureCookies)],
    };
  }

  return {
    mode: 'embedded',
    canDeactivate: true,

    async signIn(request, { email, password }) {
      const [row] = await db.select().from(users).where(byEmail(email)).limit(1);
      // verifyPassword spends the same time on a missing account as on a real one.
      const ok = await verifyPassword(password, row?.passwordHash ?? null);
      if (!row || !ok || !row.active) throw new InvalidCredentialsError(INVALID_CREDENTIALS);
      const rehash = row.passwordHash && needsRehash(row.passwordHash) ? await hashPassword(password) : undefined;
      if (rehash) await db.update(users).set({ passwordHash: rehash }).where(eq(users.id, row.id));
      // An account with a second factor gets a five-minute step, not a session: the code comes next.
      const factors = await factorSummary(db, row.id);
      if (factors.totp || factors.passkeys.length > 0) {
        const mfaToken = await openStep(db, { userId: row.id, purpose: 'sign_in' });
        const methods = [...(factors.totp ? ['totp', 'recovery'] : []), ...(factors.passkeys.length > 0 ? ['passkey'] : [])];
        throw new SecondFactorRequiredError(SECOND_FACTOR_NEEDED, { mfaRequired: true, mfaToken, methods, expiresIn: STEP_SECONDS });
      }
      return finishSignIn(request, row.id);
    },

    finishSignIn,

    async signOut(request) {
      if (request.token && request.token.length <= 200) {
        await db
          .update(sessions)
          .set({ revokedAt: new Date() })
          .where(and(eq(sessions.tokenHash, hashToken(request.token)), isNull(sessions.revokedAt)));
      }
      return { value: null, cookies: [clearedCookie(cookieName, request.secureCookies)] };
    },

    async resolve(request) {
      return { value: request.token ? await userForToken(db, request.token) : null, cookies: [] };
    },

    createUser: (_request, _actor, input) => createAccount(db, input),

    async listUsers() {
      return (await db.select().from(users).orderBy(asc(users.createdAt), asc(users.email))).map(toAccount);
    },

    async updateProfile(request, actor, input) {
      const [row] = await db.select().from(users).where(eq(users.id, actor.id)).limit(1);
      if (!row) throw new NotFoundError('Ce compte n’existe plus.');
      const sensitive =
        input.password !== undefined || (input.email !== undefined && input.email.trim().toLowerCase() !== row.email.toLowerCase());
      if (sensitive && !input.currentPassword) {
        throw new ValidationError(CURRENT_PASSWORD_NEEDED, { currentPassword: [CURRENT_PASSWORD_NEEDED] });
      }
      if (sensitive && !(await verifyPassword(input.currentPassword ?? '', row.passwordHash))) {
        throw new InvalidCredentialsError(WRONG_CURRENT_PASSWORD, { currentPassword: [WRONG_CURRENT_PASSWORD] });
      }
      if (input.email !== undefined && input.email.trim().toLowerCase() !== row.email.toLowerCase()) {
        const [taken] = await db.select({ id: users.id }).from(users).where(byEmail(input.email)).limit(1);
        if (taken) throw new ConflictError(EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
      }
      const [updated] = await db
        .update(users)
        .set({
          name: input.name?.trim() ?? row.name,
          email: input.email?.trim() ?? row.email,
          ...(input.password !== undefined ? { passwordHash: await hashPassword(input.password) } : {}),
          updatedAt: new Date(),
        })
        .where(eq(users.id, row.id))
        .returning();
      if (input.password !== undefined) await revokeSessions(db, row.id, request.token);
      return { value: { id: updated!.id, email: updated!.email, name: updated!.name }, cookies: [] };
    },

    async setActive(_request, _actor, userId, active) {
      const [row] = await db.update(users).set({ active, updatedAt: new Date() }).where(eq(users.id, userId)).returning({ id: users.id });
      if (!row) throw new NotFoundError('Ce compte n’existe pas.');
      if (!active) await revokeSessions(db, userId);
    },
  };
}
