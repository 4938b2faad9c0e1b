import { homeRoute } from '@/components/routes/home';

const route = homeRoute('en');
export const generateMetadata = route.generateMetadata;
export default route.Page;
