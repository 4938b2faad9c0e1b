// GET /catalogue.ttl — the DCAT-AP 3 catalogue in Turtle (?page=N for the pages after the first).
import { catalogueFile } from '@/lib/dcat/routes';

export const GET = catalogueFile('turtle');
export const HEAD = GET;
