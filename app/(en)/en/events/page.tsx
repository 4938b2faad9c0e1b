import { views } from '@/components/content/kinds/events';
import { kindRoutes } from '@/components/routes/kind';

const route = kindRoutes('events', 'en', views).list;
export const generateMetadata = route.generateMetadata;
export default route.Page;
