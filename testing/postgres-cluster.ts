/**
 * A throwaway PostgreSQL cluster from Debian's binaries (`/usr/lib/postgresql/N/bin`), as `.ci/run`
 * starts one: for a benchmark run without DATABASE_URL. Needs root (the cluster runs as the system
 * user `postgres`) and the `postgresql` package (`scripts/apt-install.sh postgresql` installs it).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export type PostgresCluster = { url: string; stop(): void };

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(a) - Number(b)) : [];
  const bin = versions.length ? path.join(root, versions.at(-1)!, 'bin') : '';
  if (!bin || !fs.existsSync(path.join(bin, 'initdb')))
    throw new Error('PostgreSQL est absent : `bash scripts/apt-install.sh postgresql`, ou donnez DATABASE_URL.');
  return bin;
}

const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = net.connect(port, '127.0.0.1');
    probe.once('connect', () => (probe.destroy(), resolve(false)));
    probe.once('error', () => resolve(true));
  });

/** initdb, start on a free port from 54400, a superuser role and a database; `stop()` removes it all. */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = binDir();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'insstat-bench-pg-'));
  const asPostgres = (command: string, args: string[]) =>
    execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args], { stdio: 'pipe' });
  execFileSync('chown', ['postgres:postgres', root]);
  fs.chmodSync(root, 0o700);
  let port = 54400;
  while (!(await portFree(port))) port++;
  const data = path.join(root, 'data');
  let started = false;
  const stop = () => {
    if (started) {
      try {
        asPostgres('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']);
      } catch {
        asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      }
      started = false;
    }
    fs.rmSync(root, { recursive: true, force: true });
  };
  try {
    asPostgres('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
    const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${root} -c fsync=off -c synchronous_commit=off -c max_connections=200`;
    asPostgres('pg_ctl', ['-D', data, '-l', path.join(root, 'server.log'), '-w', '-t', '60', '-o', options, 'start']);
    started = true;
    asPostgres('psql', ['-q', '-h', root, '-p', String(port), '-U', 'postgres', '-d', 'postgres', '-c', 'create database insstat']);
  } catch (error) {
    stop();
    throw error;
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/insstat`, stop };
}
