/**
 * Supabase sign-in mode: accounts and sessions live in Supabase Auth (GoTrue). A browser session
 * is Supabase's own chunked cookies, read and written by `@supabase/ssr`; API clients send the
 * access token as `Authorization: Bearer`. Every session is checked against Supabase on each
 * request (`getUser`, a server round trip), so a revoked session or a banned account stops at once.
 * Managing accounts needs the service-role key. Supabase users are mirrored into our `users` table.
 *
 * Second factors are Supabase's own (TOTP, its MFA API): an account with a verified factor gets no
 * session for its password alone — a five-minute step holds the `aal1` tokens, sealed, and the code
 * is checked by Supabase (challenge + verify), whose `aal2` session is then written. A session of such
 * an account whose access token (verified by Supabase) is below `aal2` is no session here.
 */
import { createServerClient, type CookieMethodsServer } from '@supabase/ssr';
import {
  createClient,
  isAuthApiError,
  isAuthError,
  isAuthSessionMissingError,
  type AuthError,
  type SupabaseClient,
  type User,
  type UserAttributes,
} from '@supabase/supabase-js';
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/open';
import { users } from '@/lib/db/schema';
import {
  ConflictError,
  ForbiddenError,
  InvalidCredentialsError,
  NotFoundError,
  RateLimitedError,
  SecondFactorRequiredError,
  UnauthorizedError,
  UpstreamError,
  ValidationError,
} from '@/lib/errors';
import { withProviderFactor } from './assurance';
import { openSecret, sealSecret } from './mfa/secret-box';
import { openStep, STEP_SECONDS } from './mfa/steps';
import { externalIdOf, mirrorProviderUser, mirrorProviderUsers } from './mirror';
import type { AuthAdapter, AuthRequest, CookieOptions, CookieToSet, ProviderUser, SessionUser } from './types';
import { CURRENT_PASSWORD_NEEDED, EMAIL_TAKEN, INVALID_CREDENTIALS, WRONG_CURRENT_PASSWORD } from './messages';

export type SupabaseAdapterOptions = {
  db: Db;
  /** Project URL, e.g. `https://abcd.supabase.co`. */
  url: string;
  /** Anon (publishable) key: sign-in, sessions, the user's own profile. */
  anonKey: string;
  /** Service-role key, server only: listing, creating and (de)activating accounts. */
  serviceRoleKey?: string;
};

const UNREACHABLE = 'Le service de connexion (Supabase) est injoignable. Réessayez dans un instant.';
const INVALID_EMAIL = 'Adresse e-mail invalide : vérifiez-la.';
const WEAK_PASSWORD = 'Mot de passe refusé par Supabase : choisissez-en un plus long ou plus varié.';
const SAME_PASSWORD = "Choisissez un mot de passe différent de l'actuel.";
const TOO_MANY = 'Trop de demandes envoyées à Supabase. Réessayez dans quelques minutes.';
const NO_SERVICE_KEY =
  'La gestion des comptes demande la clé SUPABASE_SERVICE_ROLE_KEY dans la configuration du serveur : ajoutez-la puis redémarrez.';
const SERVICE_KEY_REFUSED = 'Supabase refuse la clé SUPABASE_SERVICE_ROLE_KEY : vérifiez sa valeur dans la configuration du serveur.';
const ACCOUNT_GONE = "Ce compte n'existe plus chez Supabase.";
const REJECTED = 'Supabase a refusé ces informations. Vérifiez les champs et réessayez.';
const CONCURRENT_CHANGE = 'Ce compte est en cours de modification ailleurs. Réessayez dans un instant.';
const OTHER_SESSIONS_OPEN =
  "Le mot de passe est changé, mais vos autres sessions n'ont pas pu être fermées. Déconnectez-vous puis reconnectez-vous.";

/** GoTrue has no permanent ban: a hundred years (a Go duration) stands for one. */
const BAN_FOREVER = '876000h';
const PAGE_SIZE = 200;
const TIMEOUT_MS = 10_000;
const RATE_LIMIT_RETRY_S = 300;
/**
 * A bearer caller has no refresh token. `setSession` needs one, and only uses it if the access
 * token expires during the call, in which case Supabase refuses it and the caller signs in again.
 */
const NO_REFRESH_TOKEN = 'bearer-only';

