import { catalogueRoute } from '@/components/routes/microdata';

/** Rendered per request (the query is the selection): it works without JavaScript. */
export const instant = false;

const route = catalogueRoute('fr');
export const generateMetadata = route.generateMetadata;
export default route.Page;
