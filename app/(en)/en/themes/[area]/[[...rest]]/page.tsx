import { areaRoute } from '@/components/content/area-route';
import type { Locale } from '@/lib/i18n/locales';

const locale: Locale = 'en';

// /themes/{area}[/annee/{year}][/page/{n}] and /themes/{area}/{slug}
const route = areaRoute('/themes', true, locale);
export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.Page;
