// GET /api/v1/series — catalogue of the series, or all of them (?area=) as a file (?format=). No key; see /api/v1/openapi.json.
import { seriesRoutes } from '@/lib/series/routes';

export const GET = seriesRoutes.list;
export const HEAD = seriesRoutes.list;
export const OPTIONS = seriesRoutes.options;
