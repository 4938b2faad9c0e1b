import { Breadcrumbs } from '@/components/content/breadcrumbs';
import { RichText } from '@/components/content/rich-text';
import { TenderCard } from '@/components/content/tender-card';
import { area } from '@/lib/content/areas';
import { getPageContent, getTenders } from '@/lib/content/public';
import { pageMetadata } from '@/lib/seo';

export const generateMetadata = () => pageMetadata({ title: area('offres').label, description: area('offres').description, path: '/offres' });

export default async function TendersPage() {
  const a = area('offres');
  const [intro, tenders] = await Promise.all([getPageContent('intro:offres'), getTenders()]);
  return (
    <>
      <Breadcrumbs items={[{ label: a.label }]} />
      <h1 className="text-3xl font-bold leading-tight">{a.label}</h1>
      {intro?.body ? <RichText html={intro.body} className="mt-4 text-lg" /> : null}
      {tenders.length === 0 ? <p className="mt-6 text-muted">Aucun appel d&apos;offres publié.</p> : null}
      <ul className="mt-8 space-y-6">
        {tenders.map((t) => (
          <li key={t.id}>
            <TenderCard tender={t} />
          </li>
        ))}
      </ul>
    </>
  );
}
