/**
 * `GET /api/recherche/suggestions?q=…[&lang=en]`: titles for the header search box while typing (visible
 * documents only), JSON, rate limited per address. One function for both ways in: the Next route
 * (`app/api/recherche/suggestions/route.ts`, for `next start` and serverless hosts) and, under
 * `npm start`, the production server itself — a request per keystroke, where Next's route pipeline
 * cost about 2.8 ms of CPU per request, more than the search (`npm run bench`).
 */
import { getDb } from '@/lib/db/instance';
import { env } from '@/lib/env';
import { createRateLimiter, type RateLimiter } from '@/lib/http/rate-limit';
import { cachedSearch } from './cache';
import { MAX_QUERY_LENGTH } from './parse';
import { SUGGESTIONS, toSuggestions } from './query';

export const SUGGESTIONS_PATH = '/api/recherche/suggestions';

// One count per address and process, whichever way the request came in (Next loads modules
// several times in one process).
const g = globalThis as typeof globalThis & { __insstatSuggestionsLimiter?: RateLimiter };
const limiter = () => (g.__insstatSuggestionsLimiter ??= createRateLimiter(env.SEARCH_RATE_LIMIT_PER_MINUTE));

export async function answerSuggestions(request: Request): Promise<Response> {
  const { headers, retryAfter } = limiter().check(request);
  if (retryAfter !== null) {
    return Response.json(
      { error: 'Trop de demandes : réessayez dans une minute.' },
      { status: 429, headers: { ...headers, 'Cache-Control': 'no-store', 'Retry-After': String(retryAfter) } },
    );
  }
  const params = new URL(request.url).searchParams;
  const q = (params.get('q') ?? '').slice(0, MAX_QUERY_LENGTH);
  // `lang=en` from English pages: English titles (French where an item has none); anything else is French.
  const locale = params.get('lang') === 'en' ? 'en' : 'fr';
  const suggestions =
    q.trim().length < 2
      ? []
      : toSuggestions(await cachedSearch(await getDb(), { q, perPage: SUGGESTIONS, highlight: false, locale }), locale);
  return Response.json({ q, suggestions }, { headers: { ...headers, 'Cache-Control': 'no-store' } });
}

/** Forgets every address's count (tests). */
export const resetSuggestionsLimit = (): void => limiter().reset();
