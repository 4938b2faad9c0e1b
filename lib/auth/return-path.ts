/** The admin page to return to after signing in. */

/** Cookie proxy.ts sets when it sends a visitor from an admin page to `/`. */
export const RETURN_COOKIE = 'insstat_suite';

/** Only same-site admin paths are accepted (never `//host`, never outside `/admin`, never the login page itself). */
export function safeReturnPath(value: string | undefined | null): string {
  return value && /^\/admin(\/[\w\-/]*)?(\?[\w\-=&%.+]*)?$/.test(value) && !value.includes('//') && !value.startsWith('/admin/connexion')
    ? value
    : '/admin';
}
