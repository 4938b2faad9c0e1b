/**
 * The wrapper for admin route handlers (the HTTP twin of `adminAction`): the session is checked
 * here, on the server, from the cookie or the bearer token; mutating methods refuse a foreign
 * Origin; domain errors become their status with a French message. Handlers that skip it would
 * be public endpoints.
 */
import { getAuth } from '@/lib/auth';
import { authRequestFrom } from '@/lib/auth/request';
import { currentUser, type AuthDeps } from '@/lib/auth/service';
import type { AuthRequest, CookieToSet, SessionUser } from '@/lib/auth/types';
import { env } from '@/lib/env';
import { UnauthorizedError } from '@/lib/errors';
import { assertSameOrigin } from '@/lib/http/origin';
import { perRequest } from '@/lib/http/per-request';
import { errorResponse, withCookies } from '@/lib/http/responses';

export type RouteContext = AuthDeps & { user: SessionUser; request: AuthRequest; cookies: CookieToSet[] };

type Handler<P> = (request: Request, ctx: RouteContext, params: P) => Promise<Response>;

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
  return { ...auth, user, request: authRequest, cookies };
}

export function adminRoute<P = Record<string, never>>(handler: Handler<P>) {
  return async (request: Request, segment?: { params: Promise<P> }) => {
    try {
      // Always per request: never prerendered at build time.
      await perRequest();
      if (!['GET', 'HEAD', 'OPTIONS'].includes(request.method)) assertSameOrigin(request, [new URL(env.SITE_URL).origin]);
      const ctx = await routeContext(request);
      // Cookies the sign-in adapter refreshed (Supabase) go back with the answer, or the session lapses.
      return withCookies(await handler(request, ctx, (segment ? await segment.params : {}) as P), ctx.cookies);
    } catch (error) {
      return errorResponse(error);
    }
  };
}
