import 'server-only';
/**
 * The user API bound to this installation's sign-in mode and access rules (used by the route
 * files): creating and listing accounts are an administrator's acts (lib/admin/access.ts); the contract's
 * shapes are unchanged.
 */
import { getAuth } from '@/lib/auth';
import { createUserApi } from '@/lib/auth/api';
import { env } from '@/lib/env';
import { authorizeAccountCreation, authorizeAccountList } from './access';

export const userRoutes = createUserApi(getAuth, {
  cookieName: env.SESSION_COOKIE_NAME,
  allowedOrigins: [new URL(env.SITE_URL).origin],
  authorizeAccountCreation,
  authorizeAccountList,
});
