import { variableSearchRoute } from '@/components/routes/microdata';

/** Rendered per request (the query is the search): it works without JavaScript. */
export const instant = false;

const route = variableSearchRoute('en');
export const generateMetadata = route.generateMetadata;
export default route.Page;
