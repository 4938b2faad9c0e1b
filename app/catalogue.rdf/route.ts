// GET /catalogue.rdf — the DCAT-AP 3 catalogue in RDF/XML (?page=N for the pages after the first).
import { catalogueFile } from '@/lib/dcat/routes';

export const GET = catalogueFile('rdfxml');
export const HEAD = GET;
