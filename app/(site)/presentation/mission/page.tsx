import { InstitutionPage, institutionMetadata } from '@/components/content/institution-page';

export const generateMetadata = () => institutionMetadata('mission');

export default function MissionPage() {
  return <InstitutionPage pageKey="mission" />;
}
