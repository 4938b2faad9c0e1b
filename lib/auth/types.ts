/**
 * The contract every sign-in mode implements (embedded, supabase, upstream). Route handlers,
 * `getSession()` and the admin user screens only talk to an `AuthAdapter`; which one is used is
 * decided once by configuration (`AUTH_MODE`, see lib/auth/index.ts).
 */
import type { CookieToSet } from '@/lib/http/cookies';

/** The connected user, as the user API returns it. `id` is always our own `users.id`. */
export type SessionUser = { id: string; email: string; name: string };

/** An account as `/admin/users` and `GET /api/users` list it. Dates are ISO strings. */
export type AccountUser = SessionUser & {
  active: boolean;
  createdAt: string;
  lastSignInAt: string | null;
};

/** A user as an external provider knows it, before it is mirrored into our `users` table. */
export type ProviderUser = {
  /** The provider's identifier (Supabase user id, upstream id). */
  externalId: string;
  email: string;
  name: string;
  active?: boolean;
  createdAt?: string | null;
  lastSignInAt?: string | null;
};

export type { CookieOptions, CookieToSet } from '@/lib/http/cookies';

/** What an adapter gets to know about the incoming request. */
export type AuthRequest = {
  /** `Authorization: Bearer` token if present, else the value of our session cookie. */
  token: string | null;
  /** True when the token came from the Authorization header. */
  bearer: boolean;
  /** Every request cookie (Supabase keeps its session in its own chunked cookies). */
  cookies: { name: string; value: string }[];
  ip: string | null;
  userAgent: string | null;
  /** Whether cookies must be `Secure` (false on http://localhost only). */
  secureCookies: boolean;
};

/** What an adapter answers: a value and the cookies to write on the response. */
export type WithCookies<T> = { value: T; cookies: CookieToSet[] };

export type SignInInput = { email: string; password: string };
export type CreateUserInput = { email: string; name: string; password: string };
export type ProfileInput = {
  name?: string;
  email?: string;
  /** New password; `currentPassword` is then required. */
  password?: string;
  currentPassword?: string;
};

/**
 * One's own authenticator app kept by the sign-in provider (Supabase's TOTP MFA): enrolled from the
 * profile, confirmed by a first code, removed with a current code. Codes are checked by the provider.
 */
export interface ProviderTotp {
  /** Whether the session's account has a verified app. */
  enabled(request: AuthRequest): Promise<boolean>;
  /** A new, unverified factor: its id, the secret as text and the `otpauth://` address. */
  begin(request: AuthRequest, issuer: string): Promise<{ factorId: string; secret: string; uri: string }>;
  /** Verifies the factor with a first code; the session becomes `aal2` (cookies to write). Throws a French `ValidationError` for a wrong code. */
  confirm(request: AuthRequest, factorId: string, code: string): Promise<WithCookies<null>>;
  /** Removes the verified app after checking a current code. Throws a French `ValidationError` for a wrong code. */
  disable(request: AuthRequest, code: string): Promise<WithCookies<null>>;
  /** Removes every factor of another account (an administrator's reset: a lost phone); the account enrols again. */
  reset(userId: string): Promise<{ removed: boolean }>;
}

export interface AuthAdapter {
  readonly mode: 'embedded' | 'supabase' | 'upstream';
  /** Whether accounts can be deactivated from `/admin/users` in this mode. */
  readonly canDeactivate: boolean;
  /**
   * Checks the pair. Resolves `{ user, token }` plus the session cookies, or throws
   * `InvalidCredentialsError` (same error for an unknown email and a wrong password).
   */
  signIn(request: AuthRequest, input: SignInInput): Promise<WithCookies<{ user: SessionUser; token: string }>>;
  /**
   * Opens the session of an account whose password (or password-less passkey) and second factor
   * were checked by lib/auth/service.ts. Only the embedded mode keeps second factors here.
   */
  finishSignIn?(request: AuthRequest, userId: string): Promise<WithCookies<{ user: SessionUser; token: string }>>;
  /**
   * Supabase mode: the second call of a sign-in whose password was right on an account with a
   * Supabase factor. `pending` is what `signIn` kept in the step; the code is checked by the
   * provider. Answers the `aal2` session, or null for a wrong, reused or expired code.
   */
  verifySecondFactor?(
    request: AuthRequest,
    pending: string,
    code: string,
  ): Promise<WithCookies<{ user: SessionUser; token: string }> | null>;
  /** Supabase mode: the provider's own authenticator app, managed from the profile. */
  readonly providerTotp?: ProviderTotp;
  /** Ends the session on the server (when there is one) and clears the cookies. Never throws for a bad token. */
  signOut(request: AuthRequest): Promise<WithCookies<null>>;
  /** The user of a valid session, or null. May refresh the session (cookies to write). */
  resolve(request: AuthRequest): Promise<WithCookies<SessionUser | null>>;
  /** A connected user creates an account. Throws `ConflictError` when the email exists. */
  createUser(request: AuthRequest, actor: SessionUser, input: CreateUserInput): Promise<AccountUser>;
  listUsers(request: AuthRequest, actor: SessionUser): Promise<AccountUser[]>;
  /**
   * Updates the actor's own profile. A new password needs `currentPassword` (else
   * `InvalidCredentialsError` with field `currentPassword`) and ends the actor's other sessions.
   */
  updateProfile(request: AuthRequest, actor: SessionUser, input: ProfileInput): Promise<WithCookies<SessionUser>>;
  /**
   * Deactivates or reactivates an account; deactivation ends its sessions. The caller has already
   * refused self-deactivation and the last active account.
   */
  setActive(request: AuthRequest, actor: SessionUser, userId: string, active: boolean): Promise<void>;
}
