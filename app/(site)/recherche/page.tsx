import { searchRoute } from '@/components/routes/search';

/**
 * Rendered whole at request time, without streaming holes, so the page works without JavaScript
 * (a Suspense boundary's content needs a script to be shown); never cached — what is public
 * changes with the clock.
 */
export const instant = false;

const route = searchRoute('fr');
export const generateMetadata = route.generateMetadata;
export default route.Page;
