import { formatChange, formatNumber } from '@/lib/format';
import { periodLabel, periodsPerYear, statusCodes, statusLabel, statusMarker, type Observation, type SeriesData } from '@/lib/series/model';

const pct = (a: number, b: number | undefined) => (b ? formatChange(((a - b) / b) * 100) : '—');
/** Rows shown before « Valeurs plus anciennes » (a <details> that opens without JavaScript). */
const RECENT = 24;

/** Every value of a series, newest first, with its changes and its status (marker and legend). */
export function SeriesValuesTable({ data }: { data: SeriesData }) {
  const { meta } = data;
  const values = data.observations;
  const perYear = periodsPerYear[meta.frequency];
  const rows = values.map((o, i) => ({ o, previous: values[i - 1]?.value, yearAgo: values[i - perYear]?.value })).reverse();
  const used = statusCodes.filter((c) => c !== 'A' && values.some((v) => v.status === c));
  const table = (list: typeof rows, caption: string) => (
    <table className="w-full border-collapse text-sm">
      <caption className="mb-2 text-left font-semibold">{caption}</caption>
      <thead>
        <tr className="border-b border-border text-left">
          <th scope="col" className="py-2 pr-4">Période</th>
          <th scope="col" className="py-2 pr-4 text-right">Valeur ({meta.unit})</th>
          {meta.frequency !== 'annual' ? <th scope="col" className="py-2 pr-4 text-right">Variation sur la période</th> : null}
          <th scope="col" className="py-2 pr-4 text-right">Variation sur un an</th>
          <th scope="col" className="py-2">Statut</th>
        </tr>
      </thead>
      <tbody>
        {list.map(({ o, previous, yearAgo }) => (
          <tr key={o.period} className="border-b border-border">
            <th scope="row" className="py-1.5 pr-4 text-left font-normal">{periodLabel(o.period, meta.frequency)}</th>
            <td className="py-1.5 pr-4 text-right tabular-nums">
              {formatNumber(o.value, meta.decimals)}
              <Marker o={o} />
            </td>
            {meta.frequency !== 'annual' ? <td className="py-1.5 pr-4 text-right tabular-nums">{pct(o.value, previous)}</td> : null}
            <td className="py-1.5 pr-4 text-right tabular-nums">{pct(o.value, yearAgo)}</td>
            <td className="py-1.5 text-muted">{statusLabel[o.status]}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
  return (
    <div className="overflow-x-auto">
      {table(rows.slice(0, RECENT), `${meta.label} : ${Math.min(RECENT, rows.length)} dernières valeurs`)}
      {rows.length > RECENT ? (
        <details className="mt-4">
          <summary className="cursor-pointer font-semibold">Valeurs plus anciennes ({rows.length - RECENT})</summary>
          <div className="mt-2">{table(rows.slice(RECENT), `${meta.label} : valeurs plus anciennes`)}</div>
        </details>
      ) : null}
      {used.length > 0 ? (
        <p className="mt-3 text-sm text-muted">
          Légende : {used.map((c) => `${statusMarker[c]} = ${statusLabel[c]}`).join(' ; ')} ; sans marque : définitif.
        </p>
      ) : null}
    </div>
  );
}

function Marker({ o }: { o: Observation }) {
  if (o.status === 'A') return null;
  return (
    <sup className="ml-0.5 text-muted">
      <abbr title={statusLabel[o.status]}>{statusMarker[o.status]}</abbr>
    </sup>
  );
}
