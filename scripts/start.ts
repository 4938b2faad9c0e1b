// npm start — migrates, seeds the demo content when the database is empty, builds when the
// sources changed since the last build, then serves on PORT.
import './load-env';
import { spawn, spawnSync } from 'node:child_process';
import { buildSnapshotPath } from '@/lib/db/open';
import { env } from '@/lib/env';
import { buildIsCurrent, writeBuildStamp } from './build-stamp';
import { prepareDatabase } from './prepare';

const needsBuild = !buildIsCurrent();
await prepareDatabase({ seedIfEmpty: true, snapshot: needsBuild && !env.DATABASE_URL });

if (needsBuild) {
  console.log('Compilation du site (première fois ou sources modifiées)…');
  const build = spawnSync('npx', ['next', 'build'], {
    stdio: 'inherit',
    env: { ...process.env, ...(env.DATABASE_URL ? {} : { INSSTAT_BUILD_SNAPSHOT: buildSnapshotPath }) },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeBuildStamp();
}

console.log(`Site servi sur http://localhost:${env.PORT}`);
const server = spawn('npx', ['next', 'start', '-p', String(env.PORT)], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
