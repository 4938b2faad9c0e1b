import { tendersRoute } from '@/components/routes/tenders';

const route = tendersRoute('en');
export const generateMetadata = route.generateMetadata;
export default route.Page;
