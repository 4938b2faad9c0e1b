import { InstitutionPage, institutionMetadata } from '@/components/content/institution-page';

export const generateMetadata = () => institutionMetadata('accessibilite', 'en');

export default function AccessibilityPage() {
  return <InstitutionPage pageKey="accessibilite" locale="en" />;
}
