/** schema.org `Dataset` markup of a table's page (dataset search engines), as lib/series/jsonld.ts does for a series. */
import type { TableView } from '../queries';

type Download = { format: string; url: string; mime: string };

export function tableJsonLd({
  table,
  url,
  downloads,
  publisher,
  license,
}: {
  table: TableView;
  url: string;
  downloads: Download[];
  publisher: { name: string; url: string };
  /** The licence the institute set (`OPEN_DATA_LICENSE`), as the DCAT-AP catalogue gives it. */
  license?: string;
}) {
  const organization = { '@type': 'Organization', name: publisher.name, url: publisher.url };
  const time = table.dimensions.find((d) => d.role === 'time');
  const first = time?.values[0]?.code;
  const last = time?.values.at(-1)?.code;
  return {
    '@context': 'https://schema.org',
    '@type': 'Dataset',
    name: table.title,
    description: `${table.title} (${table.code}). ${table.description} ${table.dimensions.map((d) => d.label).join(', ')}.`
      .trim()
      .slice(0, 5000),
    identifier: table.code,
    url,
    inLanguage: table.lang,
    isAccessibleForFree: true,
    ...(license ? { license } : {}),
    creator: organization,
    publisher: organization,
    version: String(table.version.number),
    dateModified: table.version.publishedAt,
    ...(first && last ? { temporalCoverage: first === last ? first : `${first}/${last}` } : {}),
    variableMeasured: table.measures.map((m) => ({ '@type': 'PropertyValue', name: m.label, unitText: m.unit })),
    keywords: table.dimensions.map((d) => d.label),
    distribution: downloads.map((d) => ({ '@type': 'DataDownload', name: d.format, encodingFormat: d.mime, contentUrl: d.url })),
  };
}
