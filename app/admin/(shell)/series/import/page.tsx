import Link from 'next/link';
import { Refused } from '@/components/admin/refused';
import { ImportUpload } from '@/components/admin/versions/import-upload';
import { needs } from '@/lib/admin/access';
import { pageRefusal } from '@/lib/admin/page-access';

export const metadata = { title: 'Importer des valeurs — Administration' };

type Props = { searchParams: Promise<{ annule?: string }> };

export default async function SeriesImportPage({ searchParams }: Props) {
  // The same need as the upload's route (app/api/admin/series/import): a Rédacteur with an area, or a publisher.
  const { reason } = await pageRefusal({ ...needs.upload, what: 'préparer un import de valeurs' });
  if (reason) return <Refused reason={reason} />;
  const { annule } = await searchParams;
  return (
    <>
      <p className="text-sm">
        <Link href="/admin/series">Séries statistiques</Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">Importer des valeurs</h1>
      <p className="mt-2 max-w-3xl text-muted">
        Le fichier est d’abord lu et vérifié : l’aperçu montre, ligne par ligne, les nouvelles valeurs, les valeurs révisées (ancienne →
        nouvelle), celles qui ne changent pas et les erreurs. Rien n’est publié avant votre confirmation.
      </p>
      {annule ? (
        <p role="status" className="mt-4 rounded-md border border-border px-4 py-3">
          Import annulé : rien n’a été enregistré.
        </p>
      ) : null}
      <ImportUpload
        endpoint="/api/admin/series/import"
        previewPath="/admin/series/import/"
        label="Fichier CSV ou XLSX"
        accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        missing="Choisissez un fichier CSV ou XLSX à importer."
        help={
          'Format long (colonnes code, période, valeur, statut) ou large (une ligne par période, une colonne par code de série). ' +
          'Conventions française (point-virgule, virgule décimale) ou anglaise (virgule, point décimal). Périodes : 2026-10, 2026-Q3 ou 2026.'
        }
      />
    </>
  );
}
