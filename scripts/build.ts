// npm run build — migrates and compiles the site (see scripts/next-build.ts for the database copy).
import './load-env';
import { env } from '@/lib/env';
import { runNextBuild } from './next-build';
import { prepareDatabase } from './prepare';

await prepareDatabase({ seedIfEmpty: false, snapshot: !env.DATABASE_URL });
await runNextBuild();
