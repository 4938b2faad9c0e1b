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

export async function startSecondInstance(
  extraEnv: Record<string, string>,
  options: { port?: number; nextStart?: boolean } = {},
): Promise<SecondInstance> {
  const root = process.cwd();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'insstat-instance-'));
  const start = () => startServer({ cwd: dir, extraEnv, ...options });
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
