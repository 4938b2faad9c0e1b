// wrk run by the benchmarks, its result read from the line scripts/bench/report.lua prints.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

export type Wrk = { rps: number; p50: number; p95: number; p99: number; non2xx: number; errors: number; timeouts: number };

const report = path.join('scripts', 'bench', 'report.lua');

/** wrk on `url` (keep-alive); `timeout`: wrk's own per-request limit (its default is 2 s). */
export function wrk(
  url: string,
  connections: number,
  durationS: number,
  { threads = 2, timeout }: { threads?: number; timeout?: string } = {},
) {
  return new Promise<Wrk>((resolve, reject) => {
    const args = [`-t${threads}`, `-c${connections}`, `-d${durationS}s`, ...(timeout ? ['--timeout', timeout] : []), '-s', report, url];
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', () => {
      const m = /RESULT (\S+) (\S+) (\S+) (\S+) (\d+) (\d+) (\d+)/.exec(out);
      if (!m) return reject(new Error(`wrk : sortie illisible\n${out}`));
      const [rps, p50, p95, p99, non2xx, errors, timeouts] = m.slice(1).map(Number) as [
        number,
        number,
        number,
        number,
        number,
        number,
        number,
      ];
      resolve({ rps, p50, p95, p99, non2xx, errors, timeouts });
    });
  });
}

/** The load averages, for the lines the benchmarks print. */
export const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
