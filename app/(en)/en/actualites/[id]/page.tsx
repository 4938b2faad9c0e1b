import { views } from '@/components/content/kinds/news-item';
import { kindRoutes } from '@/components/routes/kind';

const route = kindRoutes('news', 'en', views).item;
export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.Page;
