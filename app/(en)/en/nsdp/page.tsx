import { nsdpRoute } from '@/components/routes/nsdp';

const route = nsdpRoute('en');
export const generateMetadata = route.generateMetadata;
export default route.Page;
