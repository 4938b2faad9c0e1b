import Link from 'next/link';
import { getArea } from '@/lib/content/areas';
import { formatDateTime, formatNumber } from '@/lib/i18n/format';
import type { AdminSeriesRow } from '@/lib/series/admin';
import { versionReviewLabels } from '@/lib/versions/model';
import { frequencyLabel, periodLabel, statusLabel } from '@/lib/series/model';

/** The back-office's table of series (all of them, or an area's on its list screen). */
export function SeriesAdminTable({ list }: { list: AdminSeriesRow[] }) {
  if (list.length === 0) return <p className="mt-6 text-muted">Aucune série pour le moment.</p>;
  return (
    <div className="mt-6 overflow-x-auto">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">Séries, avec leur dernière valeur et leurs versions</caption>
        <thead>
          <tr className="border-b border-border text-left">
            <th scope="col" className="py-2 pr-4">
              Code
            </th>
            <th scope="col" className="py-2 pr-4">
              Titre
            </th>
            <th scope="col" className="py-2 pr-4">
              Rubrique
            </th>
            <th scope="col" className="py-2 pr-4">
              Dernière valeur
            </th>
            <th scope="col" className="py-2 pr-4">
              Version en ligne
            </th>
            <th scope="col" className="py-2">
              Programmée ou à relire
            </th>
          </tr>
        </thead>
        <tbody>
          {list.map(({ row, published, scheduled, last }) => (
            <tr key={row.id} className="border-b border-border align-top">
              <th scope="row" className="py-2 pr-4 text-left font-mono font-semibold">
                <Link href={`/admin/series/${row.code}`}>{row.code}</Link>
              </th>
              <td className="py-2 pr-4">
                {row.label}
                <span className="block text-xs text-muted">
                  {frequencyLabel[row.frequency]}
                  {row.headline ? ', chiffre clé' : ''}
                </span>
              </td>
              <td className="py-2 pr-4">{getArea(row.area)?.menuLabel ?? row.area}</td>
              <td className="py-2 pr-4 tabular-nums">
                {last
                  ? `${formatNumber(last.value, row.decimals)} (${periodLabel(last.period, row.frequency)}, ${statusLabel[last.status]})`
                  : '—'}
              </td>
              <td className="py-2 pr-4">{published ? `v${published.number}, ${formatDateTime(published.publishedAt)}` : 'aucune'}</td>
              <td className="py-2">
                {scheduled ? `v${scheduled.number}, ${formatDateTime(scheduled.publishedAt)} UTC` : '—'}
                {scheduled && scheduled.review !== 'approved' ? (
                  <span className="block text-xs text-down">{versionReviewLabels[scheduled.review]}</span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
