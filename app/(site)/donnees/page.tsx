import { dataRoute } from '@/components/routes/data';

const route = dataRoute('fr');
export const generateMetadata = route.generateMetadata;
export default route.Page;