/** Our view of a Supabase user, or null for an account without an email (phone sign-in). */
function providerUserOf(user: User): ProviderUser | null {
  if (!user.email) return null;
  const name = typeof user.user_metadata?.name === 'string' ? user.user_metadata.name.trim() : '';
  return {
    externalId: user.id,
    email: user.email,
    name: name || user.email,
    active: !isBanned(user),
    createdAt: user.created_at,
    lastSignInAt: user.last_sign_in_at ?? null,
  };
}

/** The verified TOTP factor Supabase keeps for this account, if any: a password alone is then not enough. */
const verifiedFactorOf = (user: User) => user.factors?.find((f) => f.status === 'verified' && f.factor_type === 'totp') ?? null;

/**
 * The assurance level of an access token. Read only from a token Supabase has just accepted
 * (`getUser(token)`, `setSession`, `mfa.verify`): the signature is Supabase's to check, not ours.
 */
function aalOf(accessToken: string): string | null {
  try {
    const claims = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as { aal?: unknown };
    return typeof claims.aal === 'string' ? claims.aal : null;
  } catch {
    return null;
  }
}

/** A session this site accepts: an account without a Supabase factor at any level, one with a factor at `aal2`. */
const meetsAssurance = (user: User, accessToken: string) => !verifiedFactorOf(user) || aalOf(accessToken) === 'aal2';

const TOTP_ALREADY_ON = 'Une application d’authentification est déjà active : désactivez-la d’abord.';
const TOTP_ALREADY_OFF = 'Aucune application d’authentification n’est active sur ce compte.';
const TOTP_EXPIRED = 'Cette configuration a expiré : recommencez-la.';
const TOTP_WRONG_CODE = 'Code incorrect ou déjà utilisé : saisissez le code à 6 chiffres affiché maintenant par votre application.';

const SUPABASE_SECOND_FACTOR_NEEDED =
  'Mot de passe correct. Saisissez maintenant le code à 6 chiffres de votre application d’authentification.';

/** What a sign-in step keeps between the password and the code (sealed: these tokens are a session). */
type PendingSession = { accessToken: string; refreshToken: string; factorId: string };

const isBanned = (user: User) => !!user.banned_until && Date.parse(user.banned_until) > Date.now();

/**
 * A refusal (4xx) from Supabase or from the SDK's own checks (a missing session, a token that is
 * not a JWT), as opposed to an outage, a time-out or a 5xx.
 */
const isRefusal = (error: unknown): error is AuthError & { status: number } =>
  isAuthError(error) && error.status !== undefined && error.status >= 400 && error.status < 500;

const upstream = (cause: unknown) => Object.assign(new UpstreamError(UNREACHABLE), { cause });

/** Supabase's answer to an account write (admin API or the user's own profile) as our error. */
function accountError(error: unknown): Error {
  if (!isRefusal(error)) return upstream(error);
  switch (error.code) {
    case 'email_exists':
    case 'user_already_exists':
      return new ConflictError(EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
    case 'conflict':
      return new ConflictError(CONCURRENT_CHANGE);
    case 'email_address_invalid':
      return new ValidationError(INVALID_EMAIL, { email: [INVALID_EMAIL] });
    case 'weak_password':
      return new ValidationError(WEAK_PASSWORD, { password: [WEAK_PASSWORD] });
    case 'same_password':
      return new ValidationError(SAME_PASSWORD, { password: [SAME_PASSWORD] });
    case 'user_not_found':
      return new NotFoundError(ACCOUNT_GONE);
    case 'not_admin':
    case 'no_authorization':
      return new ForbiddenError(SERVICE_KEY_REFUSED);
    case 'bad_jwt':
    case 'session_not_found':
    case 'session_expired':
      return new UnauthorizedError();
  }
  if (error.status === 429) return new RateLimitedError(TOO_MANY, RATE_LIMIT_RETRY_S);
  // The API gateway answers a wrong key with a bare 401.
  if (error.status === 401) return new ForbiddenError(SERVICE_KEY_REFUSED);
  return isAuthSessionMissingError(error) ? new UnauthorizedError() : new ValidationError(REJECTED);
}

/** `fetch` with a time limit, so a hung Supabase fails the request instead of holding it. */
const timedFetch: typeof fetch = (input, init) => fetch(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(TIMEOUT_MS) });

/**
 * The request's cookies as @supabase/ssr sees them, and the cookies to write on the response.
 * Reads see earlier writes of the same call (a sign-in then a profile update replace their chunks
 * correctly). Every written cookie is httpOnly: no browser client reads the session here.
 */
