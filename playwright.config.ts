/**
 * End-to-end tests against the production build (`npm run build` first; `npm test` does it),
 * served by scripts/production-server.ts on port 3100 with its own data directory, in Debian's Chromium.
 */
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './e2e/helpers/chromium';
import { frontCachePorts } from './e2e/helpers/front-cache-ports';

// E2E_PORT lets a second checkout run its tests while another uses 3100.
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = '.data-e2e';
// The Varnish servers e2e/behind-a-cache.spec.ts starts in front of the e2e server, purged by it.
const varnish = frontCachePorts(port);
const purgeUrls = [varnish.varnish, varnish.varnishMinute].map((p) => `http://127.0.0.1:${p}/`).join(',');

/**
 * The second pass (.ci/run's Postgres one, INSSTAT_SECOND_DATABASE=1) runs again what the database
 * can change: these specs only read pages the same seed renders the same way on either database
 * (their queries' Postgres cases are Vitest's), and ran on the first pass.
 */
const READ_ONLY_SPECS = ['conformance', 'page-weight', 'search-fast', 'smoke', 'tables-public', 'one-folder'].map(
  (name) => `${name}.spec.ts`,
);
const secondDatabase = process.env.INSSTAT_SECOND_DATABASE === '1';

export default defineConfig({
  testDir: 'e2e',
  testIgnore: secondDatabase ? READ_ONLY_SPECS : undefined,
  outputDir: 'test-results/e2e',
  fullyParallel: true,
  // Two lanes (projects below): two workers for the journeys, which keep both cores busy, and one
  // for the tests tagged @clock, which move the server's test clock (e2e/helpers/clock.ts): one at
  // a time, so that no test's clock move brings another's scheduled minute before it looked.
  workers: 3,
  // Never retried: a test that fails once is a failure.
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // Hang guards, not claims: a test waits for the state it needs (an answer, a page that shows X),
  // which a loaded 2-core machine reaches later (CI: a bulk action's toast after more than 10 s).
  timeout: 120_000,
  expect: { timeout: 30_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    ...devices['Desktop Chrome'],
    baseURL,
    locale: 'fr-FR',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'chromium', grepInvert: /@clock/, workers: 2 },
    { name: 'clock', grep: /@clock/, workers: 1, fullyParallel: false },
  ],
  webServer: {
    // The production server `npm start` runs (Next behind the front page cache), compiled by the build.
    command: 'node .next/production-server.mjs',
    url: `${baseURL}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    // DATABASE_URL, when set, reaches the server with the rest of the environment.
    // One trusted proxy hop: the rate-limit test sends X-Forwarded-For so its failures stay on its own address.
    // One process: the specs count on one instance's memory (rate limits per instance); several
    // instances have their own spec (instances.spec.ts).
    env: {
      DATA_DIR: dataDir,
      SITE_URL: baseURL,
      PORT: String(port),
      HOSTNAME: '127.0.0.1',
      NODE_ENV: 'production',
      TRUST_PROXY_HOPS: '1',
      SERVER_WORKERS: '1',
      CACHE_PURGE: 'varnish',
      CACHE_PURGE_URL: purgeUrls,
      // Scheduled work is tested by moving this server's clock forward (lib/clock.ts), never by waiting.
      INSSTAT_TEST_CLOCK: 'on',
    },
  },
});
