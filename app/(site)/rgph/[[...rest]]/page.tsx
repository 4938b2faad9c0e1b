import { areaRoute } from '@/components/content/area-route';

// /rgph[/annee/{year}][/page/{n}] and /rgph/{slug}
const route = areaRoute('/rgph', false);
export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.Page;
