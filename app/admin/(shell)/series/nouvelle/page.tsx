import Link from 'next/link';
import { Refused } from '@/components/admin/refused';
import { SeriesForm } from '@/components/admin/series/series-form';
import { pageRefusal } from '@/lib/admin/page-access';
import { publicPublicationAreas } from '@/lib/content/areas';
import { createSeriesAction } from '../actions';

export const metadata = { title: 'Nouvelle série — Administration' };

export default async function NewSeriesPage() {
  // A series is public as soon as it exists: a publisher's act (series/actions.ts checks its area too).
  const { reason } = await pageRefusal({ to: 'publish', what: 'créer une série (elle est publique dès sa création)' });
  if (reason) return <Refused reason={reason} />;
  return (
    <>
      <p className="text-sm">
        <Link href="/admin/series">Séries statistiques</Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">Nouvelle série</h1>
      <SeriesForm action={createSeriesAction} areas={publicPublicationAreas().map((a) => ({ slug: a.slug, label: a.menuLabel }))} />
    </>
  );
}
