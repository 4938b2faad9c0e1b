import { tendersRoute } from '@/components/routes/tenders';

const route = tendersRoute('fr');
export const generateMetadata = route.generateMetadata;
export default route.Page;
