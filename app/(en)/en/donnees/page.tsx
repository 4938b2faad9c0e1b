import { dataRoute } from '@/components/routes/data';

const route = dataRoute('en');
export const generateMetadata = route.generateMetadata;
export default route.Page;
