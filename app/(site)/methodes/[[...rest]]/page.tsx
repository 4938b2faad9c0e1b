import { areaRoute } from '@/components/content/area-route';

// /methodes[/annee/{year}][/page/{n}] and /methodes/{slug}
const route = areaRoute('/methodes', false);
export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.Page;
