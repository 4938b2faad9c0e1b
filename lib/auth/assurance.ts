/**
 * What the sign-in provider proved about a session beyond the password, for the second-factor
 * policy (lib/admin/access.ts). In supabase mode `resolve` marks the user of a session of an account
 * with a verified Supabase factor (such a session resolves only at `aal2`). A mark rides on the very
 * object `resolve` answered, so the user API's shapes stay `{ id, email, name }`; a user object
 * that did not come from `resolve` carries none, and the policy then counts no factor (it refuses
 * rather than lets through).
 */
import type { SessionUser } from './types';

const proved = new WeakSet<SessionUser>();

/**
 * A copy of `user` marked as holding a verified second factor of the provider (a session's user, or
 * an account of `listUsers`, which the users screen reads to show the factor and offer its reset).
 */
export function withProviderFactor<T extends SessionUser>(user: T): T {
  const marked = { ...user };
  proved.add(marked);
  return marked;
}

/** Whether `resolve` marked this user as holding a verified second factor of the provider. */
export const hasProviderFactor = (user: SessionUser): boolean => proved.has(user);
