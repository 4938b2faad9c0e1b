/**
 * The DCAT-AP 3 catalogue as one model, built from what the public pages show (./sources.ts): the
 * institute as publisher with its contact point, every table, series and publication with files as
 * a dataset (its texts in French and English, themes, period, frequency, versions' dates,
 * distributions with their media type, and — for stored files — size and checksum), and the SDMX
 * service the tables' SDMX distributions go through. `catalogueGraph` turns one page of it into
 * triples (Hydra paging), from which ./serialize.ts writes Turtle, JSON-LD and RDF/XML.
 */
import { areaTexts, getArea } from '@/lib/content/areas';
import {
  cataloguePath,
  downloadFormats,
  fileUrl,
  publicationUrl,
  seriesDownloadPath,
  seriesPath,
  tableDownloadPath,
  tableFormats,
  tablePath,
  dataPath,
} from '@/lib/content/addresses';
import { localePath } from '@/lib/i18n/paths';
import { messages } from '@/lib/i18n/messages';
import { labelIn } from '@/lib/tables/model';
import { tableContentType } from '@/lib/tables/read/formats';
import { seriesContentType } from '@/lib/series/api';
import { Graph, iri, plain, term, text, typed } from './rdf';
import { sdmxDataUrl, sdmxEndpoint } from './sdmx';
import type { CatalogueSources } from './sources';
import {
  dataThemeScheme,
  knownLicences,
  languages,
  mediaTypeIri,
  nationalAuthority,
  periodDays,
  periodFrequency,
  publicAccess,
  seriesFrequency,
  seriesPeriodEnd,
  themesOf,
  type Concept,
} from './vocabularies';

/** A text in French, and in English where it was written. */
export type Texts = { fr: string; en?: string };

export type Distribution = {
  iri: string;
  title: Texts;
  accessURL: string;
  downloadURL: string;
  /** The IANA URI of the media type the download answers with. */
  mediaType: string;
  byteSize?: number;
  sha256?: string;
  /** Reached through the SDMX service (`dcat:accessService`); its address is not answered on this branch's tests. */
  sdmx?: boolean;
};

export type Dataset = {
  iri: string;
  /** Never changes (a portal's harvester keys its copy on it): `table/POP_REGION`, `series/IPC`, `publication/12`. */
  identifier: string;
  kind: 'table' | 'series' | 'publication';
  title: Texts;
  description: Texts;
  keywords: Texts[];
  themes: Concept[];
  landingPages: string[];
  issued: Date;
  modified: Date;
  temporal?: { start: string; end: string };
  frequency?: Concept;
  version?: number;
  distributions: Distribution[];
  /** StatDCAT-AP: units of measure and dimensions, for tables and series. */
  units: (Concept & { id: string })[];
  dimensions: { iri: string; label: Texts }[];
  numSeries?: number;
};

export type Catalogue = {
  iri: string;
  title: Texts;
  description: Texts;
  homepage: string;
  publisher: { iri: string; name: Texts };
  contact: { iri: string; name: string; email?: string; url: string };
  license: { iri: string; label?: { fr: string; en: string } };
  spatial: { iri: string; label?: string };
  service: { iri: string; title: Texts; description: Texts; endpointURL: string };
  datasets: Dataset[];
  modified?: Date;
};

export type CatalogueConfig = { site: string; license: string; spatial?: string };

/** Datasets on one page of the catalogue: enough for a harvester's few requests, bounded for the server's memory. */
export const PAGE_SIZE = 50;

const distributionTitle: Record<string, Texts> = {
  csv: { fr: 'CSV', en: 'CSV' },
  'csv-fr': { fr: 'CSV pour Excel en français (point-virgule, virgule décimale)', en: 'CSV for French Excel (semicolon, decimal comma)' },
  xlsx: { fr: 'Classeur Excel (XLSX)', en: 'Excel workbook (XLSX)' },
  jsonstat: { fr: 'JSON-stat 2.0', en: 'JSON-stat 2.0' },
  json: { fr: 'JSON', en: 'JSON' },
  'sdmx-csv': { fr: 'SDMX-CSV 2.0', en: 'SDMX-CSV 2.0' },
  sdmx: { fr: 'SDMX 2.1 (service REST)', en: 'SDMX 2.1 (REST service)' },
};

const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'unite';

const en = (value: string | undefined | null) => (value && value.trim() ? value.trim() : undefined);

