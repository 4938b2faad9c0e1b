// GET /api/user/isConnected/me — the connected user (cookie or bearer token), or 401.
import { userRoutes } from '@/lib/admin/user-api';

export const GET = userRoutes.me;
