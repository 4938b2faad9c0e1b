/**
 * The browser's one way to reach the user API. Its base URL is a public runtime setting
 * (NEXT_PUBLIC_API_BASE_URL, default `/api`); the session travels in the httpOnly cookie.
 */
const base = (process.env.NEXT_PUBLIC_API_BASE_URL || '/api').replace(/\/$/, '');

export type ApiUser = { id: string; email: string; name: string };
export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: number; error: string; fieldErrors?: Record<string, string[]> };

async function call<T>(method: string, path: string, body?: unknown): Promise<ApiResult<T>> {
  try {
    const response = await fetch(`${base}${path}`, {
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
  logout: () => call<Record<string, never>>('POST', '/user/logout'),
};
