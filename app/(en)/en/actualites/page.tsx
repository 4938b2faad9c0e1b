import { kindRoutes } from '@/components/routes/kind';

const route = kindRoutes('news', 'en').list;
export const generateMetadata = route.generateMetadata;
export default route.Page;
