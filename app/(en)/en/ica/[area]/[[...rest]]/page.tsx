import { areaRoute } from '@/components/content/area-route';
import type { Locale } from '@/lib/i18n/locales';

const locale: Locale = 'en';

// /ica/{area}[/annee/{year}][/page/{n}] and /ica/{area}/{slug}
const route = areaRoute('/ica', true, locale);
export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.Page;
