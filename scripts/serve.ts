// The production server's entry (compiled into .next/production-server.mjs by the build): with
// Postgres and SERVER_WORKERS above one, a primary process that forks the workers sharing the port
// (lib/ops/cluster.ts); else, and in each worker, the server itself (scripts/production-server.ts).
import './load-env';
import cluster from 'node:cluster';
import { env } from '@/lib/env';
import { assertPortFree } from '@/lib/http/listen';
import { startClusterPrimary, workerCount } from '@/lib/ops/cluster';

const workers = workerCount(env.SERVER_WORKERS, Boolean(env.DATABASE_URL));
// A port already taken is refused here, before any worker is forked (Node's cluster shares the port).
if (workers > 1 && cluster.isPrimary) await assertPortFree(env.PORT, env.HOSTNAME);
if (!startClusterPrimary(workers)) await import('./production-server');
