/**
 * Starts and stops the production server for Lighthouse and the benchmark: `scripts/production-server.ts` on a free
 * port with the caller's DATA_DIR / DATABASE_URL, after `npm run build` when there is no build.
 * Only one process may open a PGlite data directory: stop any other server using it first.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { firstPublicationPath } from './links';

export type RunningServer = {
  /** e.g. `http://127.0.0.1:41234` (no trailing slash). */
  baseUrl: string;
  /** Whether this process started it (false for LIGHTHOUSE_URL and the like). */
  owned: boolean;
  /** The server's process id, when this process started it (memory measurements). */
  pid?: number;
  stop(): Promise<void>;
};

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Runs `npm run build` when `.next/BUILD_ID` is missing. */
export function ensureBuild(): void {
  if (fs.existsSync(path.join('.next', 'BUILD_ID'))) return;
  console.log('Pas de compilation (.next/BUILD_ID absent) : npm run build…');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', env: process.env });
  if (result.status !== 0) throw new Error(`npm run build a échoué (code ${result.status ?? result.signal}).`);
}

async function waitUntilReady(baseUrl: string, child: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`Le serveur s'est arrêté au démarrage (code ${child.exitCode ?? child.signalCode}) :\n${output()}`);
    }
    try {
      const response = await fetch(`${baseUrl}/`, { signal: AbortSignal.timeout(10_000) });
      await response.arrayBuffer();
      if (response.status < 500) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Le serveur ne répond pas sur ${baseUrl} après ${timeoutMs / 1000} s :\n${output()}`);
}

/**
 * Starts the built site (`scripts/production-server.ts`, NODE_ENV=production) on a free port of 127.0.0.1 and waits
 * until `/` answers. The environment (DATA_DIR, DATABASE_URL…) is the caller's plus `extraEnv`.
 * With `nextStart`, Next's own server (`next start`) instead: no front cache, no timers — what a
 * host without `npm start` runs.
 */
export async function startServer(
  options: {
    extraEnv?: Record<string, string>;
    timeoutMs?: number;
    /** Another project directory (its own build), e.g. a second instance. */
    cwd?: string;
    /** A port chosen beforehand (`freePort`), e.g. to put it in SITE_URL. */
    port?: number;
    nextStart?: boolean;
  } = {},
): Promise<RunningServer> {
  ensureBuild();
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  // The production server `npm start` runs (Next behind the front page cache), or `next start`.
  const args = options.nextStart
    ? [path.join(options.cwd ?? '.', 'node_modules', 'next', 'dist', 'bin', 'next'), 'start', '-p', String(port)]
    : [path.join('.next', 'production-server.mjs')];
  // `next start` keeps its default interface: with another one, Next's internal URLs
  // (localhost:PORT) stop matching and the 404 rewrite becomes a proxied request.
  const inherited = { ...process.env };
  delete inherited.HOSTNAME;
  const child = spawn(process.execPath, args, {
    cwd: options.cwd,
    env: {
      ...(options.nextStart ? inherited : { ...process.env, HOSTNAME: '127.0.0.1' }),
      NODE_ENV: 'production',
      PORT: String(port),
      // One process, as the tests and benchmarks measure it, unless the caller asks for workers.
      SERVER_WORKERS: process.env.SERVER_WORKERS ?? '1',
      ...options.extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Keep the server's recent output for error messages; print its errors as they come.
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', (chunk: Buffer) => {
    keep(chunk);
    // Errors (Next prints them with ⨯) and stalls of the server (lib/ops/stall-watch.ts); other
    // warnings stay in the log kept for failures.
    for (const line of chunk.toString().split('\n')) {
      if (/⨯|error|bloqué \d+ ms/i.test(line)) process.stderr.write(`[serveur] ${line}\n`);
    }
  });

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  // Never leave a server (and its database lock) behind.
  const onExit = () => child.kill('SIGKILL');
  process.once('exit', onExit);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      child.kill('SIGKILL');
      process.exit(130);
    });
  }

  try {
    await waitUntilReady(baseUrl, child, () => log, options.timeoutMs ?? 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    baseUrl,
    owned: true,
    pid: child.pid,
    stop: async () => {
      await stop();
      process.off('exit', onExit);
    },
  };
}

/** The server at `url` when given (nothing to stop), otherwise a new one started here. */
export async function connectOrStartServer(url: string | undefined, extraEnv?: Record<string, string>): Promise<RunningServer> {
  if (url) return { baseUrl: url.replace(/\/+$/, ''), owned: false, stop: async () => {} };
  return startServer({ extraEnv });
}

/** GETs a page and returns its HTML; throws unless it answers 200. */
export async function fetchPage(url: string): Promise<string> {
  const response = await fetch(url, { signal: AbortSignal.timeout(60_000) });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`${url} a répondu ${response.status} (200 attendu).`);
  return body;
}

/** The pages Lighthouse and the benchmark measure: home, the IPC page, its first publication. */
export async function measuredPages(baseUrl: string): Promise<{ name: string; path: string }[]> {
  const ipcPath = '/indice/ipc';
  const publication = firstPublicationPath(await fetchPage(`${baseUrl}${ipcPath}`), ipcPath);
  if (!publication) throw new Error(`Aucun lien vers une publication sur ${ipcPath} : la base est-elle peuplée (npm run db:seed) ?`);
  const release = /href="(\/calendrier\/(?!rubrique\/)[a-z0-9-]+)"/.exec(await fetchPage(`${baseUrl}/calendrier`))?.[1];
  return [
    { name: 'Accueil', path: '/' },
    { name: 'IPC', path: ipcPath },
    { name: 'Publication IPC', path: publication },
    { name: 'Série IPC', path: '/indice/ipc/series/IPC' },
    { name: 'Calendrier', path: '/calendrier' },
    ...(release ? [{ name: 'Parution', path: release }] : []),
    { name: 'Page nationale de données (FMI)', path: '/nsdp' },
  ];
}

/** Requests each page (twice) so that the measurement sees the cached, steady state. */
export async function warm(baseUrl: string, paths: string[]): Promise<void> {
  for (const p of paths) {
    await fetchPage(`${baseUrl}${p}`);
    await fetchPage(`${baseUrl}${p}`);
  }
}
