/**
 * Ports of the shared caches the e2e tests put in front of the e2e server (e2e/behind-a-cache.spec.ts):
 * next to E2E_PORT, so several checkouts side by side never share one. The e2e server purges the
 * first Varnish (playwright.config.ts: CACHE_PURGE_URL).
 */
export function frontCachePorts(e2ePort: number) {
  return { varnish: e2ePort + 1, varnishMinute: e2ePort + 2, nginx: e2ePort + 3 };
}
