import { views } from '@/components/content/kinds/tenders';
import { kindRoutes } from '@/components/routes/kind';

const route = kindRoutes('tenders', 'fr', views).list;
export const generateMetadata = route.generateMetadata;
export default route.Page;
