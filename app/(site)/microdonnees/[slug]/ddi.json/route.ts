// GET /microdonnees/{slug}/ddi.json — a survey's description, files with their access tier, and variables as JSON (lib/microdata/ddi).
import { ddiJsonRoute } from '@/lib/microdata/ddi/routes';

export const GET = ddiJsonRoute;
export const HEAD = ddiJsonRoute;
