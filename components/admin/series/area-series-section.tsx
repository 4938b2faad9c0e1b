import Link from 'next/link';
import { getDb } from '@/lib/db';
import { listSeriesForAdmin } from '@/lib/series/admin';
import { SeriesAdminTable } from './series-admin-table';

/** On an area's list screen: the series of that area (nothing when it has none); `canImport`: the user may stage an import. */
export async function AreaSeriesSection({ areas, canImport }: { areas: string[]; canImport: boolean }) {
  const db = await getDb();
  const list = (await Promise.all(areas.map((area) => listSeriesForAdmin(db, { area })))).flat();
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="series-rubrique" className="mt-8">
      <h2 id="series-rubrique" className="text-xl font-bold">
        Séries de la rubrique
      </h2>
      <SeriesAdminTable list={list} />
      <p className="mt-2 text-sm">
        {canImport ? (
          <>
            <Link href="/admin/series/import">Importer des valeurs</Link> ·{' '}
          </>
        ) : null}
        <Link href="/admin/series">Toutes les séries</Link>
      </p>
    </section>
  );
}
