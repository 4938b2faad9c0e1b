import { alertRoutes } from '@/components/routes/alerts';

/** Rendered whole at request time (it answers a form or a message's link), so it works without JavaScript. */
export const instant = false;

const route = alertRoutes('fr').unsubscribe;
export const generateMetadata = route.generateMetadata;
export default route.Page;
