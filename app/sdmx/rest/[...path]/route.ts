// GET /sdmx/rest/… — the SDMX 2.1 REST service: dataflow, datastructure, codelist, conceptscheme, data, availableconstraint (lib/sdmx).
import { sdmxRoutes } from '@/lib/sdmx/service';

export const GET = sdmxRoutes.get;
export const HEAD = sdmxRoutes.get;
export const OPTIONS = sdmxRoutes.options;
