/**
 * Security headers of every response (next.config.ts). The Content-Security-Policy carries no
 * per-request nonce, so public pages stay prerendered and cacheable: inline scripts (Next's
 * payload, the colour-mode script) are allowed, scripts from anywhere else are not. Everything
 * else the site loads comes from its own origin; the browser's API base may be another origin.
 */
export type SecurityHeadersConfig = { siteUrl: string; apiBaseUrl: string; production: boolean };

/** The Content-Security-Policy value. */
export function contentSecurityPolicy({ siteUrl, apiBaseUrl, production }: SecurityHeadersConfig): string {
  const apiOrigin = /^https?:\/\//i.test(apiBaseUrl) ? new URL(apiBaseUrl).origin : null;
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    // `next dev` evaluates code for fast refresh; the production build never does.
    ['script-src', "'self'", "'unsafe-inline'", ...(production ? [] : ["'unsafe-eval'"])],
    ['style-src', "'self'", "'unsafe-inline'"],
    // blob: previews of images being uploaded, data: small inline images.
    ['img-src', "'self'", 'data:', 'blob:'],
    ['font-src', "'self'", 'data:'],
    ['connect-src', "'self'", ...(apiOrigin ? [apiOrigin] : [])],
    ['media-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'self'"],
  ];
  if (siteUrl.startsWith('https:')) directives.push(['upgrade-insecure-requests']);
  return directives.map((d) => d.join(' ')).join('; ');
}

/** Every header; HSTS only when the site is served over https (a browser would refuse http for a year). */
export function securityHeaders(config: SecurityHeadersConfig): { key: string; value: string }[] {
  return [
    { key: 'Content-Security-Policy', value: contentSecurityPolicy(config) },
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    { key: 'X-Frame-Options', value: 'SAMEORIGIN' },
    { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()' },
    ...(config.siteUrl.startsWith('https:') ? [{ key: 'Strict-Transport-Security', value: 'max-age=31536000' }] : []),
  ];
}
