import { formatChange, formatNumber } from '@/lib/i18n/format';
import { langAttr } from '@/lib/i18n/content';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { localePath } from '@/lib/i18n/paths';
import { periodLabel } from '@/lib/series/model';
import type { KeyFigure } from '@/lib/series/queries';
import { seriesPath } from '@/lib/content/addresses';
import { localizedSeries } from '@/lib/series/localize';
import { KeyFigureView, type KeyFigureViewProps } from './key-figure-view';
import { sparklinePath } from './sparkline';

/** A headline figure as the plain data `KeyFigureView` draws, in `locale`. */
export function keyFigureView(row: KeyFigure, locale: Locale, headingLevel: 2 | 3 = 3): KeyFigureViewProps {
  const s = messages(locale).series;
  const t = s.keyFigure;
  const figure = localizedSeries(row, locale);
  const { meta, latest } = figure;
  const path = seriesPath(meta);
  const overPeriod = meta.frequency === 'monthly' ? t.overMonth : meta.frequency === 'quarterly' ? t.overQuarter : null;
  const changes: KeyFigureViewProps['changes'] = [];
  if (overPeriod && figure.change !== null) changes.push([Math.sign(figure.change), formatChange(figure.change, 1, locale), overPeriod]);
  if (figure.yearOnYear !== null) changes.push([Math.sign(figure.yearOnYear), formatChange(figure.yearOnYear, 1, locale), t.overYear]);
  const d = sparklinePath(figure.trend);
  const labelLang = langAttr(figure.langOf('label'), locale);
  const baseLang = langAttr(figure.langOf('basePeriod'), locale);
  return {
    headingLevel,
    href: path ? localePath(locale, path) : null,
    label: meta.label,
    ...(labelLang ? { labelLang } : {}),
    period: periodLabel(latest.period, meta.frequency, locale),
    value: formatNumber(latest.value, meta.decimals, locale),
    base: meta.basePeriod,
    ...(baseLang ? { baseLang } : {}),
    ...(latest.status !== 'A' ? { statusLine: s.statusLine(s.status[latest.status]) } : {}),
    changes,
    ...(d ? { trend: { d, label: t.trend(figure.trend.length) } } : {}),
  };
}

/** One headline figure: latest value, changes, trend; the series' label in English where translated (else French marked `lang="fr"`). */
export function KeyFigureCard({ figure, headingLevel = 3, locale }: { figure: KeyFigure; headingLevel?: 2 | 3; locale: Locale }) {
  return <KeyFigureView {...keyFigureView(figure, locale, headingLevel)} />;
}
