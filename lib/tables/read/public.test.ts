import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setProcessTagStore } from '@/lib/cache/process-tag-store';
import type { TagStore } from '@/lib/cache/tag-store';

const getTable = vi.fn();
vi.mock('next/cache', () => ({ cacheLife: () => {}, cacheTag: () => {} }));
vi.mock('@/lib/db', () => ({ getDb: async () => ({}) }));
vi.mock('../queries', async (original) => ({
  ...(await original<typeof import('../queries')>()),
  getTable: (...a: unknown[]) => getTable(...a),
}));

const { getPublicTableForApi } = await import('./public');

/** A store that says stale whatever changed at or after `changedAt` for the tags in `changed`. */
function fakeStore(changed: Map<string, number>): TagStore {
  return {
    isStale: (tags: Iterable<string>, writtenAt: number) => [...tags].some((t) => (changed.get(t) ?? -1) >= writtenAt),
    refresh: async () => {},
    pending: () => undefined,
  } as unknown as TagStore;
}

describe('the API’s public tables, kept in the process', () => {
  const changed = new Map<string, number>();
  beforeEach(() => {
    getTable.mockReset();
    getTable.mockImplementation(async (_db: unknown, code: string) => ({ code, read: getTable.mock.calls.length }));
    changed.clear();
  });
  afterEach(() => setProcessTagStore(undefined));

  it('reads a table once while none of its tags changed, again after a change of its tag or of the list', async () => {
    setProcessTagStore(fakeStore(changed));
    const first = await getPublicTableForApi('POP_A', 'fr');
    expect(await getPublicTableForApi('POP_A', 'fr')).toBe(first);
    expect(getTable).toHaveBeenCalledTimes(1);
    // Another language is another entry.
    await getPublicTableForApi('POP_A', 'en');
    expect(getTable).toHaveBeenCalledTimes(2);

    changed.set('table:POP_A', Date.now());
    const second = await getPublicTableForApi('POP_A', 'fr');
    expect(second).not.toBe(first);
    expect(getTable).toHaveBeenCalledTimes(3);

    changed.set('tables', Date.now() + 1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await getPublicTableForApi('POP_A', 'fr');
    expect(getTable).toHaveBeenCalledTimes(4);
  });

  it('keeps nothing without the process’s tag store (tests, scripts)', async () => {
    await getPublicTableForApi('POP_B', 'fr');
    await getPublicTableForApi('POP_B', 'fr');
    expect(getTable).toHaveBeenCalledTimes(2);
  });
});