/** The catalogue of everything public in `sources`, its addresses under `config.site`. */
export function buildCatalogue(sources: CatalogueSources, config: CatalogueConfig): Catalogue {
  const site = config.site.replace(/\/$/, '');
  const abs = (path: string) => `${site}${path}`;
  const base = `${site}${cataloguePath}`;
  const node = (id: string) => `${base}#${id}`;
  const identity = sources.identity;
  const fallback = messages('fr').site.identity;
  const nameFr = identity ? identity.name : fallback.name;
  const nameEn = identity ? en(identity.translations?.en?.name) : messages('en').site.identity.name;
  const acronym = identity?.acronym ?? fallback.acronym;
  const areaLabel = (area: string): Texts => {
    const a = getArea(area);
    return a ? { fr: areaTexts(a, 'fr').label, en: areaTexts(a, 'en').label } : { fr: area };
  };

  const tables: Dataset[] = sources.tables.map((t) => {
    const id = `table-${t.code}`;
    const translated = t.row.translations?.en ?? {};
    const time = t.structure.dimensions.find((d) => d.role === 'time');
    const first = time?.values[0] ? periodDays(time.values[0].code) : null;
    const last = time?.values.at(-1) ? periodDays(time.values.at(-1)!.code) : null;
    const dims = t.structure.dimensions.map((d) => ({ fr: labelIn(d.label, 'fr'), en: en(d.label.en) }));
    const download = (format: (typeof tableFormats)[number]): Distribution => {
      const url = abs(tableDownloadPath(t.code, format));
      return {
        iri: node(`${id}-${format}`),
        title: distributionTitle[format]!,
        accessURL: url,
        downloadURL: url,
        mediaType: mediaTypeIri(tableContentType[format]),
        ...(t.files[format] ? { byteSize: t.files[format].size, sha256: t.files[format].sha256 } : {}),
      };
    };
    const sdmx = sdmxDataUrl(site, t);
    const plainDims = t.structure.dimensions.filter((d) => d.role !== 'time');
    return {
      iri: node(id),
      identifier: `table/${t.code}`,
      kind: 'table',
      title: { fr: t.row.title, en: en(translated.title) },
      description: {
        fr: [t.row.description.trim() || t.row.title, `Dimensions : ${dims.map((d) => d.fr).join(', ')}.`].join(' '),
        en:
          en(translated.description) ??
          (en(translated.title) ? `${translated.title}. Dimensions: ${dims.map((d) => d.en ?? d.fr).join(', ')}.` : undefined),
      },
      keywords: [areaLabel(t.area), ...dims],
      themes: themesOf(t.area),
      landingPages: [abs(tablePath(t.code)), abs(localePath('en', tablePath(t.code)))],
      issued: t.span.first,
      modified: t.span.last,
      ...(first && last ? { temporal: { start: first.start, end: last.end } } : {}),
      ...(time?.values[0] && periodFrequency(time.values[0].code) ? { frequency: periodFrequency(time.values[0].code)! } : {}),
      version: t.version.number,
      distributions: [
        ...tableFormats.map(download),
        {
          iri: node(`${id}-sdmx`),
          title: distributionTitle.sdmx!,
          accessURL: sdmx,
          downloadURL: sdmx,
          mediaType: mediaTypeIri('application/xml'),
          sdmx: true,
        },
      ],
      units: [...new Map(t.measures.map((m) => [m.unitCode, m])).values()].map((m) => ({
        id: `${id}-unit-${slug(m.unitCode)}`,
        iri: node(`${id}-unit-${slug(m.unitCode)}`),
        fr: labelIn(t.structure.measures.find((x) => x.code === m.code)?.unit, 'fr') || m.unitCode,
        en: labelIn(t.structure.measures.find((x) => x.code === m.code)?.unit, 'en') || m.unitCode,
      })),
      dimensions: t.structure.dimensions.map((d) => ({
        iri: node(`${id}-dimension-${d.code}`),
        label: { fr: labelIn(d.label, 'fr'), en: en(d.label.en) },
      })),
      numSeries: plainDims.reduce((n, d) => n * d.values.length, 1) * t.structure.measures.length,
    };
  });

  const series: Dataset[] = sources.series.map((s) => {
    const { meta } = s;
    const id = `series-${meta.code}`;
    const translated = s.translations?.en ?? {};
    const first = s.observations[0];
    const last = s.observations.at(-1);
    const page = seriesPath(meta) ?? dataPath;
    const unitId = `${id}-unit`;
    return {
      iri: node(id),
      identifier: `series/${meta.code}`,
      kind: 'series',
      title: { fr: meta.label, en: en(translated.label) },
      description: {
        fr: `${meta.label} (${meta.code}), ${meta.unit}${meta.basePeriod ? `, ${meta.basePeriod}` : ''}. ${meta.methodology}`.trim(),
        en: en(translated.label)
          ? `${translated.label} (${meta.code}), ${en(translated.unit) ?? meta.unit}. ${en(translated.methodology) ?? ''}`.trim()
          : undefined,
      },
      keywords: [areaLabel(meta.area), { fr: meta.code }],
      themes: themesOf(meta.area),
      landingPages: [abs(page), abs(localePath('en', page))],
      issued: s.span.first,
      modified: s.span.last,
      ...(first && last ? { temporal: { start: first.period.slice(0, 10), end: seriesPeriodEnd(last.period, meta.frequency) } } : {}),
      frequency: seriesFrequency(meta.frequency),
      version: s.version.number,
      distributions: downloadFormats.map((format) => {
        const url = abs(seriesDownloadPath(meta.code, format));
        return {
          iri: node(`${id}-${format}`),
          title: distributionTitle[format]!,
          accessURL: url,
          downloadURL: url,
          mediaType: mediaTypeIri(seriesContentType[format]),
          ...(s.files[format] ? { byteSize: s.files[format].size, sha256: s.files[format].sha256 } : {}),
        };
      }),
      units: [{ id: unitId, iri: node(unitId), fr: meta.unit, en: en(translated.unit) ?? meta.unit }],
      dimensions: [],
      numSeries: 1,
    };
  });

  const publications: Dataset[] = sources.publications.map((p) => {
    const id = `publication-${p.id}`;
    const page = publicationUrl(p) ?? dataPath;
    const translated = p.translations?.en ?? {};
    return {
      iri: node(id),
      identifier: `publication/${p.id}`,
      kind: 'publication',
      title: { fr: p.title, en: en(translated.title) },
      description: { fr: p.summary.trim() || p.title, en: en(translated.summary) ?? en(translated.title) },
      keywords: [areaLabel(p.area)],
      themes: themesOf(p.area),
      landingPages: [abs(page)],
      issued: p.publishedAt,
      modified: p.updatedAt > p.publishedAt ? p.updatedAt : p.publishedAt,
      ...(p.periodStart && p.periodEnd ? { temporal: { start: p.periodStart, end: p.periodEnd } } : {}),
      distributions: p.files.map((f) => {
        const url = abs(fileUrl(f));
        return {
          iri: node(`${id}-file-${f.id}`),
          title: { fr: f.label?.trim() || f.name, en: en(f.labelEn) },
          accessURL: url,
          downloadURL: url,
          mediaType: mediaTypeIri(f.mime),
          byteSize: f.size,
          sha256: f.sha256,
        };
      }),
      units: [],
      dimensions: [],
    };
  });

  const datasets = [...tables, ...series, ...publications];
  const modified = datasets.reduce<Date | undefined>((m, d) => (!m || d.modified > m ? d.modified : m), undefined);
  return {
    iri: base,
    title: { fr: `Catalogue des données ouvertes — ${acronym}`, en: `Open data catalogue — ${acronym}` },
    description: {
      fr: `Les tableaux, séries statistiques et publications de ${nameFr}, avec leurs fichiers et le service SDMX.`,
      en: `The tables, statistical series and publications of ${nameEn ?? nameFr}, with their files and the SDMX service.`,
    },
    homepage: abs('/'),
    publisher: { iri: node('institut'), name: { fr: nameFr, en: nameEn } },
    contact: {
      iri: node('contact'),
      name: `${acronym} — ${nameFr}`,
      ...(identity?.email ? { email: identity.email } : {}),
      url: abs('/'),
    },
    license: { iri: config.license, ...(knownLicences[config.license] ? { label: knownLicences[config.license] } : {}) },
    spatial: config.spatial ? { iri: config.spatial } : { iri: node('territoire'), label: identity?.country },
    service: {
      iri: node('sdmx'),
      title: { fr: 'Service SDMX 2.1 REST', en: 'SDMX 2.1 REST service' },
      description: {
        fr: 'Structures (flux, définitions de structure, listes de codes) et données des tableaux par clé et période, selon la norme SDMX 2.1 REST.',
        en: 'Structures (dataflows, data structure definitions, codelists) and the tables’ data by key and period, by the SDMX 2.1 REST standard.',
      },
      endpointURL: sdmxEndpoint(site),
    },
    datasets,
    ...(modified ? { modified } : {}),
  };
}

