import Link from 'next/link';
import { AccessNote } from '@/components/admin/read-only';
import { SeriesAdminTable } from '@/components/admin/series/series-admin-table';
import { can, needs } from '@/lib/admin/access';
import { adminActor } from '@/lib/admin/page-access';
import { getDb } from '@/lib/db';
import { listSeriesForAdmin } from '@/lib/series/admin';

export const metadata = { title: 'Séries statistiques — Administration' };

type Props = { searchParams: Promise<{ publie?: string }> };

export default async function SeriesAdminPage({ searchParams }: Props) {
  const actor = await adminActor();
  const { publie } = await searchParams;
  const list = await listSeriesForAdmin(await getDb());
  // Staging an import takes an area; creating a series and publishing values, a publisher.
  const canImport = can(actor, needs.upload);
  const canCreate = can(actor, needs.publish());
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Séries statistiques</h1>
        <div className="flex flex-wrap gap-2">
          {canImport ? (
            <Link
              href="/admin/series/import"
              className="rounded-md bg-primary px-4 py-2 font-semibold text-primary-fg no-underline hover:bg-primary-hover"
            >
              Importer un fichier (CSV, XLSX)
            </Link>
          ) : null}
          {canCreate ? (
            <Link href="/admin/series/nouvelle" className="rounded-md border border-border px-4 py-2 no-underline hover:bg-surface-2">
              Nouvelle série
            </Link>
          ) : null}
        </div>
      </div>
      <p className="mt-2 text-muted">
        Chaque publication de valeurs crée une version datée de la série ; une valeur publiée n’est jamais modifiée sans trace. Une version
        peut être programmée : rien n’en est visible avant l’heure.
      </p>
      {canCreate ? null : (
        <AccessNote className="mt-4 max-w-3xl">
          {canImport
            ? 'Vous pouvez préparer l’import d’un fichier et en voir l’aperçu ; ' +
              'un responsable de publication crée les séries et publie leurs valeurs.'
            : 'Vous pouvez lire les séries ; un responsable de publication les crée et publie leurs valeurs.'}
        </AccessNote>
      )}
      {publie ? (
        <p role="status" className="mt-4 rounded-md border border-border bg-primary-soft px-4 py-3">
          {publie.slice(0, 300)}
        </p>
      ) : null}
      <SeriesAdminTable list={list} />
    </>
  );
}
