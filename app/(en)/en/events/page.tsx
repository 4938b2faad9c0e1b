import { eventsRoute } from '@/components/routes/events';

const route = eventsRoute('en');
export const generateMetadata = route.generateMetadata;
export default route.Page;
