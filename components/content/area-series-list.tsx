import Link from 'next/link';
import type { Area } from '@/lib/content/areas';
import { periodLabel, type SeriesData } from '@/lib/series/model';
import { areaDownloadPath, downloadFormats, downloadLabel, seriesPath } from '@/lib/series/urls';

/** An area's series, each linked to its page, and the area's downloads (all its series in one file). */
export function AreaSeriesList({ area, series }: { area: Area; series: SeriesData[] }) {
  return (
    <div className="mt-6 grid gap-6 md:grid-cols-2">
      <div>
        <h3 className="font-semibold">Séries de la rubrique</h3>
        <ul className="mt-2 space-y-1 text-sm">
          {series.map(({ meta, observations }) => {
            const href = seriesPath(meta);
            const last = observations.at(-1);
            return (
              <li key={meta.code}>
                {href ? <Link href={href} className="underline">{meta.label}</Link> : meta.label} <span className="text-muted">({meta.code}{last ? `, jusqu’à ${periodLabel(last.period, meta.frequency)}` : ''})</span>
              </li>
            );
          })}
        </ul>
      </div>
      <div>
        <h3 className="font-semibold">Télécharger toutes les séries de la rubrique</h3>
        <ul className="mt-2 space-y-1 text-sm">
          {downloadFormats.map((format) => (
            <li key={format}>
              <a href={areaDownloadPath(area.slug, format)} download>
                {downloadLabel[format]}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
