import { InstitutionPage, institutionMetadata } from '@/components/content/institution-page';

export const generateMetadata = () => institutionMetadata('mot_du_dg');

export default function DirectorWordPage() {
  return <InstitutionPage pageKey="mot_du_dg" />;
}
