// POST /api/user — a connected user creates an account (201; 409 if the email exists).
// PATCH /api/user — update one's own profile (name, email, password with the current password).
import { userRoutes } from '@/lib/admin/user-api';

export const POST = userRoutes.createUser;
export const PATCH = userRoutes.updateProfile;
