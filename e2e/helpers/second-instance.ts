/**
 * A second app instance for the several-instances test: the same build copied into a directory of
 * its own (as a second machine has), the same database (DATABASE_URL) and the same files (DATA_DIR),
 * started on a free port by testing/spawn-server.ts — and started again, as after a restart.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, type RunningServer } from '../../testing/spawn-server';

/** Left out of the copy: the build is copied, data and reports stay with the first instance. */
const NOT_LINKED = new Set(['.next', '.git', 'test-results', 'playwright-report']);

export type SecondInstance = {
  /** The running server (a new one after `restart`). */
  server: RunningServer;
  /** Stops the process and starts a new one in the same directory (its caches on disk kept). */
  restart(): Promise<void>;
  /** Stops it and removes its directory. */
  remove(): Promise<void>;
};

/** Sets the clock of the server at `baseUrl` to the e2e server's "now" (tests that move it run one at a time, the @clock lane). */
async function followClock(baseUrl: string): Promise<void> {
  const main = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}/api/test/horloge`;
  const now = ((await (await fetch(main)).json()) as { now: string }).now;
  const moved = await fetch(`${baseUrl}/api/test/horloge`, { method: 'POST', body: JSON.stringify({ at: now }) });
  if (moved.status !== 200) throw new Error(`Horloge de test de la seconde instance : ${moved.status} ${await moved.text()}`);
}

export async function startSecondInstance(
  extraEnv: Record<string, string>,
  options: { port?: number; nextStart?: boolean } = {},
): Promise<SecondInstance> {
  const root = process.cwd();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'insstat-instance-'));
  // Its test clock (lib/clock.ts) set to the e2e server's at every start: what that server published
  // at its own "now", ahead of this machine's once moved, is public here too.
  const start = async () => {
    const server = await startServer({ cwd: dir, extraEnv: { INSSTAT_TEST_CLOCK: 'on', ...extraEnv }, ...options });
    await followClock(server.baseUrl);
    return server;
  };
  try {
    for (const name of fs.readdirSync(root)) {
      if (NOT_LINKED.has(name) || name.startsWith('.data')) continue;
      fs.symlinkSync(path.join(root, name), path.join(dir, name));
    }
    // File times kept: they date the prerendered pages, which the shared tag check compares with
    // the last change of their tags (a copy dated « now » would pass for fresh).
    const cache = path.join(root, '.next', 'cache');
    fs.cpSync(path.join(root, '.next'), path.join(dir, '.next'), {
      recursive: true,
      preserveTimestamps: true,
      filter: (src) => src !== cache,
    });
    const instance: SecondInstance = {
      server: await start(),
      async restart() {
        await instance.server.stop();
        instance.server = await start();
      },
      async remove() {
        await instance.server.stop();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
    return instance;
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
