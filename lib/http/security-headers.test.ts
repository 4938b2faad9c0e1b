import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, securityHeaders } from './security-headers';

const base = { siteUrl: 'http://localhost:3000', apiBaseUrl: '/api', production: true };
const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.split(' ')[0] === name);

describe('security headers', () => {
  it('allow only the site itself, inline scripts without eval in production, no framing by others', () => {
    const csp = contentSecurityPolicy(base);
    expect(directive(csp, 'default-src')).toBe("default-src 'self'");
    expect(directive(csp, 'script-src')).toBe("script-src 'self' 'unsafe-inline'");
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self'");
    expect(directive(csp, 'object-src')).toBe("object-src 'none'");
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'self'");
    expect(directive(csp, 'upgrade-insecure-requests')).toBeUndefined();
    expect(contentSecurityPolicy({ ...base, production: false })).toContain("'unsafe-eval'");
  });

  it('let the browser reach a user API on another origin', () => {
    expect(directive(contentSecurityPolicy({ ...base, apiBaseUrl: 'https://auth.institut.example/api/v2' }), 'connect-src')).toBe(
      "connect-src 'self' https://auth.institut.example",
    );
  });

  it('send HSTS and upgrade requests only over https', () => {
    const names = (siteUrl: string) => securityHeaders({ ...base, siteUrl }).map((h) => h.key);
    expect(names('http://localhost:3000')).not.toContain('Strict-Transport-Security');
    const https = securityHeaders({ ...base, siteUrl: 'https://www.institut.example' });
    expect(https.find((h) => h.key === 'Strict-Transport-Security')?.value).toBe('max-age=31536000');
    expect(https.find((h) => h.key === 'Content-Security-Policy')?.value).toContain('upgrade-insecure-requests');
  });
});
