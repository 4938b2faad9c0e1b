import 'server-only';
import { cookies, headers } from 'next/headers';
import { getDb } from '@/lib/db';
import { env } from '@/lib/env';
import { userForToken, type SessionUser } from './embedded';

export type { SessionUser } from './embedded';

/** The session token of the current request: the httpOnly cookie, or `Authorization: Bearer`. */
export async function requestToken(): Promise<string | null> {
  const auth = (await headers()).get('authorization');
  if (auth?.toLowerCase().startsWith('bearer ')) return auth.slice(7).trim() || null;
  return (await cookies()).get(env.SESSION_COOKIE_NAME)?.value ?? null;
}

/**
 * The connected user of the current request, or null. Every admin read and write calls this
 * itself: `proxy.ts` only redirects, it is not the security boundary.
 */
export async function getSession(): Promise<{ user: SessionUser } | null> {
  const token = await requestToken();
  if (!token) return null;
  const user = await userForToken(await getDb(), token);
  return user ? { user } : null;
}
