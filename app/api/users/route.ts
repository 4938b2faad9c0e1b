// GET /api/users — connected users only: the list of accounts.
import { userRoutes } from '@/lib/admin/user-api';

export const GET = userRoutes.listUsers;
