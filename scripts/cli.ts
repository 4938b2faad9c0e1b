// What the operator commands (backup, restore) share: their arguments, paths shown as typed, and
// a one-line French error with exit code 1.
import path from 'node:path';
import { parseArgs } from 'node:util';

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
