import Link from 'next/link';
import { formatChange, formatNumber } from '@/lib/format';
import { periodLabel, statusLabel } from '@/lib/series/model';
import type { KeyFigure } from '@/lib/series/queries';
import { seriesPath } from '@/lib/series/urls';
import { Sparkline } from './sparkline';

function Change({ value, label }: { value: number | null; label: string }) {
  if (value === null) return null;
  const tone = value > 0 ? 'text-up' : value < 0 ? 'text-down' : 'text-muted';
  return (
    <p className="text-sm">
      <span className={`font-semibold ${tone}`}>
        <span aria-hidden="true">{value > 0 ? '▲ ' : value < 0 ? '▼ ' : '■ '}</span>
        {formatChange(value)}
      </span>{' '}
      <span className="text-muted">{label}</span>
    </p>
  );
}

/** One headline figure: latest value, changes, trend. */
export function KeyFigureCard({ figure, headingLevel = 3 }: { figure: KeyFigure; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { meta, latest } = figure;
  const href = seriesPath(meta);
  const periodWord = meta.frequency === 'monthly' ? 'un mois' : meta.frequency === 'quarterly' ? 'un trimestre' : null;
  const title = (
    <>
      {meta.label}
      <span className="block text-sm font-normal text-muted">{periodLabel(latest.period, meta.frequency)}</span>
    </>
  );
  return (
    <article className="flex flex-col gap-2 rounded-lg border border-border bg-surface p-4">
      <Heading className="font-semibold leading-snug">
        {href ? (
          <Link href={href} className="text-fg">
            {title}
          </Link>
        ) : (
          title
        )}
      </Heading>
      <p className="text-3xl font-bold tabular-nums">
        {formatNumber(latest.value, meta.decimals)}
        <span className="ml-2 text-sm font-normal text-muted">{meta.basePeriod}</span>
      </p>
      {latest.status !== 'A' ? <p className="text-xs text-muted">Statut : {statusLabel[latest.status]}</p> : null}
      {periodWord ? <Change value={figure.change} label={`sur ${periodWord}`} /> : null}
      <Change value={figure.yearOnYear} label="sur un an" />
      <Sparkline points={figure.trend} label={`Évolution sur ${figure.trend.length} périodes`} />
    </article>
  );
}
