import { NextResponse, type NextRequest } from 'next/server';
import { getAuth } from '@/lib/auth';
import { buildAuthRequest } from '@/lib/auth/request';
import { currentUser } from '@/lib/auth/service';
import { RETURN_COOKIE } from '@/lib/auth/return-path';
import { env } from '@/lib/env';
import { DatabaseUnavailableError } from '@/lib/errors';
import { isUnknownPublicPath } from '@/lib/routing/path-index';
import { splitLocale } from '@/lib/i18n/paths';
import { LOCALE_HEADER, notFoundRoute } from '@/lib/routing/public-paths';

/**
 * Redirects and early 404s only — never the security boundary: admin pages and handlers check
 * the session themselves (a cookie here proves nothing).
 * - A visitor opening an admin page goes to `/` (the page asked for is kept in a short cookie for
 *   after sign-in); a connected user opening the login page goes to `/admin`. The session is
 *   checked with the sign-in mode's adapter (and Supabase's cookies refreshed here), so an expired
 *   or forged cookie gets a real redirect rather than an empty admin frame.
 * - A public path that does not exist (French or under `/en`) is sent to the 404 page here, before rendering
 *   starts: a 404 found while rendering would reach the reader as a blank document with Cache
 *   Components (see lib/routing/public-paths.ts).
 */
export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return adminRedirects(request);
  if (!(await isUnknownPublicPath(pathname))) return NextResponse.next();
  // No route answers there: Next serves its 404 page (app/global-not-found.tsx) with a 404 status,
  // in the language of the path.
  const target = request.nextUrl.clone();
  target.pathname = `${notFoundRoute}${pathname}`;
  const headers = new Headers(request.headers);
  headers.set(LOCALE_HEADER, splitLocale(pathname).locale);
  return NextResponse.rewrite(target, { request: { headers } });
}

async function adminRedirects(request: NextRequest) {
  const { pathname } = request.nextUrl;
  const isLogin = pathname === '/admin/connexion';
  const authRequest = buildAuthRequest(request.headers, request.cookies.getAll(), env.SESSION_COOKIE_NAME);
  const hasCredentials = authRequest.token || authRequest.cookies.some((c) => c.name.startsWith('sb-'));
  let databaseDown = false;
  const { value: user, cookies } = hasCredentials
    ? await getAuth()
        .then((auth) => currentUser(auth, authRequest))
        .catch((error: unknown) => {
          databaseDown = error instanceof DatabaseUnavailableError;
          return { value: null, cookies: [] };
        })
    : { value: null, cookies: [] };
  // The page itself says, in French, that the database is unreachable (and checks the session again).
  if (databaseDown) return NextResponse.next();
  let response: NextResponse;
  if (user) {
    if (isLogin) response = NextResponse.redirect(new URL('/admin', request.url));
    else {
      // Refreshed cookies (Supabase) are passed on to this request's rendering as well.
      for (const c of cookies) request.cookies.set(c.name, c.value);
      response = NextResponse.next({ request: { headers: request.headers } });
    }
  } else if (isLogin) {
    response = NextResponse.next();
  } else {
    response = NextResponse.redirect(new URL('/', request.url));
    if (request.method === 'GET' && !request.headers.has('rsc')) {
      response.cookies.set(RETURN_COOKIE, pathname + request.nextUrl.search, {
        httpOnly: true,
        sameSite: 'lax',
        path: '/admin/connexion',
        maxAge: 900,
      });
    }
  }
  for (const c of cookies) response.cookies.set(c.name, c.value, c.options);
  return response;
}

export const config = {
  // Keep in step with PROXIED_PATH (lib/routing/public-paths.ts), which tells the production server
  // the same (a test compares them). Everything but Next's assets, route handlers (`api/`, the SDMX REST service under `sdmx/`, the feeds under `flux/`, the SDMX-ML
  // files under `nsdp/`, the DCAT catalogue `/catalogue`), file downloads and top-level files with an extension (favicon.ico,
  // sitemap.xml…). `/nsdp` itself, without the slash, still goes through.
  matcher: ['/((?!_next/|api/|sdmx/|flux/|en/flux/|nsdp/|fichiers/|catalogue$|[^/]*\\.[A-Za-z0-9]+$).*)'],
};
