import Link from 'next/link';
import { formatChange, formatNumber } from '@/lib/i18n/format';
import { langAttr } from '@/lib/i18n/content';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { localePath } from '@/lib/i18n/paths';
import { periodLabel } from '@/lib/series/model';
import type { KeyFigure } from '@/lib/series/queries';
import { seriesPath } from '@/lib/content/addresses';
import { inLang } from './in-lang';
import { localizedSeries } from '@/lib/series/localize';
import { Sparkline } from './sparkline';

function Change({ value, label, locale }: { value: number | null; label: string; locale: Locale }) {
  if (value === null) return null;
  const tone = value > 0 ? 'text-up' : value < 0 ? 'text-down' : 'text-muted';
  return (
    <p className="text-sm">
      <span className={`font-semibold ${tone}`}>
        <span aria-hidden="true">{value > 0 ? '▲ ' : value < 0 ? '▼ ' : '■ '}</span>
        {formatChange(value, 1, locale)}
      </span>{' '}
      <span className="text-muted">{label}</span>
    </p>
  );
}

/** One headline figure: latest value, changes, trend; the series' label in English where translated (else French marked `lang="fr"`). */
export function KeyFigureCard({ figure: row, headingLevel = 3, locale }: { figure: KeyFigure; headingLevel?: 2 | 3; locale: Locale }) {
  const s = messages(locale).series;
  const t = s.keyFigure;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const figure = localizedSeries(row, locale);
  const { meta, latest } = figure;
  const path = seriesPath(meta);
  const href = path ? localePath(locale, path) : null;
  const overPeriod = meta.frequency === 'monthly' ? t.overMonth : meta.frequency === 'quarterly' ? t.overQuarter : null;
  const title = (
    <>
      {inLang(meta.label, langAttr(figure.langOf('label'), locale))}
      <span className="block text-sm font-normal text-muted">{periodLabel(latest.period, meta.frequency, locale)}</span>
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
        {formatNumber(latest.value, meta.decimals, locale)}
        <span className="ml-2 text-sm font-normal text-muted">
          {inLang(meta.basePeriod, langAttr(figure.langOf('basePeriod'), locale))}
        </span>
      </p>
      {latest.status !== 'A' ? <p className="text-xs text-muted">{s.statusLine(s.status[latest.status])}</p> : null}
      {overPeriod ? <Change value={figure.change} label={overPeriod} locale={locale} /> : null}
      <Change value={figure.yearOnYear} label={t.overYear} locale={locale} />
      <Sparkline points={figure.trend} label={t.trend(figure.trend.length)} />
    </article>
  );
}
