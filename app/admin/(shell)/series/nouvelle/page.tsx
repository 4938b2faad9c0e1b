import Link from 'next/link';
import { SeriesForm } from '@/components/admin/series/series-form';
import { requireSession } from '@/lib/auth/guard';
import { publicPublicationAreas } from '@/lib/content/areas';
import { createSeriesAction } from '../actions';

export const metadata = { title: 'Nouvelle série — Administration' };

export default async function NewSeriesPage() {
  await requireSession();
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