function cookieJar(request: AuthRequest, storageKey: string) {
  const current = new Map(request.cookies.map((c) => [c.name, c.value]));
  const written = new Map<string, CookieToSet>();
  const base: CookieOptions = { httpOnly: true, secure: request.secureCookies, sameSite: 'lax', path: '/' };
  const isSessionCookie = (name: string) => name.startsWith(storageKey);

  const write = (name: string, value: string, maxAge: number | undefined) => {
    const remove = value === '' || maxAge === 0;
    if (remove) current.delete(name);
    else current.set(name, value);
    written.set(name, { name, value: remove ? '' : value, options: { ...base, maxAge: remove ? 0 : maxAge } });
  };

  const methods: CookieMethodsServer = {
    getAll: () => [...current].map(([name, value]) => ({ name, value })),
    setAll: (list) => {
      for (const c of list) write(c.name, c.value, c.options.maxAge);
    },
  };

  return {
    methods,
    options: base,
    /** Whether the browser sent a Supabase session at all (no round trip for visitors). */
    hasSession: () => [...current.keys()].some(isSessionCookie),
    /** Deletes every Supabase cookie the browser still holds. */
    clearSession: () => {
      for (const name of [...current.keys()]) if (isSessionCookie(name)) write(name, '', 0);
    },
    cookies: () => [...written.values()],
  };
}

type Jar = ReturnType<typeof cookieJar>;

