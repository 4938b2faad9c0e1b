import { getSeriesObservations } from '@/lib/content/public';
import { formatChange, formatMonth, formatNumber } from '@/lib/format';

/** The last 12 observations of a series, newest first, with monthly change. */
export async function SeriesTable({ code, decimals, label }: { code: string; decimals: number; label: string }) {
  const points = await getSeriesObservations(code);
  const rows = points.slice(-13).reverse();
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-sm">
        <caption className="mb-2 text-left font-semibold">{label} : 12 derniers mois</caption>
        <thead>
          <tr className="border-b border-border text-left">
            <th scope="col" className="py-2 pr-4">Période</th>
            <th scope="col" className="py-2 pr-4 text-right">Valeur</th>
            <th scope="col" className="py-2 pr-4 text-right">Variation mensuelle</th>
            <th scope="col" className="py-2">Statut</th>
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, 12).map((p, i) => {
            const prev = rows[i + 1];
            return (
              <tr key={p.period} className="border-b border-border">
                <th scope="row" className="py-1.5 pr-4 text-left font-normal">{formatMonth(p.period)}</th>
                <td className="py-1.5 pr-4 text-right tabular-nums">{formatNumber(p.value, decimals)}</td>
                <td className="py-1.5 pr-4 text-right tabular-nums">{prev ? formatChange(((p.value - prev.value) / prev.value) * 100) : '—'}</td>
                <td className="py-1.5 text-muted">{p.status === 'provisional' ? 'Provisoire' : 'Définitif'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
