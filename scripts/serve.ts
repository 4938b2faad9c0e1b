// The production server's entry (compiled into .next/production-server.mjs by the build): with
// Postgres and SERVER_WORKERS above one, a primary process that forks the workers sharing the port
// (lib/ops/cluster.ts); else, and in each worker, the server itself (scripts/production-server.ts).
import './load-env';
import cluster from 'node:cluster';
import { env } from '@/lib/env';
import { openSharedSockets } from '@/lib/http/listen';
import { startClusterPrimary, workerCount } from '@/lib/ops/cluster';

const workers = workerCount(env.SERVER_WORKERS, Boolean(env.DATABASE_URL));
// The primary opens the port's sockets once (LISTEN_SOCKETS, SO_REUSEPORT) and every worker accepts
// from all of them (lib/http/listen.ts); a port already taken is refused here.
if (workers > 1 && cluster.isPrimary) await openSharedSockets({ port: env.PORT, host: env.HOSTNAME, sockets: env.LISTEN_SOCKETS });
if (!startClusterPrimary(workers)) await import('./production-server');
