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
export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: number; error: string; fieldErrors?: Record<string, string[]> };

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
  logout: () => call<{ ok: true }>('POST', '/user/logout'),
  register: (user: { email: string; name: string; password: string }) => call<{ user: ApiAccount }>('POST', '/user', { user }),
  users: () => call<{ users: ApiAccount[] }>('GET', '/users'),
  updateProfile: (user: { name?: string; email?: string; password?: string; currentPassword?: string }) =>
    call<{ user: ApiUser }>('PATCH', '/user', { user }),
};
