import { areaRoute } from '@/components/content/area-route';

// /themes/{area}[/annee/{year}][/page/{n}] and /themes/{area}/{slug}
const route = areaRoute('/themes', true);
export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.Page;
