/**
 * schema.org `DataCatalog` markup of the open-data page (Google's Dataset Search and other dataset
 * search engines): the institute's catalogue with each public table and series as a `Dataset`
 * (name, description, address, identifier, licence), and the DCAT-AP catalogue's three files as the
 * catalogue's machine-readable descriptions.
 */
import { catalogueFilePath, cataloguePath } from '@/lib/content/addresses';
import { localePath } from '@/lib/i18n/paths';
import type { Locale } from '@/lib/i18n/locales';
import { catalogueContentType, catalogueExtension, catalogueFormats } from './serialize';

type Entry = { name: string; description: string; url: string; identifier: string };

/** The markup of the open-data page at `url` in `locale`. */
export function dataCatalogJsonLd({
  url,
  site,
  name,
  description,
  locale,
  publisher,
  license,
  datasets,
}: {
  url: string;
  site: string;
  name: string;
  description: string;
  locale: Locale;
  publisher: { name: string; url: string };
  license: string;
  datasets: Entry[];
}) {
  const organization = { '@type': 'Organization', name: publisher.name, url: publisher.url };
  return {
    '@context': 'https://schema.org',
    '@type': 'DataCatalog',
    '@id': `${site}${cataloguePath}`,
    name,
    description,
    url,
    inLanguage: locale,
    publisher: organization,
    creator: organization,
    license,
    // The DCAT-AP catalogue in its three serializations.
    subjectOf: catalogueFormats.map((f) => ({
      '@type': 'DigitalDocument',
      url: `${site}${catalogueFilePath(catalogueExtension[f])}`,
      encodingFormat: catalogueContentType[f].split(';')[0],
    })),
    dataset: datasets.map((d) => ({
      '@type': 'Dataset',
      name: d.name,
      description: d.description.length >= 50 ? d.description.slice(0, 5000) : `${d.description} — ${publisher.name}`.slice(0, 5000),
      url: d.url.startsWith('http') ? d.url : `${site}${localePath(locale, d.url)}`,
      identifier: d.identifier,
      license,
      isAccessibleForFree: true,
      creator: organization,
    })),
  };
}
