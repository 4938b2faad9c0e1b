// GET /microdonnees/{slug}/ddi.xml — a survey's description and variables as DDI Codebook 2.5 XML (lib/microdata/ddi).
import { ddiXmlRoute } from '@/lib/microdata/ddi/routes';

export const GET = ddiXmlRoute;
export const HEAD = ddiXmlRoute;
