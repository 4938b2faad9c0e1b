/**
 * Every action the code writes to the journal has a French label there: the literal codes found
 * next to `action:` in lib/**, and those built from a template (a kind's life cycle, a release's
 * change, a versioned kind's versions: lib/versions/write.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allKinds } from '@/lib/content/kinds';
import { actionLabels } from '@/lib/admin/journal';
import { carriedVersionings } from '@/lib/releases/carried';

const root = path.resolve(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** `'entity.verb'` literals on the lines that set an audit entry's `action`. */
function writtenCodes(): Set<string> {
  const codes = new Set<string>();
  for (const file of sources(root)) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!/\baction:/.test(line)) continue;
      for (const match of line.matchAll(/'([a-z_]+\.[a-z_]+)'/g)) codes.add(match[1]!);
    }
  }
  return codes;
}

describe('journal labels', () => {
  it('finds the literal codes it checks (the scan works)', () => {
    const codes = writtenCodes();
    expect(codes).toContain('user.sign_in');
    expect(codes).toContain('user.access');
    expect(codes).toContain('release.translate');
    expect(codes).toContain('series.slice');
  });

  it('has a French label for every action written in lib/', () => {
    const templated = [
      // lib/releases/mutations.ts: `release.${change.kind}`.
      ...['confirm', 'move', 'cancel', 'submit', 'approve', 'return'].map((kind) => `release.${kind}`),
      // lib/versions/write.ts: `${versioning.audit.prefix}.${step}` for series and tables.
      ...carriedVersionings.flatMap(({ versioning }) =>
        ['submit', 'publish', 'schedule', 'unschedule', 'approve', 'return'].map((step) => `${versioning.audit.prefix}.${step}`),
      ),
      // lib/content/mutations: `${kind.entity}.${verb}`.
      ...allKinds.flatMap((kind) =>
        ['create', 'update', 'publish', 'schedule', 'unpublish', 'trash', 'restore', 'delete', 'submit', 'approve', 'return'].map(
          (verb) => `${kind.entity}.${verb}`,
        ),
      ),
    ];
    const missing = [...writtenCodes(), ...templated].filter((code) => !actionLabels[code]);
    expect(missing).toEqual([]);
  });

  it('labels the change of a role', () => {
    expect(actionLabels['user.access']).toBe('Rôle modifié');
  });
});
