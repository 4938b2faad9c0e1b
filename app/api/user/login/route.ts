// POST /api/user/login — { email, password } → 200 { user, token } and the session cookie; 401; 429.
import { userRoutes } from '@/lib/admin/user-api';

export const POST = userRoutes.login;
