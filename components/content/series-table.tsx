import Link from 'next/link';
import { formatChange, formatNumber } from '@/lib/format';
import { periodLabel, statusLabel, type SeriesData } from '@/lib/series/model';
import { seriesPath } from '@/lib/series/urls';

/** The last 12 values of a series, newest first, with the change over the period, and a link to the whole series. */
export function SeriesTable({ data }: { data: SeriesData }) {
  const { meta } = data;
  const rows = data.observations.slice(-13).reverse();
  const href = seriesPath(meta);
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-sm">
        <caption className="mb-2 text-left font-semibold">{meta.label} : 12 dernières valeurs</caption>
        <thead>
          <tr className="border-b border-border text-left">
            <th scope="col" className="py-2 pr-4">Période</th>
            <th scope="col" className="py-2 pr-4 text-right">Valeur</th>
            <th scope="col" className="py-2 pr-4 text-right">Variation sur la période</th>
            <th scope="col" className="py-2">Statut</th>
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, 12).map((p, i) => {
            const prev = rows[i + 1];
            return (
              <tr key={p.period} className="border-b border-border">
                <th scope="row" className="py-1.5 pr-4 text-left font-normal">{periodLabel(p.period, meta.frequency)}</th>
                <td className="py-1.5 pr-4 text-right tabular-nums">{formatNumber(p.value, meta.decimals)}</td>
                <td className="py-1.5 pr-4 text-right tabular-nums">{prev ? formatChange(((p.value - prev.value) / prev.value) * 100) : '—'}</td>
                <td className="py-1.5 text-muted">{statusLabel[p.status]}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {href ? (
        <p className="mt-3 text-sm">
          <Link href={href}>Toute la série {meta.code} : graphique, historique, versions et téléchargements</Link>
        </p>
      ) : null}
    </div>
  );
}
