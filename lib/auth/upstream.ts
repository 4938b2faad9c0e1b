/**
 * Upstream sign-in mode: accounts live in an existing user API with the same contract as ours
 * (PRODUCT.md, "Sessions and the user API"). Our handlers forward each call with the caller's token
 * as `Authorization: Bearer`; our session cookie simply holds the upstream token. Upstream users
 * are mirrored into our `users` table so authorship columns point at a real row.
 */
import { z } from 'zod';
import type { Db } from '@/lib/db/open';
import {
  ConflictError,
  ForbiddenError,
  InvalidCredentialsError,
  RateLimitedError,
  UnauthorizedError,
  UpstreamError,
  ValidationError,
  type FieldErrors,
} from '@/lib/errors';
import { mirrorProviderUser, mirrorProviderUsers } from './mirror';
import { hashToken, SESSION_ABSOLUTE_MS } from './tokens';
import { CURRENT_PASSWORD_NEEDED, EMAIL_TAKEN, INVALID_CREDENTIALS, WRONG_CURRENT_PASSWORD } from './messages';
import type { AuthAdapter, AuthRequest, CookieToSet, ProviderUser, SessionUser } from './types';

export type UpstreamAdapterOptions = {
  db: Db;
  /** Base URL of the user API, e.g. `https://auth.example/api` (calls go to `{baseUrl}/user/login`…). */
  baseUrl: string;
  /** Name of our session cookie, which holds the upstream token. */
  cookieName: string;
  /** Injected in tests; defaults to the global `fetch`. */
  fetch?: typeof fetch;
  /** Per-call time limit; 10 s by default. */
  timeoutMs?: number;
};

const DEFAULT_TIMEOUT_MS = 10_000;
/** How long a positive `resolve` is trusted without asking upstream again. */
const RESOLVE_CACHE_MS = 10_000;
const RESOLVE_CACHE_MAX = 1_000;
/** Longer tokens are not sent anywhere (cookie and header size limits). */
const MAX_TOKEN_LENGTH = 4_096;
const DEFAULT_RETRY_AFTER_S = 900;

const UNREACHABLE = 'Le service de comptes est injoignable. Réessayez dans un instant.';
const UNEXPECTED = 'Le service de comptes a donné une réponse inattendue. Réessayez dans un instant.';
const REJECTED = 'Le service de comptes a refusé ces informations. Vérifiez les champs et réessayez.';
const TOO_MANY_ATTEMPTS = 'Trop de tentatives de connexion.';
const TOO_MANY_REQUESTS = 'Trop de demandes envoyées au service de comptes.';
const NOT_ALLOWED = "Le service de comptes n'autorise pas cette opération pour votre compte.";
const MANAGED_UPSTREAM = 'Les comptes sont gérés par le service de comptes externe : activez ou désactivez-les depuis ce service.';

// ─── Upstream answers, never trusted ─────────────────────────────────────────────────────────────

const isoDate = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value) => {
    if (value === null || value === undefined) return null;
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? null : date.toISOString();
  });

const upstreamUser = z
  .object({
    id: z.union([z.string().min(1), z.number()]).optional(),
    _id: z.union([z.string().min(1), z.number()]).optional(),
    email: z.string().trim().min(3).max(320).includes('@'),
    name: z.string().nullish(),
    active: z.boolean().optional(),
    createdAt: isoDate,
    lastSignInAt: isoDate,
  })
  .refine((u) => u.id !== undefined || u._id !== undefined, { message: 'id missing' })
  .transform((u): ProviderUser => ({
    externalId: String(u.id ?? u._id),
    email: u.email,
    name: u.name?.trim() || u.email,
    active: u.active,
    createdAt: u.createdAt,
    lastSignInAt: u.lastSignInAt,
  }));

const userAnswer = z.object({ user: upstreamUser });
const signInAnswer = z.object({ user: upstreamUser, token: z.string().min(1).max(MAX_TOKEN_LENGTH) });
const usersAnswer = z.union([z.array(upstreamUser), z.object({ users: z.array(upstreamUser) }).transform((a) => a.users)]);
const problemAnswer = z
  .object({
    error: z.string().optional().catch(undefined),
    message: z.string().optional().catch(undefined),
    fieldErrors: z
      .record(z.string(), z.union([z.string(), z.array(z.string())]))
      .optional()
      .catch(undefined),
  })
  .catch({});

/** Fields whose upstream messages may be shown under our form inputs. */
const FORM_FIELDS = new Set(['email', 'name', 'password', 'currentPassword']);

/**
 * Whether an upstream message can be shown as is: our users read French, and an English or
 * technical message would be worse than our generic one.
 */
function looksFrench(text: string): boolean {
  if (!text.trim() || text.length > 300) return false;
  return /[àâçéèêëîïôûùüœ]/i.test(text) || /\b(le|la|les|des|du|une|est|doit|pas|obligatoire|invalide|adresse)\b/i.test(text);
}

