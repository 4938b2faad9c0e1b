/** The sentence that states what a series' chart shows (for its `<desc>` and its caption), in the reader's language. */
import { formatChange, formatNumber } from '@/lib/i18n/format';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { periodLabel, periodsPerYear, type Frequency, type Observation } from '../model';

const change = (a: number, b: number) => ((a - b) / b) * 100;

export function trendSentence(label: string, frequency: Frequency, decimals: number, observations: Observation[], locale: Locale): string {
  const t = messages(locale).series.trend;
  const movement = (pct: number) =>
    Math.abs(pct) < 0.05
      ? t.stable
      : pct > 0
        ? t.up(formatChange(pct, 1, locale).replace(/^\+/, ''))
        : t.down(formatChange(pct, 1, locale).replace(/^[−-]/, ''));
  const first = observations[0];
  const last = observations.at(-1);
  if (!first || !last) return t.none(label);
  if (observations.length === 1)
    return t.single(label, formatNumber(last.value, decimals, locale), periodLabel(last.period, frequency, locale));
  const span = t.span(periodLabel(first.period, frequency, locale), periodLabel(last.period, frequency, locale), frequency);
  const sentences = [
    t.overall(
      span,
      label,
      formatNumber(first.value, decimals, locale),
      formatNumber(last.value, decimals, locale),
      formatChange(change(last.value, first.value), 1, locale),
    ),
  ];
  const yearAgo = observations.at(-1 - periodsPerYear[frequency]);
  if (yearAgo && frequency !== 'annual') sentences.push(t.overYear(movement(change(last.value, yearAgo.value))));
  const previous = observations.at(-2);
  if (previous) sentences.push(t.lastPeriod(movement(change(last.value, previous.value))));
  return sentences.join(' ');
}
