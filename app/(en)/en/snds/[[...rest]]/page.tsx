import { areaRoute } from '@/components/content/area-route';
import type { Locale } from '@/lib/i18n/locales';

const locale: Locale = 'en';

// /snds[/annee/{year}][/page/{n}] and /snds/{slug}
const route = areaRoute('/snds', false, locale);
export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.Page;