/** A 400 from upstream as our `ValidationError`, keeping its messages when they are French. */
function validationErrorOf(body: unknown): ValidationError {
  const problem = problemAnswer.parse(body);
  const fieldErrors: FieldErrors = {};
  for (const [field, messages] of Object.entries(problem.fieldErrors ?? {})) {
    const french = (Array.isArray(messages) ? messages : [messages]).filter(looksFrench);
    if (FORM_FIELDS.has(field) && french.length > 0) fieldErrors[field] = french;
  }
  const message = [problem.error, problem.message].find((m) => m !== undefined && looksFrench(m)) ?? REJECTED;
  return new ValidationError(message, Object.keys(fieldErrors).length > 0 ? fieldErrors : undefined);
}

/** Seconds from a `Retry-After` header (seconds or HTTP date), else the default. */
function retryAfterSeconds(header: string | null, now = Date.now()): number {
  if (!header) return DEFAULT_RETRY_AFTER_S;
  const seconds = /^\d+$/.test(header.trim()) ? Number(header.trim()) : (Date.parse(header) - now) / 1000;
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : DEFAULT_RETRY_AFTER_S;
}

/** A 429 as our `RateLimitedError`, telling how many minutes to wait. */
function rateLimited(answer: { headers: Headers }, what: string): RateLimitedError {
  const seconds = retryAfterSeconds(answer.headers.get('retry-after'));
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return new RateLimitedError(`${what} Réessayez dans ${minutes} minute${minutes > 1 ? 's' : ''}.`, seconds);
}

const upstreamError = (message: string, cause: unknown) => Object.assign(new UpstreamError(message), { cause });

// ─── The adapter ─────────────────────────────────────────────────────────────────────────────────

type Answer = { status: number; body: unknown; headers: Headers };

