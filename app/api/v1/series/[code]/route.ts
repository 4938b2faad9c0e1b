// GET /api/v1/series/{code} — one series: JSON, CSV, French CSV, XLSX or SDMX-CSV; startPeriod, endPeriod, lastNObservations, asOf.
import { seriesRoutes } from '@/lib/series/routes';

export const GET = seriesRoutes.one;
export const HEAD = seriesRoutes.one;
export const OPTIONS = seriesRoutes.options;
