// npm run build — compiles the site. On PGlite, Next's build workers read a private copy of the
// database (never the live directory); on Postgres they read it directly.
import './load-env';
import { spawnSync } from 'node:child_process';
import { buildSnapshotPath } from '@/lib/db/open';
import { env } from '@/lib/env';
import { writeBuildStamp } from './build-stamp';
import { prepareDatabase } from './prepare';

await prepareDatabase({ seedIfEmpty: false, snapshot: !env.DATABASE_URL });
const result = spawnSync('npx', ['next', 'build'], {
  stdio: 'inherit',
  env: { ...process.env, ...(env.DATABASE_URL ? {} : { INSSTAT_BUILD_SNAPSHOT: buildSnapshotPath }) },
});
if (result.status !== 0) process.exit(result.status ?? 1);
writeBuildStamp();
