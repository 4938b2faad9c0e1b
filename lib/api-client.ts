/**
 * The browser's one way to reach the user API. Its base URL is a public runtime setting
 * (NEXT_PUBLIC_API_BASE_URL, default `/api`), read from the meta tag the admin layout renders so
 * that changing it needs no rebuild; the session travels in the httpOnly cookie.
 */
export const API_BASE_META = 'insstat-api-base';

function base(): string {
  const fromPage =
    typeof document === 'undefined' ? null : document.querySelector<HTMLMetaElement>(`meta[name="${API_BASE_META}"]`)?.content;
  return (fromPage || process.env.NEXT_PUBLIC_API_BASE_URL || '/api').replace(/\/$/, '');
}

export type ApiUser = { id: string; email: string; name: string };
export type ApiAccount = ApiUser & { active: boolean; createdAt: string; lastSignInAt: string | null };
export type ApiResult<T> =
  | { ok: true; data: T }
  | { ok: false; status: number; error: string; fieldErrors?: Record<string, string[]>; body?: Record<string, unknown> };

/** What a right password answers for an account with a second factor (401): the step's token and the account's methods. */
export type SecondFactorStep = { mfaRequired: true; mfaToken: string; methods: string[]; expiresIn: number };

/** The second-factor step of a failed login, when that is why it failed. */
export const secondFactorStep = (result: ApiResult<unknown>): SecondFactorStep | null =>
  !result.ok && result.body?.mfaRequired === true && typeof result.body.mfaToken === 'string'
    ? (result.body as unknown as SecondFactorStep)
    : null;

async function call<T>(method: string, path: string, body?: unknown): Promise<ApiResult<T>> {
  try {
    const response = await fetch(`${base()}${path}`, {
      method,
      credentials: 'include',
      headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (!response.ok) {
      return {
        ok: false,
        status: response.status,
        error: typeof json.error === 'string' ? json.error : `Le serveur a répondu ${response.status}. Réessayez.`,
        fieldErrors: json.fieldErrors as Record<string, string[]> | undefined,
        body: json,
      };
    }
    return { ok: true, data: json as T };
  } catch {
    return { ok: false, status: 0, error: 'Serveur injoignable : vérifiez votre connexion puis réessayez.' };
  }
}

export const userApi = {
  me: () => call<{ user: ApiUser }>('GET', '/user/isConnected/me'),
  login: (email: string, password: string) => call<{ user: ApiUser; token: string }>('POST', '/user/login', { email, password }),
  /** The second call of a sign-in: the step's token and a code (`code`) or a passkey's answer (`passkey`). */
  loginSecondStep: (step: { mfaToken: string; code?: string; passkey?: unknown }) =>
    call<{ user: ApiUser; token: string }>('POST', '/user/login', step),
  /** A password-less sign-in with a passkey. */
  loginWithPasskey: (step: { passkeyToken: string; passkey: unknown }) =>
    call<{ user: ApiUser; token: string }>('POST', '/user/login', step),
  /** WebAuthn options: `{ mfaToken }` after a password, `{}` for a password-less sign-in. */
  passkeyOptions: (body: { mfaToken?: string }) =>
    call<{ options: unknown; mfaToken?: string; passkeyToken?: string }>('POST', '/user/passkey', body),
  logout: () => call<{ ok: true }>('POST', '/user/logout'),
  register: (user: { email: string; name: string; password: string }) => call<{ user: ApiAccount }>('POST', '/user', { user }),
  users: () => call<{ users: ApiAccount[] }>('GET', '/users'),
  updateProfile: (user: { name?: string; email?: string; password?: string; currentPassword?: string }) =>
    call<{ user: ApiUser }>('PATCH', '/user', { user }),
};
