// What the operator commands (backup, restore) share: their arguments, paths shown as typed, and
// a one-line French error with exit code 1.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isDomainError } from '@/lib/errors';
import { describeConnectionError } from '@/lib/ops/backup';

/** A path as the operator typed it: relative under the project, absolute elsewhere. */
export const shown = (p: string) => (path.relative(process.cwd(), p).startsWith('..') ? p : path.relative(process.cwd(), p) || p);

export function fail(message: string): never {
  console.error(`Erreur : ${message}`);
  process.exit(1);
}

/** The command's positional arguments (no options); an unknown option fails with `usage`. */
export function positionalArgs(usage: string): string[] {
  try {
    return parseArgs({ allowPositionals: true, strict: true, options: {} }).positionals;
  } catch (error) {
    fail(`${(error as Error).message}\n${usage}`);
  }
}

/**
 * A failure the operator can act on (a refused archive, an unreachable database): one French line
 * and exit code 1, set without exiting — the caller still closes the database (PGlite writes on
 * close and frees its lock). Anything else is rethrown.
 */
export function reportFailure(error: unknown): void {
  const message = isDomainError(error) ? error.message : describeConnectionError(error);
  if (message === null) throw error;
  console.error(`Erreur : ${message}`);
  process.exitCode = 1;
}
