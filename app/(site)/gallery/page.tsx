import { views } from '@/components/content/kinds/galleries';
import { kindRoutes } from '@/components/routes/kind';

const route = kindRoutes('galleries', 'fr', views).list;
export const generateMetadata = route.generateMetadata;
export default route.Page;
