// GET /catalogue — the DCAT-AP 3 catalogue by content negotiation (Turtle, JSON-LD, RDF/XML; a browser is sent to /donnees#catalogue).
import { negotiatedCatalogue } from '@/lib/dcat/routes';

export const GET = negotiatedCatalogue;
export const HEAD = negotiatedCatalogue;
