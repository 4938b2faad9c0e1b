import { eventsRoute } from '@/components/routes/events';

const route = eventsRoute('fr');
export const generateMetadata = route.generateMetadata;
export default route.Page;
