import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { functionStatements } from './migrate';

/**
 * Guard for issue 39, step 3: a SQL function body lives in one migration file. Before 0026, the search
 * functions were rewritten whole by later migrations (search_reindex three times), so the live body had to
 * be pieced together by reading the files in order. Those repeats are frozen below; any later migration
 * that defines a function already defined elsewhere fails this test.
 */
const dir = join(process.cwd(), 'drizzle', 'migrations');

/** Functions defined in more than one migration before this guard existed, with the files that define them. */
const FROZEN: Record<string, string[]> = {
  search_reindex: ['0007_search.sql', '0016_search_series_review.sql', '0020_search_tables.sql'],
  search_fill_english: ['0018_english.sql', '0021_search_tables_english.sql'],
};

/** Name of every function a migration's SQL defines (CREATE [OR REPLACE] FUNCTION name(…)). */
function definedFunctions(sql: string): string[] {
  const names = [...sql.matchAll(/create\s+(?:or\s+replace\s+)?function\s+([a-z_][a-z0-9_.]*)\s*\(/gi)];
  return names.map((m) => (m[1] ?? '').toLowerCase());
}

function definitions(): Map<string, string[]> {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const where = new Map<string, string[]>();
  for (const file of files) {
    for (const name of new Set(definedFunctions(readFileSync(join(dir, file), 'utf8')))) {
      where.set(name, [...(where.get(name) ?? []), file]);
    }
  }
  return where;
}

describe('SQL function bodies in migrations', () => {
  it('reads CREATE FUNCTION and CREATE OR REPLACE FUNCTION', () => {
    expect(definedFunctions('CREATE FUNCTION a(x int) …; create or replace function b_c (y text) …; SELECT d(1);')).toEqual(['a', 'b_c']);
  });

  it('defines each function in one migration file, but for the frozen repeats before 0026', () => {
    const repeated = Object.fromEntries([...definitions()].filter(([, files]) => files.length > 1));
    expect(repeated).toEqual(FROZEN);
  });

  it('keeps the live body of the search functions in drizzle/functions, and no migration after 0027 redefines one of them', () => {
    const canonical = functionStatements().flatMap(definedFunctions);
    expect(canonical).toEqual(expect.arrayContaining(['search_reindex', 'search_fill_english', 'search_doc_text']));
    expect(new Set(canonical).size, 'each function once in drizzle/functions').toBe(canonical.length);
    const later = [...definitions()].filter(([name, files]) => canonical.includes(name) && files.some((f) => f > '0027'));
    expect(later).toEqual([]);
  });
});
