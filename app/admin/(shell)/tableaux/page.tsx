import Link from 'next/link';
import { AccessNote } from '@/components/admin/read-only';
import { can, needs } from '@/lib/admin/access';
import { adminActor } from '@/lib/admin/page-access';
import { getArea } from '@/lib/content/areas';
import { getDb } from '@/lib/db';
import { listTablesForAdmin } from '@/lib/tables/queries';
import { tableStateLabel } from '@/lib/tables/model';

export const metadata = { title: 'Tableaux de données — Administration' };

type Props = { searchParams: Promise<{ publie?: string }> };

const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

export default async function TablesAdminPage({ searchParams }: Props) {
  const actor = await adminActor();
  const { publie } = await searchParams;
  const list = await listTablesForAdmin(await getDb());
  // Creating a table takes an area of one's own (nothing of it is public before an approved version).
  const canCreate = can(actor, { ...needs.upload, what: 'créer un tableau' });
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Tableaux de données</h1>
        {canCreate ? (
          <Link
            href="/admin/tableaux/nouveau"
            className="rounded-md bg-primary px-4 py-2 font-semibold text-primary-fg no-underline hover:bg-primary-hover"
          >
            Nouveau tableau
          </Link>
        ) : null}
      </div>
      <p className="mt-2 max-w-3xl text-muted">
        Un tableau croise plusieurs dimensions (région, sexe, âge, produit, partenaire, période…). Chaque import d’un fichier PX, CSV ou
        XLSX crée une version datée du tableau entier, relue avant sa mise en ligne ; une version publiée n’est jamais modifiée.
      </p>
      {canCreate ? null : (
        <AccessNote className="mt-4 max-w-3xl">
          Vous pouvez lire les tableaux ; les rédacteurs de leurs rubriques et les responsables de publication les créent et les importent.
        </AccessNote>
      )}
      {publie ? (
        <p role="status" className="mt-4 rounded-md border border-border bg-primary-soft px-4 py-3">
          {publie.slice(0, 300)}
        </p>
      ) : null}
      {list.length === 0 ? (
        <p className="mt-6">Aucun tableau pour l’instant.</p>
      ) : (
        <div className="mt-6 overflow-x-auto">
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">Tableaux de données, par rubrique</caption>
            <thead>
              <tr className="border-b border-border text-left">
                <th scope="col" className="py-2 pr-4">
                  Tableau
                </th>
                <th scope="col" className="py-2 pr-4">
                  Rubrique
                </th>
                <th scope="col" className="py-2 pr-4">
                  État
                </th>
                <th scope="col" className="py-2 pr-4">
                  Dernière version
                </th>
                <th scope="col" className="py-2">
                  Cellules
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map(({ row, state, latest, publicVersion }) => (
                <tr key={row.id} className="border-b border-border">
                  <th scope="row" className="py-2 pr-4 text-left font-normal">
                    <Link href={`/admin/tableaux/${row.code}`}>{row.title}</Link>
                    <span className="block font-mono text-xs text-muted">{row.code}</span>
                  </th>
                  <td className="py-2 pr-4">{getArea(row.area)?.menuLabel ?? row.area}</td>
                  <td className="py-2 pr-4">
                    {tableStateLabel[state]}
                    {state === 'review' && publicVersion ? ` (version ${publicVersion} en ligne)` : ''}
                  </td>
                  <td className="py-2 pr-4">{latest ? `${latest.number} — ${dateTime.format(latest.publishedAt)} UTC` : '—'}</td>
                  <td className="py-2 tabular-nums">{latest ? latest.cellCount.toLocaleString('fr-FR') : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
