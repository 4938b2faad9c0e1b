/**
 * One folder, one truth: a second server started from this very folder (same build) on another
 * database never shows the first one's pages — neither those prerendered at build time from the
 * first database nor those the first server rendered and stored since — and needs no rebuild.
 * Next's runtime page cache lives with each instance's data (lib/cache/handlers/data-home.mjs).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort, startServer, type RunningServer } from '../testing/spawn-server';

const AREA = '/indice/ipc';
let other: RunningServer | undefined;
let otherDir = '';

test.beforeAll(async () => {
  test.setTimeout(180_000);
  otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'insstat-other-data-'));
  // Another database: a PGlite directory of its own, migrated, with no content at all.
  const env = { ...process.env, DATA_DIR: otherDir, DATABASE_URL: '' };
  const migrated = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/migrate.ts'], { env, encoding: 'utf8' });
  expect(migrated.status, migrated.stderr).toBe(0);
  // A free port: E2E_PORT + 1 is the first Varnish's (e2e/helpers/front-cache-ports.ts), started by a spec alongside.
  const port = await freePort();
  other = await startServer({ port, extraEnv: { DATA_DIR: otherDir, DATABASE_URL: '', SITE_URL: `http://127.0.0.1:${port}` } });
});

test.afterAll(async () => {
  await other?.stop();
  if (otherDir) fs.rmSync(otherDir, { recursive: true, force: true });
});

/** The publication titles an area page lists (its second-level headings' links). */
const titles = (html: string) => [...html.matchAll(/<h[23]\b[^>]*>\s*<a\b[^>]*>([^<]{6,})<\/a>/gi)].map((m) => m[1]!.trim());

test('deux serveurs du même dossier sur deux bases ne se montrent jamais leurs pages', async ({ request }) => {
  // The first server's pages, rendered (or prerendered from its database) and stored by it.
  for (let i = 0; i < 3; i++) await request.get(AREA);
  const first = await (await request.get(AREA)).text();
  const listed = titles(first);
  expect(listed.length, 'la page du domaine liste des publications').toBeGreaterThan(0);

  for (const pathname of [AREA, '/']) {
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${other!.baseUrl}${pathname}`);
      const html = await response.text();
      expect(response.status, pathname).toBeLessThan(500);
      for (const title of listed) expect(html, `${pathname} sur l’autre base`).not.toContain(title);
    }
  }
  // What the other server rendered went to its own data directory, not into the build.
  expect(fs.existsSync(path.join(otherDir, 'next-cache')), 'cache de pages de l’autre instance').toBe(true);
});
