/**
 * The wrapper for admin route handlers (the HTTP twin of `adminAction`): the session is checked
 * here, on the server, from the cookie or the bearer token; mutating methods refuse a foreign
 * Origin; the role and areas the handler needs (`access`, lib/admin/access.ts) are checked before
 * it runs (a JSON body, when the rule depends on it, is read and validated first); domain errors
 * become their status with a French message. Handlers that skip it would be public endpoints.
 */
import type { z } from 'zod';
import { getAuth } from '@/lib/auth';
import { authRequestFrom } from '@/lib/auth/request';
import { currentUser, type AuthDeps } from '@/lib/auth/service';
import type { AuthRequest, CookieToSet, SessionUser } from '@/lib/auth/types';
import { env } from '@/lib/env';
import { UnauthorizedError } from '@/lib/errors';
import { assertSameOrigin } from '@/lib/http/origin';
import { perRequest } from '@/lib/http/per-request';
import { errorResponse, readJson, withCookies } from '@/lib/http/responses';
import { parseOrThrow } from '@/lib/validation';
import { actorOf, enforce, type AccessRule, type Actor, type Guarded } from './access';

export type RouteContext = AuthDeps & { user: SessionUser; actor: Actor; request: AuthRequest; cookies: CookieToSet[] };

type Handler<P, B> = (request: Request, ctx: RouteContext, params: P, body: B) => Promise<Response>;

/** What a handler's rule sees: its route parameters and, when it has a `body` schema, the validated JSON body. */
export type RouteInput<P, B> = { params: P; body: B };

/** The connected user of a route handler's request (cookie or bearer), or null. */
export async function userOfRequest(request: Request): Promise<SessionUser | null> {
  return (await currentUser(await getAuth(), authRequestFrom(request, env.SESSION_COOKIE_NAME))).value;
}

/** Resolves the session of a route handler's request, or throws `UnauthorizedError`. */
export async function routeContext(request: Request): Promise<RouteContext> {
  const auth = await getAuth();
  const authRequest = authRequestFrom(request, env.SESSION_COOKIE_NAME);
  const { value: user, cookies } = await currentUser(auth, authRequest);
  if (!user) throw new UnauthorizedError();
  return { ...auth, user, actor: await actorOf(auth.db, user), request: authRequest, cookies };
}

/**
 * An admin route handler: `access` is what it needs (required: no handler without its rule);
 * with `body`, the JSON body is read and validated before the rule, which may depend on it.
 */
export function adminRoute<P = Record<string, never>, B = undefined>(
  access: AccessRule<RouteInput<P, B>, RouteContext>,
  handler: Handler<P, B>,
  options: { body?: z.ZodType<B> } = {},
): Guarded<(request: Request, segment?: { params: Promise<P> }) => Promise<Response>> {
  const route = async (request: Request, segment?: { params: Promise<P> }) => {
    try {
      // Always per request: never prerendered at build time.
      await perRequest();
      if (!['GET', 'HEAD', 'OPTIONS'].includes(request.method)) assertSameOrigin(request, [new URL(env.SITE_URL).origin]);
      const ctx = await routeContext(request);
      const params = (segment ? await segment.params : {}) as P;
      if (typeof access !== 'function') await enforce(access, { params, body: undefined as B }, ctx);
      const body = options.body ? parseOrThrow(options.body, await readJson(request)) : (undefined as B);
      if (typeof access === 'function') await enforce(access, { params, body }, ctx);
      // Cookies the sign-in adapter refreshed (Supabase) go back with the answer, or the session lapses.
      return withCookies(await handler(request, ctx, params, body), ctx.cookies);
    } catch (error) {
      return errorResponse(error);
    }
  };
  return Object.assign(route, { access: access as AccessRule<never, never> });
}
