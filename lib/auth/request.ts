/** Builds an adapter's view of a request, from a web `Request` (route handlers) or from header/cookie lists. */
import { CLIENT_IP_HEADER } from '@/lib/http/client-ip';
import type { AuthRequest } from './types';

type HeaderGetter = { get(name: string): string | null };

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** `Secure` cookies everywhere but plain-HTTP localhost (where a browser would drop them). */
function needsSecureCookies(headers: HeaderGetter): boolean {
  const host = (headers.get('x-forwarded-host') ?? headers.get('host') ?? '').split(',')[0]!.trim();
  const hostname = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0]!;
  return !LOCAL_HOSTS.has(hostname.toLowerCase());
}

function parseCookieHeader(header: string | null): { name: string; value: string }[] {
  if (!header) return [];
  return header.split(';').flatMap((part) => {
    const i = part.indexOf('=');
    if (i < 1) return [];
    const name = part.slice(0, i).trim();
    let value = part.slice(i + 1).trim();
    try {
      value = decodeURIComponent(value);
    } catch {
      // Keep the raw value: a malformed cookie is simply not a session.
    }
    return [{ name, value }];
  });
}

export function buildAuthRequest(headers: HeaderGetter, cookies: { name: string; value: string }[], cookieName: string): AuthRequest {
  const authorization = headers.get('authorization');
  const bearer = authorization?.match(/^Bearer\s+(\S+)\s*$/i)?.[1] ?? null;
  return {
    token: bearer ?? cookies.find((c) => c.name === cookieName)?.value ?? null,
    bearer: bearer !== null,
    cookies,
    ip: headers.get(CLIENT_IP_HEADER),
    userAgent: headers.get('user-agent'),
    secureCookies: needsSecureCookies(headers),
  };
}

export function authRequestFrom(request: Request, cookieName: string): AuthRequest {
  return buildAuthRequest(request.headers, parseCookieHeader(request.headers.get('cookie')), cookieName);
}