/** The upstream sign-in mode's `AuthAdapter`. Runs anywhere (no `next/headers`, no `process.env`). */
export function createUpstreamAdapter(options: UpstreamAdapterOptions): AuthAdapter {
  const { db, cookieName } = options;
  const base = options.baseUrl.replace(/\/+$/, '');
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  /** token hash → the user `resolve` last found for it. Per adapter, so tests do not share it. */
  const resolved = new Map<string, { user: SessionUser; externalId: string; expiresAt: number }>();

  const sessionCookie = (request: AuthRequest, value: string, maxAge: number): CookieToSet => ({
    name: cookieName,
    value,
    options: { httpOnly: true, sameSite: 'lax', secure: request.secureCookies, path: '/', maxAge },
  });
  const setCookie = (request: AuthRequest, token: string) => sessionCookie(request, token, SESSION_ABSOLUTE_MS / 1000);
  const clearCookie = (request: AuthRequest) => sessionCookie(request, '', 0);

  function remember(token: string, user: SessionUser, externalId: string) {
    const now = Date.now();
    if (resolved.size >= RESOLVE_CACHE_MAX) {
      for (const [key, entry] of resolved) if (entry.expiresAt <= now) resolved.delete(key);
      // Still full: drop the oldest entries (a Map iterates in insertion order).
      for (const key of resolved.keys()) {
        if (resolved.size < RESOLVE_CACHE_MAX) break;
        resolved.delete(key);
      }
    }
    resolved.set(hashToken(token), { user, externalId, expiresAt: now + RESOLVE_CACHE_MS });
  }

  /** One call upstream. Network errors, time-outs and 5xx become `UpstreamError`; other statuses are the caller's. */
  async function call(request: AuthRequest, method: string, path: string, body?: unknown, token = request.token): Promise<Answer> {
    const headers = new Headers({ accept: 'application/json' });
    if (body !== undefined) headers.set('content-type', 'application/json');
    if (token) headers.set('authorization', `Bearer ${token}`);
    // Lets upstream rate-limit per visitor rather than per server.
    if (request.ip) headers.set('x-forwarded-for', request.ip);
    let response: Response;
    let text: string;
    try {
      response = await fetchImpl(`${base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
        cache: 'no-store',
      });
      text = await response.text();
    } catch (error) {
      throw upstreamError(UNREACHABLE, error);
    }
    if (response.status >= 500) throw upstreamError(UNREACHABLE, new Error(`${method} ${path}: HTTP ${response.status}`));
    let parsed: unknown = null;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch (error) {
        // Error answers may be plain text; a success must be JSON (checked by `expect`).
        if (response.ok) throw upstreamError(UNEXPECTED, error);
      }
    }
    return { status: response.status, body: parsed, headers: response.headers };
  }

  /** The body of a successful answer, validated; anything else is an `UpstreamError`. */
  function expect<T>(answer: Answer, schema: z.ZodType<T>, what: string): T {
    const result = schema.safeParse(answer.body);
    if (!result.success) throw upstreamError(UNEXPECTED, new Error(`${what}: ${z.prettifyError(result.error)}`));
    return result.data;
  }

  /** Maps the statuses every connected call shares; returns when the answer is a success. */
  function ensureOk(request: AuthRequest, answer: Answer, what: string): void {
    if (answer.status >= 200 && answer.status < 300) return;
    if (answer.status === 401) {
      if (request.token) resolved.delete(hashToken(request.token));
      throw new UnauthorizedError();
    }
    if (answer.status === 400) throw validationErrorOf(answer.body);
    if (answer.status === 403) throw new ForbiddenError(NOT_ALLOWED);
    if (answer.status === 409) throw new ConflictError(EMAIL_TAKEN);
    if (answer.status === 429) throw rateLimited(answer, TOO_MANY_REQUESTS);
    throw upstreamError(UNEXPECTED, new Error(`${what}: HTTP ${answer.status}`));
  }

  return {
    mode: 'upstream',
    canDeactivate: false,

    async signIn(request, input) {
      const answer = await call(request, 'POST', '/user/login', { email: input.email, password: input.password }, null);
      // 403 (a blocked account) gets the same answer as a wrong pair: no hint about which accounts exist.
      if (answer.status === 401 || answer.status === 403) throw new InvalidCredentialsError(INVALID_CREDENTIALS);
      if (answer.status === 429) throw rateLimited(answer, TOO_MANY_ATTEMPTS);
      if (answer.status === 400) throw validationErrorOf(answer.body);
      if (answer.status !== 200) throw upstreamError(UNEXPECTED, new Error(`login: HTTP ${answer.status}`));
      const { user: provider, token } = expect(answer, signInAnswer, 'login');
      const user = await mirrorProviderUser(db, provider);
      remember(token, user, provider.externalId);
      return { value: { user, token }, cookies: [setCookie(request, token)] };
    },

    async signOut(request) {
      if (request.token) {
        resolved.delete(hashToken(request.token));
        // The cookie is cleared whatever upstream says: a failed logout must not keep anyone signed in here.
        await call(request, 'POST', '/user/logout').catch(() => undefined);
      }
      return { value: null, cookies: [clearCookie(request)] };
    },

    async resolve(request) {
      const { token } = request;
      if (!token || token.length > MAX_TOKEN_LENGTH) return { value: null, cookies: [] };
      const key = hashToken(token);
      const hit = resolved.get(key);
      if (hit && hit.expiresAt > Date.now()) return { value: hit.user, cookies: [] };
      resolved.delete(key);
      try {
        const answer = await call(request, 'GET', '/user/isConnected/me');
        if (answer.status === 401) {
          // A stale session cookie is removed so the browser stops presenting it.
          return { value: null, cookies: request.bearer ? [] : [clearCookie(request)] };
        }
        if (answer.status !== 200) return { value: null, cookies: [] };
        const { user: provider } = expect(answer, userAnswer, 'isConnected');
        const user = await mirrorProviderUser(db, provider);
        remember(token, user, provider.externalId);
        return { value: user, cookies: [] };
      } catch {
        // Upstream down or confused: nobody is connected, but the page still renders.
        return { value: null, cookies: [] };
      }
    },

    async createUser(request, _actor, input) {
      const answer = await call(request, 'POST', '/user', {
        user: { email: input.email, name: input.name, password: input.password },
      });
      ensureOk(request, answer, 'create user');
      const { user: provider } = expect(answer, userAnswer, 'create user');
      const [account] = await mirrorProviderUsers(db, [{ ...provider, createdAt: provider.createdAt ?? new Date().toISOString() }]);
      return account!;
    },

    async listUsers(request) {
      const answer = await call(request, 'GET', '/users');
      ensureOk(request, answer, 'list users');
      return mirrorProviderUsers(db, expect(answer, usersAnswer, 'list users'));
    },

    async updateProfile(request, _actor, input) {
      const changesPassword = input.password !== undefined;
      if (changesPassword && !input.currentPassword) {
        throw new InvalidCredentialsError(CURRENT_PASSWORD_NEEDED, { currentPassword: [CURRENT_PASSWORD_NEEDED] });
      }
      const answer = await call(request, 'PATCH', '/user', {
        user: {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.email !== undefined ? { email: input.email } : {}),
          ...(changesPassword ? { password: input.password, currentPassword: input.currentPassword } : {}),
        },
      });
      if (answer.status === 401 && changesPassword) {
        throw new InvalidCredentialsError(WRONG_CURRENT_PASSWORD, { currentPassword: [WRONG_CURRENT_PASSWORD] });
      }
      ensureOk(request, answer, 'update profile');
      const { user: provider } = expect(answer, userAnswer, 'update profile');
      const user = await mirrorProviderUser(db, provider);
      if (changesPassword) {
        // Upstream ended the account's other sessions; stop trusting their cached answers too.
        for (const [key, entry] of resolved) if (entry.externalId === provider.externalId) resolved.delete(key);
      }
      if (request.token) remember(request.token, user, provider.externalId);
      return { value: user, cookies: [] };
    },

    async setActive() {
      throw new ForbiddenError(MANAGED_UPSTREAM);
    },
  };
}
