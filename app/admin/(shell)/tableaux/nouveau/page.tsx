import Link from 'next/link';
import { Refused } from '@/components/admin/refused';
import { TableForm } from '@/components/admin/tables/table-form';
import { can, needs } from '@/lib/admin/access';
import { pageRefusal } from '@/lib/admin/page-access';
import { publicPublicationAreas } from '@/lib/content/areas';
import { saveTableAction } from '../actions';

export const metadata = { title: 'Nouveau tableau — Administration' };

export default async function NewTablePage() {
  // A new table is public nowhere: a writer of one of its areas creates it (tableaux/actions.ts checks the area chosen).
  const { actor, reason } = await pageRefusal({ ...needs.upload, what: 'créer un tableau' });
  if (reason) return <Refused reason={reason} />;
  const areas = publicPublicationAreas()
    .filter((a) => can(actor, needs.createTable(a.slug)))
    .map((a) => ({ slug: a.slug, label: a.menuLabel }));
  return (
    <>
      <p className="text-sm">
        <Link href="/admin/tableaux">Tableaux de données</Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">Nouveau tableau</h1>
      <p className="mt-2 max-w-3xl text-muted">Décrivez le tableau, puis importez ses cellules depuis un fichier PX, CSV ou XLSX.</p>
      <TableForm action={saveTableAction} areas={areas} />
    </>
  );
}
