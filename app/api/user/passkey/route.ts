// POST /api/user/passkey — WebAuthn options of a passkey sign-in ({ mfaToken } after a password, {} instead of one).
import { userRoutes } from '@/lib/admin/user-api';

export const POST = userRoutes.passkeyOptions;
