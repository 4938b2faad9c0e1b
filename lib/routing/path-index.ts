/**
 * The process's index of existing public paths, kept in memory for `proxy.ts`. Refreshed in the
 * background every few seconds, and at once (at most every second) when a path is missing from
 * it, so content published a moment ago — here or on another app instance — is never a 404.
 */
import { getDb } from '@/lib/db/instance';
import { publicPathIndex, type PublicPathIndex } from '@/lib/routing/path-index-query';
import { notFoundRoute, publicPathExists, resolvePublicPath } from '@/lib/routing/public-paths';
import { currentTime } from '@/lib/clock';

const FRESH_MS = 15_000;
const RECHECK_MS = 1_000;

type State = { index: PublicPathIndex; at: number } | null;
const g = globalThis as typeof globalThis & {
  __insstatPathIndex?: State;
  /** The index a write dropped: answers only while the database cannot be read. */
  __insstatPathIndexPrevious?: State;
  __insstatPathIndexLoading?: Promise<State>;
  /** Bumped by every write: a load started before it must not store what it read. */
  __insstatPathIndexGeneration?: number;
};

function load(): Promise<State> {
  g.__insstatPathIndexLoading ??= (async () => {
    const generation = g.__insstatPathIndexGeneration ?? 0;
    try {
      const index = await publicPathIndex(await getDb(), currentTime());
      const state = { index, at: Date.now() };
      if ((g.__insstatPathIndexGeneration ?? 0) === generation) g.__insstatPathIndex = state;
      return state;
    } finally {
      if ((g.__insstatPathIndexGeneration ?? 0) === generation) g.__insstatPathIndexLoading = undefined;
    }
  })();
  return g.__insstatPathIndexLoading;
}

/**
 * Answers from the index; reloads it first when the path is missing and the index is not brand
 * new. While the database cannot be read, the last index loaded answers (a database outage must not
 * turn every page into an error); with none at all, every path is let through to its page.
 */
export async function checkPublicPath(test: (index: PublicPathIndex) => boolean): Promise<boolean> {
  const fallback = () => g.__insstatPathIndex ?? g.__insstatPathIndexPrevious ?? null;
  let state = g.__insstatPathIndex ?? (await load().catch(fallback));
  if (!state) return true;
  if (Date.now() - state.at > FRESH_MS) void load().catch(() => {});
  if (test(state.index)) return true;
  if (Date.now() - state.at > RECHECK_MS) state = (await load().catch(fallback)) ?? state;
  return test(state.index);
}

/**
 * Drops the index after a write in this process: the next request waits for a fresh one, so a
 * trashed or unpublished item is a 404 at once (not only new paths). A load already under way,
 * started before the write, is not kept.
 */
export function invalidatePublicPathIndex(): void {
  g.__insstatPathIndexGeneration = (g.__insstatPathIndexGeneration ?? 0) + 1;
  g.__insstatPathIndexPrevious = g.__insstatPathIndex ?? g.__insstatPathIndexPrevious;
  g.__insstatPathIndex = null;
  g.__insstatPathIndexLoading = undefined;
}

/**
 * Whether nothing answers at a public path (a shape no route has, or an item that does not exist
 * or is not public): proxy.ts rewrites it to the 404 page, the production server answers it itself
 * (lib/http/not-found.ts). The 404 route itself is not unknown: a host that replays a rewrite as a
 * new request must not be sent to it again.
 */
export async function isUnknownPublicPath(pathname: string): Promise<boolean> {
  if (pathname === notFoundRoute || pathname.startsWith(`${notFoundRoute}/`)) return false;
  const resolved = resolvePublicPath(pathname);
  if (resolved?.shows === 'static') return false;
  return !(resolved && (await checkPublicPath((index) => publicPathExists(pathname, index))));
}
