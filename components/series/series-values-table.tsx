import { formatChange, formatNumber } from '@/lib/i18n/format';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { periodLabel, periodsPerYear, statusCodes, statusMarker, type SeriesData } from '@/lib/series/model';
import { ValueRows, type ValueRow } from './value-rows';

/** Rows shown before « Valeurs plus anciennes » (a <details> that opens without JavaScript). */
const RECENT = 24;

/** Every value of a series, newest first, with its changes and its status (marker and legend). */
export function SeriesValuesTable({ data, locale }: { data: SeriesData; locale: Locale }) {
  const s = messages(locale).series;
  const t = s.table;
  const pct = (a: number, b: number | undefined) => (b ? formatChange(((a - b) / b) * 100, 1, locale) : '—');
  const { meta } = data;
  const values = data.observations;
  const perYear = periodsPerYear[meta.frequency];
  const rows = values.map((o, i) => ({ o, previous: values[i - 1]?.value, yearAgo: values[i - perYear]?.value })).reverse();
  const used = statusCodes.filter((c) => c !== 'A' && values.some((v) => v.status === c));
  const table = (list: typeof rows, caption: string) => (
    <table className="values-table w-full border-collapse text-sm">
      <caption className="mb-2 text-left font-semibold">{caption}</caption>
      <thead>
        <tr className="border-b border-border text-left">
          <th scope="col" className="py-2 pr-4">
            {t.period}
          </th>
          <th scope="col" className="py-2 pr-4 text-right">
            {t.valueIn(meta.unit)}
          </th>
          {meta.frequency !== 'annual' ? (
            <th scope="col" className="py-2 pr-4 text-right">
              {t.changePeriod}
            </th>
          ) : null}
          <th scope="col" className="py-2 pr-4 text-right">
            {t.changeYear}
          </th>
          <th scope="col" className="py-2">
            {t.status}
          </th>
        </tr>
      </thead>
      <ValueRows
        rows={list.map(({ o, previous, yearAgo }): ValueRow => [
          periodLabel(o.period, meta.frequency, locale),
          formatNumber(o.value, meta.decimals, locale),
          o.status === 'A' ? '' : statusMarker[o.status],
          meta.frequency !== 'annual' ? [pct(o.value, previous), pct(o.value, yearAgo)] : [pct(o.value, yearAgo)],
          s.status[o.status],
        ])}
      />
    </table>
  );
  return (
    <div className="overflow-x-auto">
      {table(rows.slice(0, RECENT), t.lastValues(meta.label, Math.min(RECENT, rows.length)))}
      {rows.length > RECENT ? (
        <details className="mt-4">
          <summary className="cursor-pointer font-semibold">{t.olderSummary(rows.length - RECENT)}</summary>
          <div className="mt-2">{table(rows.slice(RECENT), t.older(meta.label))}</div>
        </details>
      ) : null}
      {used.length > 0 ? (
        <p className="mt-3 text-sm text-muted">{t.legend(used.map((c) => `${statusMarker[c]} = ${s.status[c]}`))}</p>
      ) : null}
    </div>
  );
}
