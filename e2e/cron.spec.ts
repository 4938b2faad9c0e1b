/**
 * Without the custom server (Postgres only): `next start` — what a host without `npm start` or a
 * serverless platform runs, with no timer of its own — on its own seeded database. A publication
 * scheduled in the back-office goes online when the platform's cron calls `GET /api/cron` with
 * the secret, not before; the very next request shows it; a second run publishes nothing again.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { expect, test } from '@playwright/test';
import { freePort } from '../testing/spawn-server';
import { signIn } from './helpers/login';
import { startSecondInstance, type SecondInstance } from './helpers/second-instance';
import { scheduleNewDraft } from './helpers/schedule';

test.skip(
  !process.env.DATABASE_URL,
  '`next start` à côté du serveur de test demande une base Postgres : PGlite tient en un seul processus.',
);

const SECRET = `cron-${randomBytes(12).toString('hex')}`;
const name = `insstat_cron_${randomBytes(4).toString('hex')}`;
let databaseUrl = '';
let dataDir = '';
let instance: SecondInstance | undefined;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const admin = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'insstat-cron-'));
  // Its own database, so its own files too (on disk): its seed must not overwrite the shared store's.
  const env = { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, STORAGE_DRIVER: 'local' };
  const seed = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/seed.ts'], { env, encoding: 'utf8' });
  expect(seed.status, seed.stderr).toBe(0);
  const port = await freePort();
  instance = await startSecondInstance(
    {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      STORAGE_DRIVER: 'local',
      SITE_URL: `http://127.0.0.1:${port}`,
      CRON_SECRET: SECRET,
      // Its own test clock (e2e/helpers/clock.ts); `next start` itself does not read HOSTNAME.
      INSSTAT_TEST_CLOCK: 'on',
      HOSTNAME: '127.0.0.1',
    },
    { port, nextStart: true },
  );
});

test.afterAll(async () => {
  await instance?.remove();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  const admin = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end();
});

type CronRun = { published: { title: string }[] };

test('sous `next start`, une publication programmée passe en ligne par la route cron, une seule fois', async ({ browser }) => {
  const base = instance!.server.baseUrl;
  const cron = (secret?: string) => fetch(`${base}/api/cron`, { headers: secret ? { authorization: `Bearer ${secret}` } : {} });
  expect((await cron()).status).toBe(401);
  expect((await cron('pas-le-bon-secret-du-tout')).status).toBe(401);

  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  const title = `Par la route cron ${Date.now().toString(36)}`;
  await signIn(page, '/admin/autres');
  const at = await scheduleNewDraft(page, title);
  await expect(page.getByTestId('etat')).toHaveText('Programmé');
  const slug = await page.getByRole('textbox', { name: 'Adresse (fin de l’URL)', exact: true }).inputValue();
  await context.close();
  const url = `${base}/themes/autres/${slug}`;

  // Before its time: the cron publishes nothing, the page is a 404.
  const early = (await (await cron(SECRET)).json()) as CronRun;
  expect(early.published.map((p) => p.title)).not.toContain(title);
  expect((await fetch(url)).status).toBe(404);

  // Its time comes (this instance's test clock). No timer runs here: nothing happens until the cron is called.
  const moved = await fetch(`${base}/api/test/horloge`, {
    method: 'POST',
    body: JSON.stringify({ at: new Date(at.getTime() + 1_000).toISOString() }),
  });
  expect(moved.status, await moved.text()).toBe(200);
  expect((await fetch(url)).status).toBe(404);
  const run = await cron(SECRET);
  expect(run.status).toBe(200);
  expect(((await run.json()) as CronRun).published.map((p) => p.title)).toContain(title);
  const page200 = await fetch(url);
  expect(page200.status).toBe(200);
  expect(await page200.text()).toContain(title);
  // Idempotent: a second run (or two at once) publishes nothing again.
  const again = await Promise.all([cron(SECRET), cron(SECRET)]);
  for (const r of again) expect(((await r.json()) as CronRun).published.map((p) => p.title)).not.toContain(title);
});
