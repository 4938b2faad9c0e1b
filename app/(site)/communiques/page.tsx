import { kindRoutes } from '@/components/routes/kind';

const route = kindRoutes('press-releases', 'fr').list;
export const generateMetadata = route.generateMetadata;
export default route.Page;
