// POST /api/user — a connected user creates an account (201; 409 if the email exists).
// PATCH /api/user — update one's own profile (name, email, password with the current password).
import { userApi } from '@/lib/auth/user-api';

export const POST = userApi.createUser;
export const PATCH = userApi.updateProfile;
