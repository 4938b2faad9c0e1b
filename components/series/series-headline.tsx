import { formatChange, formatDateTime, formatNumber } from '@/lib/format';
import { periodLabel, periodsPerYear, statusLabel, type SeriesData } from '@/lib/series/model';

const words = (pct: number) => (Math.abs(pct) < 0.05 ? 'stable' : pct > 0 ? `en hausse de ${formatChange(pct).replace(/^\+/, '')}` : `en baisse de ${formatChange(pct).replace(/^[−-]/, '')}`);

/** Latest value, its changes in words (never colour alone), and the version shown. */
export function SeriesHeadline({ data }: { data: SeriesData }) {
  const { meta, version } = data;
  const values = data.observations;
  const last = values.at(-1);
  if (!last) return null;
  const previous = values.at(-2);
  const yearAgo = values.at(-1 - periodsPerYear[meta.frequency]);
  return (
    <div className="rounded-lg border border-border bg-surface p-5">
      <p className="text-sm text-muted">Dernière valeur, {periodLabel(last.period, meta.frequency)}</p>
      <p className="mt-1 text-4xl font-bold tabular-nums">
        {formatNumber(last.value, meta.decimals)} <span className="text-base font-normal text-muted">{meta.unit}</span>
      </p>
      {last.status !== 'A' ? <p className="mt-1 text-sm">Statut : {statusLabel[last.status]}</p> : null}
      <ul className="mt-3 space-y-1 text-sm">
        {previous && meta.frequency !== 'annual' ? <li>Sur la période : {words(((last.value - previous.value) / previous.value) * 100)}</li> : null}
        {yearAgo ? <li>Sur un an : {words(((last.value - yearAgo.value) / yearAgo.value) * 100)}</li> : null}
      </ul>
      <p className="mt-3 text-sm text-muted">
        Version {version.number}, publiée le {formatDateTime(version.publishedAt)} (UTC).
      </p>
    </div>
  );
}
