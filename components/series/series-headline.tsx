import { formatChange, formatDateTime, formatNumber } from '@/lib/i18n/format';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { periodLabel, periodsPerYear, type SeriesData } from '@/lib/series/model';

/** Latest value, its changes in words (never colour alone), and the version shown. */
export function SeriesHeadline({ data, locale }: { data: SeriesData; locale: Locale }) {
  const s = messages(locale).series;
  const t = s.headline;
  const words = (pct: number) =>
    Math.abs(pct) < 0.05
      ? t.stable
      : pct > 0
        ? t.up(formatChange(pct, 1, locale).replace(/^\+/, ''))
        : t.down(formatChange(pct, 1, locale).replace(/^[−-]/, ''));
  const { meta, version } = data;
  const values = data.observations;
  const last = values.at(-1);
  if (!last) return null;
  const previous = values.at(-2);
  const yearAgo = values.at(-1 - periodsPerYear[meta.frequency]);
  return (
    <div className="rounded-lg border border-border bg-surface p-5">
      <p className="text-sm text-muted">{t.latest(periodLabel(last.period, meta.frequency, locale))}</p>
      <p className="mt-1 text-4xl font-bold tabular-nums">
        {formatNumber(last.value, meta.decimals, locale)} <span className="text-base font-normal text-muted">{meta.unit}</span>
      </p>
      {last.status !== 'A' ? <p className="mt-1 text-sm">{s.statusLine(s.status[last.status])}</p> : null}
      <ul className="mt-3 space-y-1 text-sm">
        {previous && meta.frequency !== 'annual' ? (
          <li>{t.overPeriod(words(((last.value - previous.value) / previous.value) * 100))}</li>
        ) : null}
        {yearAgo ? <li>{t.overYear(words(((last.value - yearAgo.value) / yearAgo.value) * 100))}</li> : null}
      </ul>
      <p className="mt-3 text-sm text-muted">{t.version(version.number, formatDateTime(version.publishedAt, locale))}</p>
    </div>
  );
}
