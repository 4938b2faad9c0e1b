// POST /api/user/logout — ends the session on the server and clears the cookie.
import { userRoutes } from '@/lib/admin/user-api';

export const POST = userRoutes.logout;
