/**
 * The user API (PRODUCT.md, "Sessions and the user API") as `Request → Response` functions, for
 * any sign-in mode. The route files under app/api/ export them; tests call them with real Requests.
 */
import { perRequest } from '@/lib/http/per-request';
import { errorResponse, json, readJson, withCookies } from '@/lib/http/responses';
import { assertSameOrigin } from '@/lib/http/origin';
import { authRequestFrom } from './request';
import { createAccountAs, currentUser, listAccounts, requireUser, signIn, signOut, updateOwnProfile, type AuthDeps } from './service';
import { beginPasskeySignIn, type RelyingParty } from './mfa/passkeys';
import type { CookieToSet, SessionUser } from './types';

export type UserApiOptions = {
  cookieName: string;
  allowedOrigins?: string[];
  /**
   * Throws (a French `ForbiddenError`) when the connected user may not create accounts: the
   * installation's access rules decide (lib/admin/user-api.ts), not this module.
   */
  authorizeAccountCreation: (auth: AuthDeps, actor: SessionUser) => Promise<void>;
  /**
   * Throws (403) when a connected account may not use the API at all — one the second-factor
   * policy asks to enrol first (lib/admin/access.ts). Absent: every connected account may.
   */
  authorizeUser?: (auth: AuthDeps, actor: SessionUser) => Promise<void>;
  /** Who passkeys sign for, from the request's host (lib/auth/mfa/passkeys.ts `relyingParty`). */
  relyingParty?: (request: Request) => RelyingParty;
  /**
   * Throws (a French `ForbiddenError`) when the connected user may not list the accounts (email,
   * name, last sign-in of everyone): least privilege, decided by the same access rules.
   */
  authorizeAccountList: (auth: AuthDeps, actor: SessionUser) => Promise<void>;
};

function respond(body: unknown, cookies: CookieToSet[], status = 200) {
  return withCookies(json(body, { status }), cookies);
}

/** The body under `user` (the contract), or the body itself. */
const userOf = (body: unknown) =>
  body && typeof body === 'object' && 'user' in body && typeof (body as { user: unknown }).user === 'object'
    ? (body as { user: unknown }).user
    : body;

export function createUserApi(deps: () => Promise<AuthDeps>, options: UserApiOptions) {
  const handle = (fn: (request: Request, auth: AuthDeps) => Promise<Response>, mutating: boolean) => async (request: Request) => {
    try {
      // Always per request: never prerendered at build time.
      await perRequest();
      if (mutating) assertSameOrigin(request, options.allowedOrigins);
      return await fn(request, await deps());
    } catch (error) {
      return errorResponse(error);
    }
  };
  const req = (request: Request) => authRequestFrom(request, options.cookieName);
  const allowed = (auth: AuthDeps, actor: SessionUser) => options.authorizeUser?.(auth, actor);

  return {
    // GET /api/user/isConnected/me
    me: handle(async (request, auth) => {
      const { value: user, cookies } = await currentUser(auth, req(request));
      return user ? respond({ user }, cookies) : respond({ error: 'Non connecté.' }, cookies, 401);
    }, false),

    // POST /api/user/login
    login: handle(async (request, auth) => {
      const { value, cookies } = await signIn(auth, req(request), await readJson(request), options.relyingParty?.(request));
      return respond(value, cookies);
    }, true),

    // POST /api/user/passkey — options of a passkey sign-in: `{ mfaToken }` after a password, `{}` without one
    passkeyOptions: handle(async (request, auth) => {
      const rp = options.relyingParty?.(request);
      if (!rp || auth.adapter.mode !== 'embedded') return respond({ error: 'Les clés d’accès ne sont pas disponibles ici.' }, [], 404);
      const body = (await readJson(request)) as { mfaToken?: unknown } | null;
      const mfaToken = typeof body?.mfaToken === 'string' ? body.mfaToken : undefined;
      const { options: publicKey, token } = await beginPasskeySignIn(auth.db, rp, mfaToken);
      return respond(mfaToken ? { options: publicKey, mfaToken: token } : { options: publicKey, passkeyToken: token }, []);
    }, true),

    // POST /api/user/logout
    logout: handle(async (request, auth) => {
      const { cookies } = await signOut(auth, req(request));
      return respond({ ok: true }, cookies);
    }, true),

    // POST /api/user
    createUser: handle(async (request, auth) => {
      const r = req(request);
      const { value: actor, cookies } = await requireUser(auth, r);
      await allowed(auth, actor);
      await options.authorizeAccountCreation(auth, actor);
      const user = await createAccountAs(auth, r, actor, userOf(await readJson(request)));
      return respond({ user }, cookies, 201);
    }, true),

    // GET /api/users
    listUsers: handle(async (request, auth) => {
      const r = req(request);
      const { value: actor, cookies } = await requireUser(auth, r);
      await allowed(auth, actor);
      await options.authorizeAccountList(auth, actor);
      return respond({ users: await listAccounts(auth, r, actor) }, cookies);
    }, false),

    // PATCH /api/user
    updateProfile: handle(async (request, auth) => {
      const r = req(request);
      const { value: actor, cookies } = await requireUser(auth, r);
      await allowed(auth, actor);
      const result = await updateOwnProfile(auth, r, actor, userOf(await readJson(request)));
      return respond({ user: result.value }, [...cookies, ...result.cookies]);
    }, true),
  };
}
