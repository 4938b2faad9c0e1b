import { homeRoute } from '@/components/routes/home';

const route = homeRoute('fr');
export const generateMetadata = route.generateMetadata;
export default route.Page;
