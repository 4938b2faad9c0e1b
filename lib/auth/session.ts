import 'server-only';
import { cookies, headers } from 'next/headers';
import { connection } from 'next/server';
import { env } from '@/lib/env';
import { getAuth } from './index';
import { relyingParty, type RelyingParty } from './mfa/passkeys';
import { buildAuthRequest } from './request';
import { currentUser } from './service';
import type { AuthRequest, SessionUser } from './types';

export type { SessionUser } from './types';

/** The adapter's view of the current request (server components, actions, route handlers). */
export async function currentAuthRequest(): Promise<AuthRequest> {
  const [h, c] = await Promise.all([headers(), cookies()]);
  return buildAuthRequest(
    h,
    c.getAll().map(({ name, value }) => ({ name, value })),
    env.SESSION_COOKIE_NAME,
  );
}

/**
 * The connected user of the current request (cookie or `Authorization: Bearer`), or null, in any
 * sign-in mode. Every admin read and write calls this itself: `proxy.ts` only redirects, it is
 * not the security boundary.
 */
export async function getSession(): Promise<{ user: SessionUser } | null> {
  // Never part of a prerender or a runtime prefetch: a session is checked at request time only.
  await connection();
  const request = await currentAuthRequest();
  if (!request.token && !request.cookies.some((c) => c.name.startsWith('sb-'))) return null;
  const { value: user } = await currentUser(await getAuth(), request);
  return user ? { user } : null;
}

/** Who passkeys sign for in this request (server actions of the profile and the enrolment page). */
export async function currentRelyingParty(): Promise<RelyingParty> {
  const h = await headers();
  return relyingParty(env.SITE_URL, h.get('x-forwarded-host') ?? h.get('host'), new URL(env.SITE_URL).hostname);
}
