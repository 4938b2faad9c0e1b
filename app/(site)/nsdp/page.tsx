import { nsdpRoute } from '@/components/routes/nsdp';

const route = nsdpRoute('fr');
export const generateMetadata = route.generateMetadata;
export default route.Page;