/** The Supabase sign-in mode's `AuthAdapter`. Runs anywhere (no `next/headers`, no `process.env`). */
export function createSupabaseAdapter(options: SupabaseAdapterOptions): AuthAdapter {
  const { db, url, anonKey, serviceRoleKey } = options;
  // The SDK's default storage key, so a browser client added later would share the session.
  const storageKey = `sb-${new URL(url).hostname.split('.')[0]}-auth-token`;
  const stateless = {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: timedFetch },
  };
  /** For calls that carry their own access token (`getUser(jwt)`, logout of a bearer token): holds no session. */
  const anon = createClient(url, anonKey, stateless);
  const admin = serviceRoleKey ? createClient(url, serviceRoleKey, stateless) : null;

  function adminApi() {
    if (!admin) throw new ForbiddenError(NO_SERVICE_KEY);
    return admin.auth.admin;
  }

  /** A client whose session is the request's cookies; what it writes lands in `jar`. */
  function cookieClient(jar: Jar): SupabaseClient {
    return createServerClient(url, anonKey, {
      cookies: jar.methods,
      cookieOptions: { name: storageKey, ...jar.options },
      global: { fetch: timedFetch },
    });
  }

  async function mirror(user: User): Promise<SessionUser> {
    const provider = providerUserOf(user);
    if (!provider) throw new InvalidCredentialsError(INVALID_CREDENTIALS);
    return mirrorProviderUser(db, provider);
  }

  /** The mirrored user of a session `resolve` accepted, marked when its account has a verified factor (the policy counts it). */
  async function sessionUser(user: User): Promise<SessionUser> {
    const mirrored = await mirror(user);
    return verifiedFactorOf(user) ? withProviderFactor(mirrored) : mirrored;
  }

  /**
   * The Supabase user behind a session, checked by Supabase itself. `refused` when Supabase says
   * the session is over or the account is banned; null when Supabase could not be asked.
   */
  async function checkedUser(lookup: () => Promise<{ data: { user: User | null }; error: AuthError | null }>) {
    try {
      const { data, error } = await lookup();
      if (error) return isRefusal(error) ? 'refused' : null;
      if (!data.user || isBanned(data.user) || !data.user.email) return 'refused';
      return data.user;
    } catch {
      return null;
    }
  }

  return {
    mode: 'supabase',
    canDeactivate: !!serviceRoleKey,

    async signIn(request, input) {
      const jar = cookieJar(request, storageKey);
      let result;
      try {
        result = await cookieClient(jar).auth.signInWithPassword({ email: input.email.trim(), password: input.password });
      } catch (error) {
        throw upstream(error);
      }
      const { data, error } = result;
      if (error || !data.session) {
        if (isAuthApiError(error) && error.status === 429) throw new RateLimitedError(TOO_MANY, RATE_LIMIT_RETRY_S);
        // Unknown email, wrong password, banned or unconfirmed account: one answer for all.
        if (isRefusal(error)) throw new InvalidCredentialsError(INVALID_CREDENTIALS);
        throw upstream(error);
      }
      const user = await mirror(data.user);
      const factor = verifiedFactorOf(data.user);
      if (factor) {
        // The aal1 session goes into the step, not into cookies: a password alone opens nothing.
        const pending: PendingSession = {
          accessToken: data.session.access_token,
          refreshToken: data.session.refresh_token,
          factorId: factor.id,
        };
        const mfaToken = await openStep(db, { userId: user.id, purpose: 'sign_in', challenge: sealSecret(JSON.stringify(pending)) });
        throw new SecondFactorRequiredError(SUPABASE_SECOND_FACTOR_NEEDED, {
          mfaRequired: true,
          mfaToken,
          methods: ['totp'],
          expiresIn: STEP_SECONDS,
        });
      }
      return { value: { user, token: data.session.access_token }, cookies: jar.cookies() };
    },

    async verifySecondFactor(request, sealed, code) {
      let pending: PendingSession;
      try {
        pending = JSON.parse(openSecret(sealed)) as PendingSession;
      } catch {
        return null;
      }
      const jar = cookieJar(request, storageKey);
      const client = cookieClient(jar);
      try {
        // setSession asks Supabase about the access token (refreshing it if it expired meanwhile).
        const opened = await client.auth.setSession({ access_token: pending.accessToken, refresh_token: pending.refreshToken });
        if (opened.error && !isRefusal(opened.error)) throw upstream(opened.error);
        if (opened.error || !opened.data.user || isBanned(opened.data.user)) return null;
        const challenge = await client.auth.mfa.challenge({ factorId: pending.factorId });
        if (challenge.error && !isRefusal(challenge.error)) throw upstream(challenge.error);
        if (challenge.error) return null;
        const verified = await client.auth.mfa.verify({ factorId: pending.factorId, challengeId: challenge.data.id, code: code.trim() });
        if (verified.error && !isRefusal(verified.error)) throw upstream(verified.error);
        if (verified.error || aalOf(verified.data.access_token) !== 'aal2') return null;
        const user = await mirror(verified.data.user);
        return { value: { user, token: verified.data.access_token }, cookies: jar.cookies() };
      } catch (error) {
        throw error instanceof UpstreamError ? error : upstream(error);
      }
    },

    async resolve(request) {
      if (request.bearer) {
        const token = request.token;
        const user = token ? await checkedUser(() => anon.auth.getUser(token)) : null;
        const accepted = user && user !== 'refused' && meetsAssurance(user, token!);
        return { value: accepted ? await sessionUser(user) : null, cookies: [] };
      }
      const jar = cookieJar(request, storageKey);
      if (!jar.hasSession()) return { value: null, cookies: [] };
      // getSession loads the session from the cookies and refreshes it when it is about to expire
      // (the new tokens land in the jar); getUser then asks Supabase whether that access token is
      // still valid, so the `aal` read from it is one Supabase has accepted.
      const client = cookieClient(jar);
      let token = '';
      const user = await checkedUser(async () => {
        const { data, error } = await client.auth.getSession();
        if (error || !data.session) return { data: { user: null }, error };
        token = data.session.access_token;
        return client.auth.getUser(token);
      });
      // A session below what the account's factor requires (an aal1 session opened elsewhere, or
      // before the factor was added) is dropped like a refused one: the sign-in asks for the code.
      const refused = user === 'refused' || (user !== null && !meetsAssurance(user, token));
      if (refused) jar.clearSession();
      return { value: user && !refused ? await sessionUser(user) : null, cookies: jar.cookies() };
    },

    providerTotp: {
      async enabled(request) {
        const { user } = await sessionOf(request, cookieJar(request, storageKey));
        return !!verifiedFactorOf(user);
      },

      async begin(request, issuer) {
        const jar = cookieJar(request, storageKey);
        const { client, user } = await sessionOf(request, jar);
        if (verifiedFactorOf(user)) throw new ConflictError(TOTP_ALREADY_ON);
        // An enrolment left half-way (no first code) is dropped: Supabase caps the factors per account.
        for (const f of user.factors ?? []) {
          if (f.status !== 'verified') await client.auth.mfa.unenroll({ factorId: f.id }).catch(() => undefined);
        }
        const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', issuer }).catch((e: unknown) => {
          throw upstream(e);
        });
        if (error || !data || data.type !== 'totp') throw accountError(error);
        return { factorId: data.id, secret: data.totp.secret, uri: data.totp.uri };
      },

      async confirm(request, factorId, code) {
        const jar = cookieJar(request, storageKey);
        const { client } = await sessionOf(request, jar);
        await checkCode(client, factorId, code);
        return { value: null, cookies: request.bearer ? [] : jar.cookies() };
      },

      async disable(request, code) {
        const jar = cookieJar(request, storageKey);
        const { client, user } = await sessionOf(request, jar);
        const factor = verifiedFactorOf(user);
        if (!factor) throw new ConflictError(TOTP_ALREADY_OFF);
        await checkCode(client, factor.id, code);
        const { error } = await client.auth.mfa.unenroll({ factorId: factor.id }).catch((e: unknown) => ({ error: e }));
        if (error) throw isRefusal(error) ? new ValidationError(REJECTED) : upstream(error);
        return { value: null, cookies: request.bearer ? [] : jar.cookies() };
      },

      async reset(userId) {
        const api = adminApi();
        const externalId = await externalIdOf(db, userId);
        if (!externalId) throw new NotFoundError(ACCOUNT_GONE);
        const listed = await api.mfa.listFactors({ userId: externalId }).catch((e: unknown) => {
          throw upstream(e);
        });
        if (listed.error) throw accountError(listed.error);
        // Unverified ones too: an enrolment left half-way counts toward Supabase's cap.
        for (const factor of listed.data.factors) {
          const { error } = await api.mfa.deleteFactor({ userId: externalId, id: factor.id }).catch((e: unknown) => {
            throw upstream(e);
          });
          if (error) throw accountError(error);
        }
        return { removed: listed.data.factors.some((f) => f.status === 'verified') };
      },
    },

    async signOut(request) {
      if (request.bearer) {
        // Ends the session this access token belongs to; the anon key is enough for that.
        if (request.token) await anon.auth.admin.signOut(request.token, 'local').catch(() => undefined);
        return { value: null, cookies: [] };
      }
      const jar = cookieJar(request, storageKey);
      if (!jar.hasSession()) return { value: null, cookies: [] };
      await cookieClient(jar)
        .auth.signOut({ scope: 'local' })
        .catch(() => undefined);
      // Cleared even when Supabase could not be reached: this browser is signed out either way.
      jar.clearSession();
      return { value: null, cookies: jar.cookies() };
    },

    async listUsers() {
      const api = adminApi();
      const all: User[] = [];
      // Pages are counted here: the SDK's `nextPage` reads only the first digit of the page number.
      for (let page = 1; ; page += 1) {
        const { data, error } = await api.listUsers({ page, perPage: PAGE_SIZE }).catch((e: unknown) => {
          throw upstream(e);
        });
        if (error) throw accountError(error);
        all.push(...data.users);
        if (data.users.length < PAGE_SIZE) break;
      }
      const accounts = await mirrorProviderUsers(
        db,
        all.map(providerUserOf).filter((u): u is ProviderUser => u !== null),
      );
      // Marked (not in the JSON): the users screen shows who has Supabase's app and offers its reset.
      const withApp = new Set(all.filter((u) => verifiedFactorOf(u)).map((u) => u.email?.toLowerCase()));
      return accounts.map((a) => (withApp.has(a.email.toLowerCase()) ? withProviderFactor(a) : a));
    },

    async createUser(_request, _actor, input) {
      const api = adminApi();
      const { data, error } = await api
        .createUser({
          email: input.email.trim(),
          password: input.password,
          email_confirm: true,
          user_metadata: { name: input.name.trim() },
        })
        .catch((e: unknown) => {
          throw upstream(e);
        });
      if (error || !data.user) throw accountError(error);
      const provider = providerUserOf(data.user);
      if (!provider) throw upstream(new Error('Supabase created an account without an email'));
      const [account] = await mirrorProviderUsers(db, [provider]);
      return account!;
    },

    async setActive(_request, _actor, userId, active) {
      const api = adminApi();
      const externalId = await externalIdOf(db, userId);
      if (!externalId) throw new NotFoundError(ACCOUNT_GONE);
      // A ban refuses sign-in and token refresh, and `resolve` refuses a banned account's open
      // sessions on their next request: GoTrue has no admin call to revoke another user's sessions.
      const { error } = await api.updateUserById(externalId, { ban_duration: active ? 'none' : BAN_FOREVER }).catch((e: unknown) => {
        throw upstream(e);
      });
      if (error) throw accountError(error);
      await db.update(users).set({ active, updatedAt: new Date() }).where(eq(users.id, userId));
    },

    async updateProfile(request, actor, input) {
      const jar = cookieJar(request, storageKey);
      const { client, user: current } = await sessionOf(request, jar);
      // The session must be the actor's own (the caller resolved the actor from this same request).
      if (isBanned(current) || (await mirror(current)).id !== actor.id) throw new UnauthorizedError();

      if (input.password !== undefined) {
        if (!input.currentPassword) {
          throw new InvalidCredentialsError(CURRENT_PASSWORD_NEEDED, { currentPassword: [CURRENT_PASSWORD_NEEDED] });
        }
        await checkPassword(current.email!, input.currentPassword);
      }

      const attributes: UserAttributes = {};
      if (input.email !== undefined && input.email.trim().toLowerCase() !== current.email!.toLowerCase()) {
        attributes.email = input.email.trim();
      }
      if (input.password !== undefined) attributes.password = input.password;
      if (input.name !== undefined) attributes.data = { name: input.name.trim() };

      let updated = current;
      if (Object.keys(attributes).length > 0) {
        // With "secure email change" on, Supabase keeps the old address until the new one is confirmed.
        const { data, error } = await client.auth.updateUser(attributes).catch((e: unknown) => {
          throw upstream(e);
        });
        if (error || !data.user) throw accountError(error);
        updated = data.user;
      }
      if (input.password !== undefined) {
        const { error } = await client.auth.signOut({ scope: 'others' }).catch((e: unknown) => ({ error: e }));
        if (error) throw Object.assign(new UpstreamError(OTHER_SESSIONS_OPEN), { cause: error });
      }
      return { value: await mirror(updated), cookies: request.bearer ? [] : jar.cookies() };
    },
  };

  /**
   * A client holding the request's own session (cookies, or the bearer access token alone) and the
   * Supabase user it belongs to, checked by Supabase. `UnauthorizedError` when there is none.
   */
  async function sessionOf(request: AuthRequest, jar: Jar): Promise<{ client: SupabaseClient; user: User }> {
    let client: SupabaseClient;
    let answer;
    try {
      if (request.bearer) {
        if (!request.token) throw new UnauthorizedError();
        client = createClient(url, anonKey, stateless);
        answer = await client.auth.setSession({ access_token: request.token, refresh_token: NO_REFRESH_TOKEN });
      } else {
        client = cookieClient(jar);
        answer = await client.auth.getUser();
      }
    } catch (error) {
      throw error instanceof UnauthorizedError ? error : upstream(error);
    }
    const { data, error } = answer;
    if (error && !isRefusal(error)) throw upstream(error);
    if (error || !data.user) throw new UnauthorizedError();
    return { client, user: data.user };
  }

  /** Has Supabase check a code of the factor (challenge + verify; a code is accepted once), or throws a French `ValidationError`. */
  async function checkCode(client: SupabaseClient, factorId: string, code: string) {
    const challenge = await client.auth.mfa.challenge({ factorId }).catch((e: unknown) => {
      throw upstream(e);
    });
    if (challenge.error && !isRefusal(challenge.error)) throw upstream(challenge.error);
    if (challenge.error) throw new ValidationError(TOTP_EXPIRED);
    const verified = await client.auth.mfa.verify({ factorId, challengeId: challenge.data.id, code: code.trim() }).catch((e: unknown) => {
      throw upstream(e);
    });
    if (verified.error && !isRefusal(verified.error)) throw upstream(verified.error);
    if (verified.error) throw new ValidationError(TOTP_WRONG_CODE, { code: [TOTP_WRONG_CODE] });
  }

  /**
   * Checks a password with a throwaway sign-in (no session kept), then ends the session that
   * sign-in opened at Supabase.
   */
  async function checkPassword(email: string, password: string) {
    const probe = createClient(url, anonKey, stateless);
    const { data, error } = await probe.auth.signInWithPassword({ email, password }).catch((e: unknown) => {
      throw upstream(e);
    });
    if (error || !data.session) {
      if (isRefusal(error) && error.status !== 429) {
        throw new InvalidCredentialsError(WRONG_CURRENT_PASSWORD, { currentPassword: [WRONG_CURRENT_PASSWORD] });
      }
      throw isAuthApiError(error) && error.status === 429 ? new RateLimitedError(TOO_MANY, RATE_LIMIT_RETRY_S) : upstream(error);
    }
    await probe.auth.signOut({ scope: 'local' }).catch(() => undefined);
  }
}
