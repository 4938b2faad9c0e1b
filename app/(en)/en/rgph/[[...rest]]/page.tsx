import { areaRoute } from '@/components/content/area-route';
import type { Locale } from '@/lib/i18n/locales';

const locale: Locale = 'en';

// /rgph[/annee/{year}][/page/{n}] and /rgph/{slug}
const route = areaRoute('/rgph', false, locale);
export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.Page;
