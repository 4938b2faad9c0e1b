import Link from 'next/link';
import type { Area } from '@/lib/content/areas';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { periodLabel, type SeriesData } from '@/lib/series/model';
import { areaDownloadPath, downloadFormats, seriesPath } from '@/lib/series/urls';

/** An area's series, each linked to its page, and the area's downloads (all its series in one file). */
export function AreaSeriesList({ area, series, locale }: { area: Area; series: SeriesData[]; locale: Locale }) {
  const s = messages(locale).series;
  const t = s.area;
  return (
    <div className="mt-6 grid gap-6 md:grid-cols-2">
      <div>
        <h3 className="font-semibold">{t.series}</h3>
        <ul className="mt-2 space-y-1 text-sm">
          {series.map(({ meta, observations }) => {
            const href = seriesPath(meta);
            const last = observations.at(-1);
            return (
              <li key={meta.code}>
                {href ? <Link href={href} className="underline">{meta.label}</Link> : meta.label} <span className="text-muted">({meta.code}{last ? `, ${t.until(periodLabel(last.period, meta.frequency, locale))}` : ''})</span>
              </li>
            );
          })}
        </ul>
      </div>
      <div>
        <h3 className="font-semibold">{t.downloadAll}</h3>
        <ul className="mt-2 space-y-1 text-sm">
          {downloadFormats.map((format) => (
            <li key={format}>
              <a href={areaDownloadPath(area.slug, format)} download>
                {s.download[format]}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
