/**
 * Visitors' search results, kept in this process's memory under the index's generation (raised by
 * a trigger on every change of `search_documents`, in the writing transaction — migration 0008).
 * A search costs one read of the generation; the same search (query, filters, page) is answered
 * from memory until anything in the index changes, on any instance, or for at most `MAX_AGE_MS`
 * (what becomes visible by the clock alone). Popular searches (« IPC », « recensement ») then cost
 * no full-text work. The back-office's searches are not cached.
 */
import type { Db } from '@/lib/db/open';
import { readSearchGeneration } from './memory';
import { search, type SearchOptions, type SearchResult } from './query';
import { currentTime } from '@/lib/clock';

const MAX_ENTRIES = 1_000;
export const MAX_AGE_MS = 30_000;

type Entry = { at: number; result: Promise<SearchResult> };
type Store = { generation: number; map: Map<string, Entry> };
const g = globalThis as typeof globalThis & { __insstatSearchCache?: Store };
const store = (): Store => (g.__insstatSearchCache ??= { generation: -1, map: new Map() });

/** `search` for visitors, through the cache (same arguments, same answer). */
export async function cachedSearch(db: Db, options: Omit<SearchOptions, 'scope' | 'now' | 'generation'>): Promise<SearchResult> {
  const current = await readSearchGeneration(db);
  const s = store();
  // The index changed: nothing kept is current any more.
  if (current !== s.generation) {
    s.map.clear();
    s.generation = current;
  }
  const map = s.map;
  const key = JSON.stringify([
    current,
    options.q,
    options.area ?? null,
    options.kind ?? null,
    options.year ?? null,
    options.page ?? 1,
    options.perPage ?? null,
    options.highlight ?? true,
    options.locale ?? 'fr',
  ]);
  const now = Date.now();
  const hit = map.get(key);
  if (hit && now - hit.at < MAX_AGE_MS) {
    // Most recently used last: the first key is the one to drop when full.
    map.delete(key);
    map.set(key, hit);
    return hit.result;
  }
  const result = search(db, { ...options, scope: 'public', now: currentTime(), generation: current });
  map.delete(key);
  map.set(key, { at: now, result });
  // A failed search is not kept.
  result.catch(() => map.delete(key));
  while (map.size > MAX_ENTRIES) map.delete(map.keys().next().value!);
  return result;
}

/** Forgets every cached result (tests). */
export const clearSearchCache = (): void => store().map.clear();
