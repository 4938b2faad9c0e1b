// GET /api/user/isConnected/me — the connected user (cookie or bearer token), or 401.
import { userApi } from '@/lib/auth/user-api';

export const GET = userApi.me;
