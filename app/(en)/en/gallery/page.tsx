import { galleryRoute } from '@/components/routes/gallery';

const route = galleryRoute('en');
export const generateMetadata = route.generateMetadata;
export default route.Page;
