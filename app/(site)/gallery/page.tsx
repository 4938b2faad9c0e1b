import { galleryRoute } from '@/components/routes/gallery';

const route = galleryRoute('fr');
export const generateMetadata = route.generateMetadata;
export default route.Page;
