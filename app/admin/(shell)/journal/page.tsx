import Link from 'next/link';
import { AdminPager, filteredHref } from '@/components/admin/pager';
import { Refused } from '@/components/admin/refused';
import { needs } from '@/lib/admin/access';
import { pageRefusal } from '@/lib/admin/page-access';
import { actionGroups, listAudit } from '@/lib/admin/journal';
import { getDb } from '@/lib/db';
import { formatDateTime } from '@/lib/i18n/format';

export const metadata = { title: 'Journal d’activité — Administration' };

type Props = { searchParams: Promise<{ q?: string; type?: string; du?: string; au?: string; page?: string }> };

export default async function JournalPage({ searchParams }: Props) {
  // Who did what, everyone's sign-ins included: publishers and administrators read it.
  const { reason } = await pageRefusal(needs.journal);
  if (reason) return <Refused reason={reason} />;
  const { q = '', type = '', du = '', au = '', page: rawPage } = await searchParams;
  const page = Math.max(1, Math.min(100_000, Number.parseInt(rawPage ?? '1', 10) || 1));
  const result = await listAudit(await getDb(), { q, group: type, from: du, to: au, page });
  const pages = Math.max(1, Math.ceil(result.total / result.perPage));
  const input = 'mt-1 rounded-md border border-border bg-bg px-3 py-2';
  return (
    <>
      <h1 className="text-2xl font-bold">Journal d’activité</h1>
      <p className="mt-2 text-muted">Chaque connexion, création, modification, publication et suppression, avec qui, quand et quoi.</p>
      <form method="get" role="search" className="mt-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="q" className="block text-sm font-medium">
            Rechercher (personne, contenu)
          </label>
          <input id="q" name="q" type="search" defaultValue={q} className={input} />
        </div>
        <div>
          <label htmlFor="type" className="block text-sm font-medium">
            Type
          </label>
          <select id="type" name="type" defaultValue={type} className={input}>
            <option value="">Tous</option>
            {actionGroups.map((g) => (
              <option key={g.key} value={g.key}>
                {g.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="du" className="block text-sm font-medium">
            Du
          </label>
          <input id="du" name="du" type="date" defaultValue={du} className={input} />
        </div>
        <div>
          <label htmlFor="au" className="block text-sm font-medium">
            Au
          </label>
          <input id="au" name="au" type="date" defaultValue={au} className={input} />
        </div>
        <button type="submit" className="rounded-md border border-border px-4 py-2 hover:bg-surface-2">
          Filtrer
        </button>
      </form>
      <p className="mt-4 text-sm text-muted">
        {result.total.toLocaleString('fr-FR')} entrée{result.total > 1 ? 's' : ''}
      </p>
      <div className="mt-2 overflow-x-auto">
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">Entrées du journal</caption>
          <thead>
            <tr className="border-b border-border text-left">
              <th scope="col" className="py-2 pr-4">
                Date
              </th>
              <th scope="col" className="py-2 pr-4">
                Qui
              </th>
              <th scope="col" className="py-2 pr-4">
                Action
              </th>
              <th scope="col" className="py-2 pr-4">
                Détail
              </th>
              <th scope="col" className="py-2">
                Adresse
              </th>
            </tr>
          </thead>
          <tbody>
            {result.entries.map((e) => (
              <tr key={e.id} className="border-b border-border align-top">
                <td className="py-2 pr-4 whitespace-nowrap">
                  <time dateTime={e.at}>{formatDateTime(e.at)}</time>
                </td>
                <td className="py-2 pr-4">{e.actor ?? 'Système'}</td>
                <td className="py-2 pr-4">{e.actionLabel}</td>
                <td className="py-2 pr-4">{e.href ? <Link href={e.href}>{e.summary}</Link> : e.summary}</td>
                <td className="py-2 tabular-nums text-muted">{e.ip ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <AdminPager
        page={page}
        pages={pages}
        label="Pages du journal"
        href={(p) => filteredHref('/admin/journal', { q, type, du, au }, p)}
        previous="← Plus récentes"
        next="Plus anciennes →"
      />
    </>
  );
}
