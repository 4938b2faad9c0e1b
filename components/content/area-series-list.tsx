import Link from 'next/link';
import type { Area } from '@/lib/content/areas';
import { langAttr } from '@/lib/i18n/content';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { localePath } from '@/lib/i18n/paths';
import { periodLabel, type SeriesData } from '@/lib/series/model';
import type { SeriesTranslations } from '@/lib/series/queries';
import { areaDownloadPath, downloadFormats, seriesPath } from '@/lib/content/addresses';
import { inLang } from './in-lang';
import { localizedSeries } from '@/lib/series/localize';

/**
 * An area's series, each linked to its page, and the area's downloads (all its series in one file).
 * Labels in English where translated, else French marked `lang="fr"`.
 */
export function AreaSeriesList({
  area,
  series,
  locale,
}: {
  area: Area;
  series: (SeriesData & { translations?: SeriesTranslations })[];
  locale: Locale;
}) {
  const s = messages(locale).series;
  const t = s.area;
  return (
    <div className="mt-6 grid gap-6 md:grid-cols-2">
      <div>
        <h3 className="font-semibold">{t.series}</h3>
        <ul className="mt-2 space-y-1 text-sm">
          {series.map((row) => {
            const { meta, observations, langOf } = localizedSeries(row, locale);
            const path = seriesPath(meta);
            const lang = langAttr(langOf('label'), locale);
            const last = observations.at(-1);
            return (
              <li key={meta.code}>
                {path ? (
                  <Link href={localePath(locale, path)} lang={lang} className="underline">
                    {meta.label}
                  </Link>
                ) : (
                  inLang(meta.label, lang)
                )}{' '}
                <span className="text-muted">
                  ({meta.code}
                  {last ? `, ${t.until(periodLabel(last.period, meta.frequency, locale))}` : ''})
                </span>
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
              <a href={areaDownloadPath(area.slug, format, locale)} download>
                {s.download[format]}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
