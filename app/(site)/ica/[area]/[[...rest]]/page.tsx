import { areaRoute } from '@/components/content/area-route';

// /ica/{area}[/annee/{year}][/page/{n}] and /ica/{area}/{slug}
const route = areaRoute('/ica', true);
export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.Page;
