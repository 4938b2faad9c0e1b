/**
 * The open API's route handlers (`app/api/v1/series/**` re-export them): the data of now comes
 * from the same cached reads as the pages (so the files are the screen's figures and are served
 * from cache); `asOf` reads the database at that instant. With `lang=en`, the series' English
 * texts are read with them (not versioned: the texts of the moment they are read, whatever `asOf`).
 */
import { getAllSeries, getAreaSeries, getSeriesPage } from '@/lib/series/public';
import { getArea } from '@/lib/content/areas';
import { getDb } from '@/lib/db';
import { env } from '@/lib/env';
import { conditional } from '@/lib/http/conditional';
import { preflight } from '@/lib/http/cors';
import { perRequest } from '@/lib/http/per-request';
import { apiError, catalogue, parseQuery, rateLimit, seriesResponse } from './api';
import { listSeriesRows, seriesAt, seriesDataOf } from './queries';

type Handler = (request: Request, context: { params: Promise<{ code?: string }> }) => Promise<Response>;

/** Counts the request against the address's limit; answers 429 when it is over, else calls `run`. */
function limited(run: Handler): Handler {
  return async (request, context) => {
    await perRequest();
    const { headers, retryAfter } = rateLimit(request);
    if (retryAfter !== null) {
      return apiError(
        429,
        `Trop de requêtes depuis votre adresse : la limite est publiée dans /api/v1/openapi.json. Réessayez dans ${retryAfter} s.`,
        {
          ...headers,
          'Retry-After': String(retryAfter),
        },
      );
    }
    const response = await run(request, context);
    for (const [k, v] of Object.entries(headers)) response.headers.set(k, v);
    return response;
  };
}

const site = () => env.SITE_URL.replace(/\/$/, '');

/** GET /api/v1/series — the catalogue (JSON), or with `format` all the series (of `area`) in one file. */
const list: Handler = async (request) => {
  const parsed = parseQuery(new URL(request.url), ['format', 'area', 'startPeriod', 'endPeriod', 'lastNObservations', 'asOf', 'lang']);
  if (!parsed.ok) return apiError(400, parsed.error);
  const { query, at } = parsed;
  if (query.area && !getArea(query.area)) return apiError(404, `Rubrique inconnue : ${query.area}.`);
  let data = at
    ? await seriesDataOf(await getDb(), await listSeriesRows(await getDb(), query.area ? { area: query.area } : {}), { at })
    : query.area
      ? await getAreaSeries(query.area)
      : await getAllSeries();
  if (query.area) data = data.filter((d) => d.meta.area === query.area);
  if (!query.format) return conditional(request, JSON.stringify(catalogue(data, site(), query.lang)), 'application/json; charset=utf-8');
  return seriesResponse(request, data, query, query.area ? `series-${query.area}` : 'series');
};

/** GET /api/v1/series/{code} — one series (JSON by default). */
const one: Handler = async (request, { params }) => {
  const code = (await params).code ?? '';
  if (!/^[A-Z][A-Z0-9_]{1,39}$/.test(code)) return apiError(404, `Série inconnue : ${code.slice(0, 60)}.`);
  const parsed = parseQuery(new URL(request.url), ['format', 'startPeriod', 'endPeriod', 'lastNObservations', 'asOf', 'lang']);
  if (!parsed.ok) return apiError(400, parsed.error);
  const { query, at } = parsed;
  const data = at ? await seriesAt(await getDb(), code, { at }) : ((await getSeriesPage(code))?.data ?? null);
  if (!data) return apiError(404, at ? `Série inconnue, ou pas encore publiée à cette date : ${code}.` : `Série inconnue : ${code}.`);
  return seriesResponse(request, [data], query, code);
};

export const seriesRoutes = {
  list: limited(list),
  one: limited(one),
  options: async () => preflight(),
};
