// npm start — migrates, seeds the demo content when the database is empty, builds when the
// sources changed since the last build, then serves on PORT.
import './load-env';
import { spawn } from 'node:child_process';
import { env } from '@/lib/env';
import { buildIsCurrent } from './build-stamp';
import { compiledServerPath } from './compile-server';
import { runNextBuild } from './next-build';
import { prepareDatabase } from './prepare';

const needsBuild = !buildIsCurrent();
await prepareDatabase({ seedIfEmpty: true, snapshot: needsBuild && !env.DATABASE_URL });

if (needsBuild) {
  console.log('Compilation du site (première fois ou sources modifiées)…');
  await runNextBuild();
}

// Compiled at build time (scripts/compile-server.ts): no TypeScript loader in the serving process.
const server = spawn(process.execPath, [compiledServerPath], {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
