import { NextResponse, type NextRequest } from 'next/server';
import { env } from '@/lib/env';

const SESSION_COOKIE = env.SESSION_COOKIE_NAME;

/**
 * Convenience redirects only: a visitor without a session cookie opening an admin page goes to
 * `/`. Pages and handlers check the session themselves (a cookie here proves nothing).
 */
export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (pathname === '/admin/connexion') return NextResponse.next();
  if (!request.cookies.get(SESSION_COOKIE)?.value) {
    return NextResponse.redirect(new URL('/', request.url));
  }
  return NextResponse.next();
}

export const config = {
  matcher: ['/admin', '/admin/:path*'],
};
