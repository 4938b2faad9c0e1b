import Link from 'next/link';
import type { KeyFigure } from '@/lib/content/queries/series';
import { getArea } from '@/lib/content/areas';
import { formatChange, formatMonth, formatNumber } from '@/lib/format';
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
  const area = getArea(figure.area);
  const title = (
    <>
      {figure.label}
      <span className="block text-sm font-normal text-muted">{formatMonth(figure.latest.period)}</span>
    </>
  );
  return (
    <article className="flex flex-col gap-2 rounded-lg border border-border bg-surface p-4">
      <Heading className="font-semibold leading-snug">
        {area?.publicPath ? (
          <Link href={area.publicPath} className="text-fg">
            {title}
          </Link>
        ) : (
          title
        )}
      </Heading>
      <p className="text-3xl font-bold tabular-nums">
        {formatNumber(figure.latest.value, figure.decimals)}
        <span className="ml-2 text-sm font-normal text-muted">{figure.basePeriod}</span>
      </p>
      {figure.latest.status === 'provisional' ? <p className="text-xs text-muted">Donnée provisoire</p> : null}
      <Change value={figure.change} label="sur un mois" />
      <Change value={figure.yearOnYear} label="sur un an" />
      <Sparkline points={figure.trend} label={`Évolution sur ${figure.trend.length} mois`} />
    </article>
  );
}
