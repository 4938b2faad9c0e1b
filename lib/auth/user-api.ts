import 'server-only';
/** The user API bound to this installation's sign-in mode (used by the route files). */
import { env } from '@/lib/env';
import { createUserApi } from './api';
import { getAuth } from './index';

export const userRoutes = createUserApi(getAuth, { cookieName: env.SESSION_COOKIE_NAME, allowedOrigins: [new URL(env.SITE_URL).origin] });
