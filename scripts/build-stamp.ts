/**
 * Fingerprint of what a build depends on (sources, dependencies, configuration), so that
 * `npm start` rebuilds only when needed. Not the database: the pages prerendered from it are only
 * served by an instance of that same database (lib/cache/handlers/data-home.mjs), others render theirs.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { env } from '@/lib/env';
import { BUILD_DATA_FILE, dataIdentity } from '@/lib/cache/handlers/data-home.mjs';

const inputs = [
  'app',
  'components',
  'lib',
  'public',
  // The production server, compiled into the build (scripts/compile-server.ts).
  'scripts/serve.ts',
  'scripts/production-server.ts',
  'scripts/load-env.ts',
  'proxy.ts',
  'instrumentation.ts',
  'next.config.ts',
  'package-lock.json',
  'postcss.config.mjs',
  'tsconfig.json',
  '.env',
];
const stampPath = path.join('.next', 'insstat-build-stamp');

function walk(entry: string, out: string[]): void {
  if (!fs.existsSync(entry)) return;
  const stat = fs.statSync(entry);
  if (stat.isDirectory()) {
    for (const child of fs.readdirSync(entry).sort()) {
      if (!child.endsWith('.test.ts')) walk(path.join(entry, child), out);
    }
  } else {
    out.push(`${entry}:${stat.size}:${stat.mtimeMs}`);
  }
}

export function buildFingerprint(): string {
  const lines: string[] = [];
  for (const input of inputs) walk(input, lines);
  // Public runtime settings are inlined at build time.
  lines.push(`env:${env.NEXT_PUBLIC_API_BASE_URL}`);
  return createHash('sha256').update(lines.join('\n')).digest('hex');
}

/** Records the sources' fingerprint and which database the pages were prerendered from. */
export function writeBuildStamp(): void {
  fs.writeFileSync(stampPath, buildFingerprint());
  fs.writeFileSync(path.join('.next', BUILD_DATA_FILE), dataIdentity());
}

export function buildIsCurrent(): boolean {
  return (
    fs.existsSync(path.join('.next', 'BUILD_ID')) &&
    fs.existsSync(path.join('.next', 'production-server.mjs')) &&
    fs.existsSync(stampPath) &&
    fs.readFileSync(stampPath, 'utf8') === buildFingerprint()
  );
}
