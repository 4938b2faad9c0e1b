/** schema.org `Dataset` markup of a series page (dataset search engines), and its citation line. */
import { formatDateTime } from '@/lib/i18n/format';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { periodOf, type SeriesData } from './model';

type Download = { format: string; url: string; mime: string };

/**
 * The markup of a series page in `locale` (its `inLanguage`: the language of the page's texts).
 * English pages pass the series in English (`localizedSeries`) and their own address, when the
 * series has an English label (`englishDataset`); otherwise the French markup at the French address.
 */
export function datasetJsonLd({
  data,
  url,
  downloads,
  publisher,
  locale = 'fr',
}: {
  data: SeriesData;
  url: string;
  downloads: Download[];
  publisher: { name: string; url: string };
  locale?: Locale;
}) {
  const { meta, version, observations } = data;
  const first = observations[0];
  const last = observations.at(-1);
  const organization = { '@type': 'Organization', name: publisher.name, url: publisher.url };
  return {
    '@context': 'https://schema.org',
    '@type': 'Dataset',
    name: meta.label,
    description: `${meta.label} (${meta.code}), ${meta.unit}${meta.basePeriod ? `, ${meta.basePeriod}` : ''}. ${meta.methodology}`
      .trim()
      .slice(0, 5000),
    identifier: meta.code,
    url,
    inLanguage: locale,
    isAccessibleForFree: true,
    creator: organization,
    publisher: organization,
    version: String(version.number),
    dateModified: version.publishedAt,
    ...(first && last ? { temporalCoverage: `${periodOf(first.period, meta.frequency)}/${periodOf(last.period, meta.frequency)}` } : {}),
    variableMeasured: { '@type': 'PropertyValue', name: meta.label, unitText: meta.unit },
    distribution: downloads.map((d) => ({ '@type': 'DataDownload', name: d.format, encodingFormat: d.mime, contentUrl: d.url })),
  };
}

/** « Institut…, Indice des prix… (IPC), version 3 du 12 novembre 2026 à 08:45 UTC, https://…. », in the reader's language. */
export function citation(data: SeriesData, { institute, url }: { institute: string; url: string }, locale: Locale): string {
  const { meta, version } = data;
  return messages(locale).series.page.citation(
    institute,
    meta.label,
    meta.code,
    version.number,
    formatDateTime(version.publishedAt, locale),
    url,
  );
}

/** Whether an English page describes its series in English (its label is translated): else it gives the French markup. */
export const englishDataset = (translations: { en?: { label?: string } } | null | undefined): boolean =>
  Boolean(translations?.en?.label?.trim());
