import Link from 'next/link';
import { formatChange, formatNumber } from '@/lib/i18n/format';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { localePath } from '@/lib/i18n/paths';
import { periodLabel, type SeriesData } from '@/lib/series/model';
import type { SeriesTranslations } from '@/lib/series/queries';
import { seriesPath } from '@/lib/content/addresses';
import { localizedSeries } from '@/lib/series/localize';

/**
 * The last 12 values of a series, newest first, with the change over the period, and a link to the
 * whole series; its label in English where translated.
 */
export function AreaSeriesTable({ data: row, locale }: { data: SeriesData & { translations?: SeriesTranslations }; locale: Locale }) {
  const s = messages(locale).series;
  const t = s.table;
  const data = localizedSeries(row, locale);
  const { meta } = data;
  const rows = data.observations.slice(-13).reverse();
  const path = seriesPath(meta);
  const href = path ? localePath(locale, path) : null;
  return (
    <div className="overflow-x-auto">
      <table className="values-table w-full border-collapse text-sm">
        {/* A sentence of the catalogue around the label: it cannot mark the label alone (a string), so it marks nothing. */}
        <caption className="mb-2 text-left font-semibold">{t.lastValues(meta.label, 12)}</caption>
        <thead>
          <tr className="border-b border-border text-left">
            <th scope="col" className="py-2 pr-4">
              {t.period}
            </th>
            <th scope="col" className="py-2 pr-4 text-right">
              {t.value}
            </th>
            <th scope="col" className="py-2 pr-4 text-right">
              {t.changePeriod}
            </th>
            <th scope="col" className="py-2">
              {t.status}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, 12).map((p, i) => {
            const prev = rows[i + 1];
            return (
              <tr key={p.period}>
                <th scope="row">{periodLabel(p.period, meta.frequency, locale)}</th>
                <td>{formatNumber(p.value, meta.decimals, locale)}</td>
                <td>{prev ? formatChange(((p.value - prev.value) / prev.value) * 100, 1, locale) : '—'}</td>
                <td>{s.status[p.status]}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {href ? (
        <p className="mt-3 text-sm">
          <Link href={href}>{t.wholeSeries(meta.code)}</Link>
        </p>
      ) : null}
    </div>
  );
}
