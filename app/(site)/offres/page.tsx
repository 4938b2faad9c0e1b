import { kindRoutes } from '@/components/routes/kind';

const route = kindRoutes('tenders', 'fr').list;
export const generateMetadata = route.generateMetadata;
export default route.Page;
