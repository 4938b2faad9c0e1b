import { areaRoute } from '@/components/content/area-route';

// /indice/{area}[/annee/{year}][/page/{n}] and /indice/{area}/{slug}
const route = areaRoute('/indice', true);
export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.Page;
