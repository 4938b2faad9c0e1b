// GET /api/v1/tables/{id} — a whole table: JSON-stat, CSV, French CSV, XLSX or SDMX-CSV; startPeriod, endPeriod, lastNObservations, asOf, lang.
import { tableRoutes } from '@/lib/tables/read/api';

export const GET = tableRoutes.data;
export const HEAD = tableRoutes.data;
export const OPTIONS = tableRoutes.options;
