/** Public URLs of series: their page under their area, and their downloads through the open API. */
import { getArea } from '@/lib/content/areas';
import { seriesRangeSegment, type SeriesRange } from '@/lib/content/area-route';
import { defaultLocale, type Locale } from '@/lib/i18n/locales';

/** `/indice/ipc/series/IPC`, `/indice/ipc/series/IPC/5-ans`… (null: the area has no public page). */
export function seriesPath(series: { area: string; code: string }, range: SeriesRange = '10y'): string | null {
  const base = getArea(series.area)?.publicPath;
  if (!base) return null;
  const segment = seriesRangeSegment[range];
  return `${base}/series/${series.code}${segment ? `/${segment}` : ''}`;
}

export const downloadFormats = ['csv', 'csv-fr', 'xlsx', 'sdmx-csv', 'json'] as const;
export type DownloadFormat = (typeof downloadFormats)[number];

export const downloadLabel: Record<DownloadFormat, string> = {
  csv: 'CSV (virgule, point décimal)',
  'csv-fr': 'CSV pour Excel en français (point-virgule, virgule décimale)',
  xlsx: 'Excel (XLSX)',
  'sdmx-csv': 'SDMX-CSV 2.0',
  json: 'JSON',
};

/** `&lang=en` for the files linked from a page in another language than French: their labels follow it. */
const langParam = (locale: Locale) => (locale === defaultLocale ? '' : `&lang=${locale}`);
/** A series' file in the open API (`/api/v1/series/IPC?format=xlsx`), its labels in `locale`. */
export const seriesDownloadPath = (code: string, format: DownloadFormat, locale: Locale = defaultLocale) => `/api/v1/series/${code}?format=${format}${langParam(locale)}`;
/** All the series of an area in one file, its labels in `locale`. */
export const areaDownloadPath = (area: string, format: DownloadFormat, locale: Locale = defaultLocale) => `/api/v1/series?area=${area}&format=${format}${langParam(locale)}`;
