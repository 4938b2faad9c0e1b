// GET /api/v1/tables — the catalogue of public tables (JSON): dimensions, sizes, links.
import { tableRoutes } from '@/lib/tables/read/api';

export const GET = tableRoutes.catalogue;
export const HEAD = tableRoutes.catalogue;
export const OPTIONS = tableRoutes.options;
