/** How many processes serve: one per core on Postgres by default, always one on PGlite. */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '@/testing/spawn-server';
import { runsServerWideWork, servesReaders, workerCount } from './cluster';

describe('server workers', () => {
  it('runs one per core on Postgres unless told, and one on PGlite whatever the setting', () => {
    expect(workerCount('auto', true, 4)).toBe(4);
    expect(workerCount(2, true, 8)).toBe(2);
    expect(workerCount('auto', false, 8)).toBe(1);
    expect(workerCount(4, false, 8)).toBe(1);
  });

  it('runs the server-wide work outside a cluster, and serves readers there too', () => {
    expect(runsServerWideWork()).toBe(true);
    expect(servesReaders()).toBe(true);
  });
});

/** One GET on a new connection: who answered, and after how long. */
function newcomer(port: number, path = '/'): Promise<{ pid: number; ms: number }> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, agent: false, timeout: 10_000 }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk));
      response.on('end', () => resolve({ pid: Number(body), ms: performance.now() - start }));
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', reject);
  });
}

describe('a cluster of server workers', () => {
  let child: ChildProcess | undefined;
  afterEach(() => {
    child?.kill('SIGTERM');
    child = undefined;
  });

  // Node's cluster shares the port's socket (SCHED_NONE): every worker accepts from it; LISTEN_SOCKETS
  // is a single process's (lib/http/listen.ts), so sixteen asked for change nothing here.
  it('answers a newcomer from a free worker while another one is busy', async () => {
    const sockets = 16;
    const port = await freePort();
    child = spawn(path.resolve('node_modules/.bin/tsx'), ['testing/cluster-server.ts'], {
      env: { ...process.env, PORT: String(port), WORKERS: '2', LISTEN_SOCKETS: String(sockets) },
      stdio: 'inherit',
    });
    // Both serving workers answer.
    const pids = new Set<number>();
    const deadline = Date.now() + 20_000;
    while (pids.size < 2 && Date.now() < deadline) {
      const answers = await Promise.allSettled(Array.from({ length: 8 }, () => newcomer(port)));
      for (const answer of answers) if (answer.status === 'fulfilled') pids.add(answer.value.pid);
      if (pids.size < 2) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(pids.size).toBe(2);

    const busy = (await newcomer(port, '/block?ms=4000')).pid;
    await new Promise((resolve) => setTimeout(resolve, 200));
    const answers = await Promise.all(Array.from({ length: 12 }, () => newcomer(port)));
    // Round-robin, or sockets of each worker's own, gave some to the busy worker: those waited the 4 s out.
    expect(answers.filter((a) => a.ms > 2_000)).toEqual([]);
    expect(answers.every((a) => a.pid !== busy)).toBe(true);
  }, 40_000);
});
