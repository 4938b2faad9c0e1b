import { areaRoute } from '@/components/content/area-route';

// /lois_decrets/{area}[/annee/{year}][/page/{n}] and /lois_decrets/{area}/{slug}
const route = areaRoute('/lois_decrets', true);
export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.Page;
