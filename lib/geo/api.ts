/**
 * `GET /api/v1/geo/{level}`: a level's newest boundaries as TopoJSON (object `areas`, each geometry's
 * `id` its code, `properties` its names in French and English), as the tables API answers: ETag and
 * 304, CORS, the per-address rate limit, French errors.
 */
import { conditional } from '@/lib/http/conditional';
import { perRequest } from '@/lib/http/per-request';
import { apiError, rateLimit } from '@/lib/series/api';
import { levelCodePattern } from './levels';
import { getPublicBoundaries } from './public';

/** The answer of `GET /api/v1/geo/{level}`. */
export async function geoLevelAnswer(request: Request, level: string): Promise<Response> {
  await perRequest();
  const { headers, retryAfter } = rateLimit(request);
  if (retryAfter !== null)
    return apiError(429, `Trop de requêtes depuis votre adresse. Réessayez dans ${retryAfter} s.`, {
      ...headers,
      'Retry-After': String(retryAfter),
    });
  const url = new URL(request.url);
  for (const key of url.searchParams.keys())
    return apiError(400, `Paramètre inconnu : ${key.slice(0, 60)}. Cette adresse n’en prend aucun.`);
  if (!levelCodePattern.test(level)) return apiError(404, `Niveau géographique inconnu : « ${level.slice(0, 60)} ».`);
  const b = await getPublicBoundaries(level);
  if (!b) return apiError(404, `Niveau géographique inconnu : « ${level.slice(0, 60)} ».`);
  const topology = structuredClone(b.topology) as unknown as {
    objects: { areas: { geometries: { id?: string | number; properties?: unknown }[] } };
  };
  for (const g of topology.objects.areas.geometries) {
    const names = b.names[String(g.id)];
    g.properties = { code: String(g.id), name_fr: names?.fr ?? String(g.id), name_en: names?.en ?? String(g.id) };
  }
  const body = JSON.stringify({
    ...topology,
    metadata: { level: b.level.code, name: b.level.name, dimension: b.level.dimension, version: b.version },
  });
  return conditional(request, body, 'application/topo+json; charset=utf-8', { Vary: 'Origin', ...headers });
}
