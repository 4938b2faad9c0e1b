// GET /api/users — connected users only: the list of accounts.
import { userRoutes } from '@/lib/auth/user-api';

export const GET = userRoutes.listUsers;
