import 'server-only';
/**
 * The user API bound to this installation's sign-in mode and access rules (used by the route
 * files): creating and listing accounts are an administrator's acts (lib/admin/access.ts); the contract's
 * shapes are unchanged.
 */
import { getAuth } from '@/lib/auth';
import { createUserApi } from '@/lib/auth/api';
import { env } from '@/lib/env';
import { relyingParty } from '@/lib/auth/mfa/passkeys';
import { authorizeAccountCreation, authorizeAccountList, authorizeSignedIn } from './access';

export const userRoutes = createUserApi(getAuth, {
  cookieName: env.SESSION_COOKIE_NAME,
  allowedOrigins: [new URL(env.SITE_URL).origin],
  authorizeAccountCreation,
  authorizeAccountList,
  // Second factors (issue 40): an account the policy asks to enrol may not use the API until it does; passkeys sign for SITE_URL.
  authorizeUser: authorizeSignedIn,
  relyingParty: (request) =>
    relyingParty(env.SITE_URL, request.headers.get('x-forwarded-host') ?? request.headers.get('host'), new URL(env.SITE_URL).hostname),
});
