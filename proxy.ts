import { NextResponse, type NextRequest } from 'next/server';
import { env } from '@/lib/env';
import { checkPublicPath } from '@/lib/routing/path-index';
import { notFoundRoute, publicPathExists, resolvePublicPath } from '@/lib/routing/public-paths';

/**
 * Redirects and early 404s only — never the security boundary: admin pages and handlers check
 * the session themselves (a cookie here proves nothing).
 * - A visitor without a session cookie opening an admin page goes to `/`.
 * - A public path that does not exist is sent to the prerendered 404 page here, before rendering
 *   starts: a 404 found while rendering would reach the reader as a blank document with Cache
 *   Components (see lib/routing/public-paths.ts).
 */
export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (pathname === '/admin' || pathname.startsWith('/admin/')) {
    if (pathname === '/admin/connexion' || request.cookies.get(env.SESSION_COOKIE_NAME)?.value) return NextResponse.next();
    return NextResponse.redirect(new URL('/', request.url));
  }
  const resolved = resolvePublicPath(pathname);
  if (resolved?.kind === 'static') return NextResponse.next();
  if (resolved && (await checkPublicPath((index) => publicPathExists(pathname, index)))) return NextResponse.next();
  // No route answers there: Next serves its prerendered 404 page with a 404 status.
  const target = request.nextUrl.clone();
  target.pathname = `${notFoundRoute}${pathname}`;
  return NextResponse.rewrite(target);
}

export const config = {
  // Everything but Next's assets, route handlers, file downloads and files with an extension.
  matcher: ['/((?!_next/|api/|fichiers/|[^/]*\\.[A-Za-z0-9]+$).*)'],
};
