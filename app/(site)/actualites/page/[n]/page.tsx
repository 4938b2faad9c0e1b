import { views } from '@/components/content/kinds/news';
import { kindRoutes } from '@/components/routes/kind';

const route = kindRoutes('news', 'fr', views).listPage;
export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.Page;
