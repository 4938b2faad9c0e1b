// GET /api/recherche/suggestions?q=… — titles for the header search box while typing (visible
// documents only), JSON, rate limited per address.
import { getDb } from '@/lib/db';
import { env } from '@/lib/env';
import { json } from '@/lib/http/responses';
import { createRateLimiter } from '@/lib/http/rate-limit';
import { MAX_QUERY_LENGTH } from '@/lib/search/parse';
import { cachedSearch } from '@/lib/search/cache';
import { SUGGESTIONS, toSuggestions } from '@/lib/search/query';

const limiter = createRateLimiter(env.SEARCH_RATE_LIMIT_PER_MINUTE);

export async function GET(request: Request) {
  const { headers, retryAfter } = limiter.check(request);
  if (retryAfter !== null) {
    return json({ error: 'Trop de demandes : réessayez dans une minute.' }, { status: 429, headers: { ...headers, 'Retry-After': String(retryAfter) } });
  }
  const q = (new URL(request.url).searchParams.get('q') ?? '').slice(0, MAX_QUERY_LENGTH);
  const suggestions = q.trim().length < 2 ? [] : toSuggestions(await cachedSearch(await getDb(), { q, perPage: SUGGESTIONS, highlight: false }));
  return json({ q, suggestions }, { headers: { ...headers, 'Cache-Control': 'no-store' } });
}
