import { cardViews } from '@/components/content/item-card';
import { kindRoutes } from '@/components/routes/kind';

const route = kindRoutes('press-releases', 'en', cardViews('press-releases')).list;
export const generateMetadata = route.generateMetadata;
export default route.Page;
