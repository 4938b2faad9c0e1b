import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildSnapshotPath } from '@/lib/db/open';
import { env } from '@/lib/env';
import { writeBuildStamp } from './build-stamp';
import { compileServer } from './compile-server';

/** Next's own binary (not `npx`), so signals reach it directly. */
export const nextBin = path.join(process.cwd(), 'node_modules', 'next', 'dist', 'bin', 'next');

/**
 * Runs `next build`, then compiles the production server (scripts/compile-server.ts). On PGlite
 * Next's workers read the snapshot `prepareDatabase` wrote, never the live directory; on Postgres
 * they read the database directly. Exits the process on failure.
 */
export async function runNextBuild(): Promise<void> {
  const result = spawnSync(process.execPath, [nextBin, 'build'], {
    stdio: 'inherit',
    env: { ...process.env, ...(env.DATABASE_URL ? {} : { INSSTAT_BUILD_SNAPSHOT: buildSnapshotPath }) },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  try {
    await compileServer();
  } catch {
    // esbuild printed why.
    process.exit(1);
  }
  writeBuildStamp();
}
