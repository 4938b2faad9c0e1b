// GET /api/users — connected users only: the list of accounts.
import { userApi } from '@/lib/auth/user-api';

export const GET = userApi.listUsers;
