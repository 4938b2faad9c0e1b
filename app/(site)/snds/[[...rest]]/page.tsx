import { areaRoute } from '@/components/content/area-route';

// /snds[/annee/{year}][/page/{n}] and /snds/{slug}
const route = areaRoute('/snds', false);
export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.Page;
