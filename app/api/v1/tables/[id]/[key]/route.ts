// GET /api/v1/tables/{id}/{key} — a selection by its SDMX key (`R01+R02..2024`), in the format asked.
import { tableRoutes } from '@/lib/tables/read/api';

export const GET = tableRoutes.data;
export const HEAD = tableRoutes.data;
export const OPTIONS = tableRoutes.options;
