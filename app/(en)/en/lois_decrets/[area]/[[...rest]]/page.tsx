import { areaRoute } from '@/components/content/area-route';
import type { Locale } from '@/lib/i18n/locales';

const locale: Locale = 'en';

// /lois_decrets/{area}[/annee/{year}][/page/{n}] and /lois_decrets/{area}/{slug}
const route = areaRoute('/lois_decrets', true, locale);
export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.Page;