/** The number of pages of the catalogue (at least one: the catalogue itself, even empty). */
export const pageCount = (c: Catalogue) => Math.max(1, Math.ceil(c.datasets.length / PAGE_SIZE));

const texts = (value: Texts) => [text(value.fr, 'fr'), ...(value.en ? [text(value.en, 'en')] : [])];
const dateTime = (d: Date) => typed(d.toISOString(), 'xsd:dateTime');

/**
 * One page of the catalogue as triples: the catalogue with its publisher, contact point, licence
 * and service, the page's datasets with their distributions, every concept they name typed and
 * labelled as DCAT-AP's shapes ask, and the Hydra view of the page (`pageUrl(n)`: the address of
 * page n in the same serialization). Null for a page past the last.
 */
export function catalogueGraph(c: Catalogue, page: number, pageUrl: (n: number) => string): Graph | null {
  const pages = pageCount(c);
  if (!Number.isInteger(page) || page < 1 || page > pages) return null;
  const g = new Graph();
  const a = term('rdf:type');
  const cat = iri(c.iri);
  const concept = (k: Concept, scheme?: string) => {
    const s = iri(k.iri);
    g.add(s, a, term('skos:Concept')).addAll(s, term('skos:prefLabel'), [text(k.fr, 'fr'), text(k.en, 'en')]);
    if (scheme) g.add(s, term('skos:inScheme'), iri(scheme));
    return s;
  };
  const resource = (url: string) => {
    const s = iri(url);
    g.add(s, a, term('rdfs:Resource'));
    return s;
  };
  const document = (url: string) => {
    const s = iri(url);
    g.add(s, a, term('foaf:Document'));
    return s;
  };

  // The catalogue and who runs it.
  const publisher = iri(c.publisher.iri);
  g.add(publisher, a, term('foaf:Agent')).add(publisher, a, term('foaf:Organization'));
  g.addAll(publisher, term('foaf:name'), texts(c.publisher.name));
  g.add(publisher, term('dct:type'), concept(nationalAuthority));
  g.add(publisher, term('foaf:homepage'), document(c.homepage));
  const contact = iri(c.contact.iri);
  g.add(contact, a, term('vcard:Kind')).add(contact, a, term('vcard:Organization'));
  g.add(contact, term('vcard:fn'), plain(c.contact.name));
  if (c.contact.email) g.add(contact, term('vcard:hasEmail'), iri(`mailto:${c.contact.email}`));
  g.add(contact, term('vcard:hasURL'), iri(c.contact.url));
  const license = iri(c.license.iri);
  g.add(license, a, term('dct:LicenseDocument'));
  if (c.license.label) g.addAll(license, term('dct:title'), [text(c.license.label.fr, 'fr'), text(c.license.label.en, 'en')]);
  const access = iri(publicAccess.iri);
  g.add(access, a, term('dct:RightsStatement')).addAll(access, term('rdfs:label'), [
    text(publicAccess.fr, 'fr'),
    text(publicAccess.en, 'en'),
  ]);
  const spatial = iri(c.spatial.iri);
  g.add(spatial, a, term('dct:Location'));
  if (c.spatial.label) g.add(spatial, term('skos:prefLabel'), text(c.spatial.label, 'fr'));

  g.add(cat, a, term('dcat:Catalog')).add(cat, a, term('hydra:Collection'));
  g.addAll(cat, term('dct:title'), texts(c.title)).addAll(cat, term('dct:description'), texts(c.description));
  g.add(cat, term('dct:publisher'), publisher).add(cat, term('dcat:contactPoint'), contact);
  g.add(cat, term('foaf:homepage'), document(c.homepage));
  g.add(cat, term('dct:license'), license).add(cat, term('dct:spatial'), spatial);
  for (const l of Object.values(languages)) {
    g.add(iri(l.iri), a, term('dct:LinguisticSystem'));
    g.add(cat, term('dct:language'), iri(l.iri));
  }
  const scheme = iri(dataThemeScheme.iri);
  g.add(scheme, a, term('skos:ConceptScheme')).addAll(scheme, term('dct:title'), [
    text(dataThemeScheme.fr, 'fr'),
    text(dataThemeScheme.en, 'en'),
  ]);
  g.add(cat, term('dcat:themeTaxonomy'), scheme);
  if (c.modified) g.add(cat, term('dct:modified'), dateTime(c.modified));

  // The SDMX service.
  const service = iri(c.service.iri);
  g.add(service, a, term('dcat:DataService'));
  g.addAll(service, term('dct:title'), texts(c.service.title)).addAll(service, term('dct:description'), texts(c.service.description));
  g.add(service, term('dcat:endpointURL'), resource(c.service.endpointURL));
  g.add(service, term('dct:publisher'), publisher).add(service, term('dcat:contactPoint'), contact);
  g.add(service, term('dct:license'), license).add(service, term('dct:accessRights'), access);
  g.add(cat, term('dcat:service'), service);

  // Hydra: this page of the collection, its neighbours, the first and last.
  const view = iri(pageUrl(page));
  g.add(cat, term('hydra:totalItems'), typed(String(c.datasets.length), 'xsd:integer'));
  g.add(cat, term('hydra:view'), view);
  g.add(view, a, term('hydra:PartialCollectionView'));
  g.add(view, term('hydra:first'), iri(pageUrl(1))).add(view, term('hydra:last'), iri(pageUrl(pages)));
  if (page > 1) g.add(view, term('hydra:previous'), iri(pageUrl(page - 1)));
  if (page < pages) g.add(view, term('hydra:next'), iri(pageUrl(page + 1)));

  for (const d of c.datasets.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)) {
    const ds = iri(d.iri);
    g.add(cat, term('dcat:dataset'), ds);
    g.add(ds, a, term('dcat:Dataset'));
    g.add(ds, term('dct:identifier'), plain(d.identifier));
    g.addAll(ds, term('dct:title'), texts(d.title)).addAll(ds, term('dct:description'), texts(d.description));
    for (const k of d.keywords) g.addAll(ds, term('dcat:keyword'), texts(k));
    for (const t of d.themes) g.add(ds, term('dcat:theme'), concept(t, dataThemeScheme.iri));
    for (const p of d.landingPages) g.add(ds, term('dcat:landingPage'), document(p));
    g.add(ds, term('dct:publisher'), publisher).add(ds, term('dcat:contactPoint'), contact);
    g.add(ds, term('dct:spatial'), spatial).add(ds, term('dct:accessRights'), access);
    g.add(ds, term('dct:issued'), dateTime(d.issued)).add(ds, term('dct:modified'), dateTime(d.modified));
    for (const l of Object.values(languages)) g.add(ds, term('dct:language'), iri(l.iri));
    if (d.version !== undefined) g.add(ds, term('dcat:version'), plain(String(d.version)));
    if (d.temporal) {
      const period = iri(`${d.iri}-period`);
      g.add(ds, term('dct:temporal'), period).add(period, a, term('dct:PeriodOfTime'));
      g.add(period, term('dcat:startDate'), typed(d.temporal.start, 'xsd:date')).add(
        period,
        term('dcat:endDate'),
        typed(d.temporal.end, 'xsd:date'),
      );
    }
    if (d.frequency) {
      const f = iri(d.frequency.iri);
      g.add(f, a, term('dct:Frequency')).addAll(f, term('skos:prefLabel'), [text(d.frequency.fr, 'fr'), text(d.frequency.en, 'en')]);
      g.add(ds, term('dct:accrualPeriodicity'), f);
    }
    for (const u of d.units) g.add(ds, term('stat:statUnitMeasure'), concept(u));
    for (const dim of d.dimensions) {
      const s = iri(dim.iri);
      g.add(s, a, term('qb:DimensionProperty')).addAll(s, term('rdfs:label'), texts(dim.label));
      g.add(ds, term('stat:dimension'), s);
    }
    if (d.numSeries !== undefined) g.add(ds, term('stat:numSeries'), typed(String(d.numSeries), 'xsd:integer'));
    if (d.kind === 'table') g.add(service, term('dcat:servesDataset'), ds);

    for (const dist of d.distributions) {
      const s = iri(dist.iri);
      g.add(ds, term('dcat:distribution'), s);
      g.add(s, a, term('dcat:Distribution'));
      g.addAll(s, term('dct:title'), texts(dist.title));
      g.add(s, term('dcat:accessURL'), resource(dist.accessURL)).add(s, term('dcat:downloadURL'), resource(dist.downloadURL));
      const media = iri(dist.mediaType);
      g.add(media, a, term('dct:MediaType'));
      g.add(s, term('dcat:mediaType'), media);
      g.add(s, term('dct:license'), license).add(s, term('dct:accessRights'), access);
      if (dist.byteSize !== undefined) g.add(s, term('dcat:byteSize'), typed(String(dist.byteSize), 'xsd:nonNegativeInteger'));
      if (dist.sha256) {
        const sum = iri(`${dist.iri}-checksum`);
        const algorithm = term('spdx:checksumAlgorithm_sha256');
        g.add(s, term('spdx:checksum'), sum).add(sum, a, term('spdx:Checksum'));
        g.add(sum, term('spdx:algorithm'), algorithm).add(algorithm, a, term('spdx:ChecksumAlgorithm'));
        g.add(sum, term('spdx:checksumValue'), typed(dist.sha256.toLowerCase(), 'xsd:hexBinary'));
      }
      if (dist.sdmx) g.add(s, term('dcat:accessService'), service);
    }
  }
  return g;
}
