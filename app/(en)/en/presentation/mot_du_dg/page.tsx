import { InstitutionPage, institutionMetadata } from '@/components/content/institution-page';
import type { Locale } from '@/lib/i18n/locales';

const locale: Locale = 'en';

export const generateMetadata = () => institutionMetadata('mot_du_dg', locale);

export default function DirectorWordPage() {
  return <InstitutionPage pageKey="mot_du_dg" locale={locale} />;
}
