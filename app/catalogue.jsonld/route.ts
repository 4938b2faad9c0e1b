// GET /catalogue.jsonld — the DCAT-AP 3 catalogue in JSON-LD (?page=N for the pages after the first).
import { catalogueFile } from '@/lib/dcat/routes';

export const GET = catalogueFile('jsonld');
export const HEAD = GET;
