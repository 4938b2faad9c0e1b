import { InstitutionPage, institutionMetadata } from '@/components/content/institution-page';
import type { Locale } from '@/lib/i18n/locales';

const locale: Locale = 'en';

export const generateMetadata = () => institutionMetadata('mission', locale);

export default function MissionPage() {
  return <InstitutionPage pageKey="mission" locale={locale} />;
}
