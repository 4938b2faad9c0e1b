import { afterEach, describe, expect, it, vi } from 'vitest';
import handler from './use-cache.mjs';

const STORE_KEY = Symbol.for('insstat.cacheTagStore');
const g = globalThis as Record<symbol, unknown>;

describe("'use cache' handler", () => {
  afterEach(() => {
    delete g[STORE_KEY];
    vi.restoreAllMocks();
  });

  it('refreshTags resolves when the shared tags cannot be read (a rejection hangs Next’s render for good)', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    g[STORE_KEY] = {
      refresh: () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
      pending: () => undefined,
      isStale: () => false,
    };
    await expect(handler.refreshTags()).resolves.toBeUndefined();
    await expect(handler.refreshTags()).resolves.toBeUndefined();
    // Said once, not at every request.
    expect(error).toHaveBeenCalledTimes(1);
  });
});
