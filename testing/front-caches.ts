/**
 * nginx and Varnish in front of a running production server, with the shipped configurations
 * (deploy/nginx.conf, deploy/varnish.vcl) — only the addresses and the cache directory changed —
 * for the e2e tests and `npm run bench:front`. Each runs in the foreground as a child of the
 * caller, in a temporary directory of its own, and is stopped by its pid.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export type RunningCache = { baseUrl: string; stop(): Promise<void> };
/** Varnish also says where its working directory is (`varnishstat -n`). */
export type RunningVarnish = RunningCache & { workDir: string };

/** Installs nginx, Varnish and vmod xkey when missing (scripts/ensure-front-caches.sh). */
export function ensureFrontCaches(): void {
  const result = spawnSync('bash', [path.join('scripts', 'ensure-front-caches.sh')], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('nginx ou Varnish indisponible (voir ci-dessus).');
}

/** Replaces `from` by `to` in `text`, failing when the shipped file no longer holds it. */
function replaceOnce(text: string, from: string | RegExp, to: string, file: string): string {
  const out = text.replace(from, to);
  if (out === text) throw new Error(`${file} : « ${String(from)} » introuvable (la configuration a changé ?)`);
  return out;
}

async function waitFor(url: string, child: ChildProcess, output: () => string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`arrêté au démarrage :\n${output()}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      if (response.status < 500) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} ne répond pas après ${timeoutMs / 1000} s :\n${output()}`);
}

function run(command: string, args: string[], dir: string): { child: ChildProcess; output: () => string; stop: () => Promise<void> } {
  const child = spawn(command, args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { child, output: () => log, stop };
}

/**
 * nginx with deploy/nginx.conf on 127.0.0.1:`port`, in front of `origin` (e.g. `127.0.0.1:3100`).
 * `countOrigin`: logs the requests it sends to the origin (background updates included), counted by
 * `originRequests` (a benchmark's figure; off by default, so nothing else is measured with a log).
 */
export async function startNginx(options: {
  port: number;
  origin: string;
  extra?: string;
  countOrigin?: boolean;
}): Promise<RunningCache & { originRequests(): number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'insstat-nginx-'));
  const file = 'deploy/nginx.conf';
  let site = fs.readFileSync(file, 'utf8');
  site = replaceOnce(site, '/var/cache/nginx/insstat', path.join(dir, 'cache'), file);
  site = replaceOnce(site, 'server 127.0.0.1:3000;', `server ${options.origin};`, file);
  site = replaceOnce(site, /listen 80;/, `listen 127.0.0.1:${options.port};`, file);
  fs.writeFileSync(path.join(dir, 'site.conf'), site);
  // Root may run nginx: its workers then run as nobody, who must reach the cache directory.
  const user = process.getuid?.() === 0 ? 'user nobody nogroup;' : '';
  fs.mkdirSync(path.join(dir, 'cache'));
  fs.chmodSync(dir, 0o777);
  fs.chmodSync(path.join(dir, 'cache'), 0o777);
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `${user}
worker_processes 2;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  ${
    options.countOrigin
      ? `log_format origin '$upstream_addr';
  map $upstream_addr $to_origin { '' 0; default 1; }
  log_subrequest on;
  access_log ${dir}/origin.log origin if=$to_origin;`
      : 'access_log off;'
  }
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include /etc/nginx/mime.types;
  # As Debian's /etc/nginx/nginx.conf, whose http block the docs put deploy/nginx.conf in.
  sendfile on;
  tcp_nopush on;
  ${options.extra ?? ''}
  include ${dir}/site.conf;
}
`,
  );
  const server = run('/usr/sbin/nginx', ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], dir);
  const baseUrl = `http://127.0.0.1:${options.port}`;
  try {
    await waitFor(`${baseUrl}/api/health`, server.child, () => server.output() + safeRead(path.join(dir, 'error.log')));
  } catch (error) {
    await server.stop();
    throw new Error(`nginx : ${error instanceof Error ? error.message : String(error)}`);
  }
  const originRequests = () => safeRead(path.join(dir, 'origin.log')).split('\n').filter(Boolean).length;
  return { baseUrl, stop: server.stop, originRequests };
}

/** Varnish with deploy/varnish.vcl on 127.0.0.1:`port`, in front of `originPort` on 127.0.0.1. */
export async function startVarnish(options: { port: number; originPort: number }): Promise<RunningVarnish> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'insstat-varnish-'));
  const file = 'deploy/varnish.vcl';
  const vcl = replaceOnce(fs.readFileSync(file, 'utf8'), '.port = "3000";', `.port = "${options.originPort}";`, file);
  fs.writeFileSync(path.join(dir, 'insstat.vcl'), vcl);
  const root = process.getuid?.() === 0;
  const server = run(
    '/usr/sbin/varnishd',
    [
      '-F',
      '-n',
      path.join(dir, 'work'),
      '-a',
      `127.0.0.1:${options.port}`,
      '-T',
      'none',
      '-f',
      path.join(dir, 'insstat.vcl'),
      '-s',
      'malloc,256m',
      // As the VCL's header says: threads for a release-day crowd started in advance (p99 226–290 ms
      // with Varnish's default 2 × 100, growing under the crowd; 51–75 ms with these).
      '-p',
      'thread_pool_min=500',
      ...(root ? ['-j', 'none'] : []),
    ],
    dir,
  );
  const baseUrl = `http://127.0.0.1:${options.port}`;
  try {
    await waitFor(`${baseUrl}/api/health`, server.child, server.output);
  } catch (error) {
    await server.stop();
    throw new Error(`Varnish : ${error instanceof Error ? error.message : String(error)}`);
  }
  return { baseUrl, stop: server.stop, workDir: path.join(dir, 'work') };
}

function safeRead(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
