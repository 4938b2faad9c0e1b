/**
 * Several processes of the production server on one port (node:cluster), so that under a thousand
 * keep-alive readers a newcomer's connection is accepted by a process whose event loop is free
 * (issue 41: one process accepted about one connection per turn of 100–250 ms). Postgres only: each
 * worker is an app instance of its own, kept in step with the others by the tag store's
 * LISTEN/NOTIFY (its page cache, 404 and search copies are dropped when another worker writes);
 * PGlite is opened by one process, so there the server runs alone (nginx in front goes further).
 * No Next imports: run by the server's entry (scripts/serve.ts) before Next is loaded.
 */
import cluster, { type Worker } from 'node:cluster';
import os from 'node:os';

/** Set on the one worker that runs the process-wide work (scheduler, clean-ups, extraction). */
const SCHEDULER_WORKER_ENV = 'INSSTAT_SCHEDULER_WORKER';
/** A worker that dies sooner than this after its start is forked again only after this delay. */
const RESPAWN_DELAY_MS = 1_000;

/**
 * How many processes serve: `setting` (SERVER_WORKERS), `auto` being one per core; always one on
 * PGlite (one process per data directory).
 */
export function workerCount(setting: 'auto' | number, postgres: boolean, cores: number = os.availableParallelism()): number {
  if (!postgres) return 1;
  return setting === 'auto' ? Math.max(1, cores) : setting;
}

/**
 * Whether this process runs the work done once per server, not once per worker: the scheduler
 * (its database lock would make the others' runs idle anyway), the clean-up of interrupted uploads,
 * the documents' text extraction. True outside a cluster.
 */
export function runsServerWideWork(): boolean {
  return !cluster.isWorker || process.env[SCHEDULER_WORKER_ENV] === '1';
}

/**
 * Whether this process answers readers. In a cluster the worker doing the server-wide work does not:
 * on release day each await of the scheduler's run waited for a turn of a loop serving hundreds of
 * readers (the release row went out 5–8 s after its minute under 1,000 readers, issue 41).
 */
export function servesReaders(): boolean {
  return !cluster.isWorker || process.env[SCHEDULER_WORKER_ENV] !== '1';
}

/**
 * In the primary process: forks `count` workers that share the port, forks again any that dies (the
 * scheduler's role goes with it), and on SIGINT/SIGTERM stops them all and exits once they are gone.
 * Returns false — and does nothing — when this process should serve itself (a worker, or `count` is 1).
 */
export function startClusterPrimary(count: number, log: (message: string) => void = console.log): boolean {
  if (!cluster.isPrimary || count <= 1) return false;
  // Each worker accepts from the one socket the primary binds and shares (Node's documented
  // SCHED_NONE), and a worker whose loop is free takes what a busy one leaves. Node's default on Linux (round-robin) has the primary accept and hand the workers
  // one connection each at a time, the next only once the worker has answered for it: one
  // connection per turn of a loop that takes 100-250 ms under 1,000 readers, so a thousand readers
  // arriving at once waited seconds for their first answer (806 wrk timeouts in one release-day
  // run, issue 41) and newcomers' p95 was 1.4 s.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  let stopping = false;
  const roles = new Map<Worker, boolean>();
  const fork = (scheduler: boolean) => {
    const startedAt = Date.now();
    const worker = cluster.fork({ [SCHEDULER_WORKER_ENV]: scheduler ? '1' : '0' });
    roles.set(worker, scheduler);
    worker.on('exit', (code, signal) => {
      roles.delete(worker);
      if (stopping) {
        if (roles.size === 0) process.exit(0);
        return;
      }
      console.error(`Processus ${worker.process.pid} du serveur arrêté (${signal ?? code}) : relancé.`);
      const delay = Date.now() - startedAt < RESPAWN_DELAY_MS ? RESPAWN_DELAY_MS : 0;
      setTimeout(() => fork(scheduler), delay);
    });
  };
  for (let i = 0; i < count; i++) fork(false);
  fork(true);
  log(`Serveur : ${count} processus sur le même port (SERVER_WORKERS), et un pour les publications programmées et les alertes.`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      for (const worker of roles.keys()) worker.process.kill(signal);
      if (roles.size === 0) process.exit(0);
      setTimeout(() => process.exit(0), 10_000).unref();
    });
  }
  return true;
}
