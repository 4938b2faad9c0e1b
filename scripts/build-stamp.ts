/**
 * Fingerprint of what a build depends on (sources, dependencies, configuration), so that
 * `npm start` rebuilds only when needed.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { dataDir, env } from '@/lib/env';

const inputs = [
  'app',
  'components',
  'lib',
  'public',
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
  // and the database the pages were prerendered from.
  lines.push(`env:${env.NEXT_PUBLIC_API_BASE_URL}:${env.DATABASE_URL ?? ''}:${dataDir}`);
  return createHash('sha256').update(lines.join('\n')).digest('hex');
}

export function writeBuildStamp(): void {
  fs.writeFileSync(stampPath, buildFingerprint());
}

export function buildIsCurrent(): boolean {
  return (
    fs.existsSync(path.join('.next', 'BUILD_ID')) && fs.existsSync(stampPath) && fs.readFileSync(stampPath, 'utf8') === buildFingerprint()
  );
}
