import { tableRoute } from '@/components/routes/table';

/** Rendered whole per request (the query is the selection), without streaming holes: it works without JavaScript. */
export const instant = false;

const route = tableRoute('en');
export const generateMetadata = route.generateMetadata;
export default route.Page;
