/**
 * Cross-site request refusal for mutating handlers: a browser always sends `Origin` on a
 * cross-origin POST/PATCH/DELETE, so a foreign one is refused. Requests without it (curl, servers
 * with a bearer token) carry no ambient credentials worth protecting against.
 */
import { ForbiddenError } from '@/lib/errors';

export function assertSameOrigin(request: Request, allowedOrigins: string[] = []) {
  const origin = request.headers.get('origin');
  const site = request.headers.get('sec-fetch-site');
  if (!origin) {
    if (site === 'cross-site') throw new ForbiddenError('Requête refusée : elle vient d’un autre site.');
    return;
  }
  const host = (request.headers.get('x-forwarded-host') ?? request.headers.get('host') ?? '').split(',')[0]!.trim().toLowerCase();
  let originHost: string;
  try {
    originHost = new URL(origin).host.toLowerCase();
  } catch {
    throw new ForbiddenError('Requête refusée : origine invalide.');
  }
  if (originHost === host) return;
  if (allowedOrigins.some((allowed) => allowed.replace(/\/$/, '').toLowerCase() === origin.toLowerCase())) return;
  throw new ForbiddenError('Requête refusée : elle vient d’un autre site.');
}
