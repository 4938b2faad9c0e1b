// The production server's entry (compiled into .next/production-server.mjs by the build): with
// Postgres and SERVER_WORKERS above one, a primary process that forks the workers sharing the port
// (lib/ops/cluster.ts); else, and in each worker, the server itself (scripts/production-server.ts).
import './load-env';
import { env } from '@/lib/env';
import { startClusterPrimary, workerCount } from '@/lib/ops/cluster';

if (!startClusterPrimary(workerCount(env.SERVER_WORKERS, Boolean(env.DATABASE_URL)))) await import('./production-server');
