import { kindRoutes } from '@/components/routes/kind';

const route = kindRoutes('news', 'en').listPage;
export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.Page;
