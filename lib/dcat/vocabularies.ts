/**
 * The controlled vocabularies DCAT-AP 3 asks for, as the catalogue uses them: the EU data themes
 * (by area of the registry), the EU frequencies (by a series' frequency or a table's time codes),
 * IANA media types, the EU access rights, and the licences an institute is likely to choose, each
 * with the labels the catalogue gives the concept (DCAT-AP's shapes want a `skos:prefLabel`).
 */

export type Concept = { iri: string; fr: string; en: string };

const EU = 'http://publications.europa.eu/resource/authority';

const theme = (code: string, fr: string, en: string): Concept => ({ iri: `${EU}/data-theme/${code}`, fr, en });
export const dataThemes = {
  ECON: theme('ECON', 'Économie et finances', 'Economy and finance'),
  SOCI: theme('SOCI', 'Population et société', 'Population and society'),
  GOVE: theme('GOVE', 'Gouvernement et secteur public', 'Government and public sector'),
  JUST: theme('JUST', 'Justice, système juridique et sécurité publique', 'Justice, legal system and public safety'),
  INTR: theme('INTR', 'Questions internationales', 'International issues'),
} as const;
export type DataTheme = keyof typeof dataThemes;

/** The EU data-theme vocabulary itself (`dcat:themeTaxonomy`). */
export const dataThemeScheme = { iri: `${EU}/data-theme`, fr: 'Thèmes des données (UE)', en: 'Data theme (EU)' };

/**
 * The themes of an area's data. Price, production, trade and turnover indices are economy; the
 * census, demography and social statistics population and society; laws and decrees justice; the
 * institute's own documents government. An area not listed here is government.
 */
const themesByArea: Record<string, readonly DataTheme[]> = {
  ipc: ['ECON'],
  ipi: ['ECON'],
  ippi: ['ECON'],
  ica_commerce: ['ECON'],
  ica_service: ['ECON'],
  ice: ['ECON', 'INTR'],
  bulletin: ['ECON', 'INTR'],
  nace: ['ECON', 'INTR'],
  annuaire_exterieur: ['ECON', 'INTR'],
  annuaire_statistique: ['ECON', 'SOCI'],
  economie: ['ECON'],
  demographie: ['SOCI'],
  rgph: ['SOCI'],
  sociale: ['SOCI'],
  lois: ['JUST'],
  decrets: ['JUST'],
};

export function themesOf(area: string): Concept[] {
  return (themesByArea[area] ?? ['GOVE']).map((code) => dataThemes[code]);
}

const frequency = (code: string, fr: string, en: string): Concept => ({ iri: `${EU}/frequency/${code}`, fr, en });
export const frequencies = {
  MONTHLY: frequency('MONTHLY', 'mensuelle', 'monthly'),
  QUARTERLY: frequency('QUARTERLY', 'trimestrielle', 'quarterly'),
  ANNUAL_2: frequency('ANNUAL_2', 'semestrielle', 'semiannual'),
  ANNUAL: frequency('ANNUAL', 'annuelle', 'annual'),
} as const;

/** A series' frequency in the EU vocabulary. */
export const seriesFrequency = (f: 'monthly' | 'quarterly' | 'annual'): Concept =>
  ({ monthly: frequencies.MONTHLY, quarterly: frequencies.QUARTERLY, annual: frequencies.ANNUAL })[f];

/** A table's frequency from one of its time codes (`2026-10`, `2026-Q3`, `2026-S2`, `2026`), or null. */
export function periodFrequency(code: string): Concept | null {
  if (/^\d{4}-(0[1-9]|1[0-2])$/.test(code)) return frequencies.MONTHLY;
  if (/^\d{4}-Q[1-4]$/.test(code)) return frequencies.QUARTERLY;
  if (/^\d{4}-S[12]$/.test(code)) return frequencies.ANNUAL_2;
  if (/^\d{4}$/.test(code)) return frequencies.ANNUAL;
  return null;
}

const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The first and last days (`YYYY-MM-DD`) of an SDMX period code, or null for a code it does not read. */
export function periodDays(code: string): { start: string; end: string } | null {
  const m = /^(\d{4})(?:-(?:(\d{2})|Q([1-4])|S([12])))?$/.exec(code);
  if (!m) return null;
  const year = Number(m[1]);
  const [first, last] = m[2]
    ? [Number(m[2]), Number(m[2])]
    : m[3]
      ? [Number(m[3]) * 3 - 2, Number(m[3]) * 3]
      : m[4]
        ? [Number(m[4]) * 6 - 5, Number(m[4]) * 6]
        : [1, 12];
  if (first < 1 || last > 12) return null;
  return { start: `${year}-${pad(first)}-01`, end: `${year}-${pad(last)}-${pad(lastDay(year, last))}` };
}

/** The last day of the period of a series that starts on `start` (`YYYY-MM-DD`). */
export function seriesPeriodEnd(start: string, f: 'monthly' | 'quarterly' | 'annual'): string {
  const year = Number(start.slice(0, 4));
  const month = Number(start.slice(5, 7));
  const last = f === 'monthly' ? month : f === 'quarterly' ? month + 2 : 12;
  return `${year}-${pad(last)}-${pad(lastDay(year, last))}`;
}

/** The IANA URI of a media type (`text/csv; charset=utf-8` → `…/media-types/text/csv`), as DCAT-AP 3 wants it. */
export const mediaTypeIri = (contentType: string): string =>
  `http://www.iana.org/assignments/media-types/${contentType.split(';')[0]!.trim().toLowerCase()}`;

/** The media type an IANA URI names (the reverse of `mediaTypeIri`). */
export const mediaTypeOf = (uri: string): string => uri.replace('http://www.iana.org/assignments/media-types/', '');

export const publicAccess: Concept = { iri: `${EU}/access-right/PUBLIC`, fr: 'public', en: 'public' };

/** Labels of the licences an institute is likely to set (`OPEN_DATA_LICENSE`); another IRI is given without a label. */
export const knownLicences: Record<string, { fr: string; en: string }> = {
  [`${EU}/licence/CC_BY_4_0`]: { fr: 'Creative Commons Attribution 4.0', en: 'Creative Commons Attribution 4.0' },
  'https://www.etalab.gouv.fr/licence-ouverte-open-licence/': {
    fr: 'Licence Ouverte / Open Licence 2.0 (Etalab)',
    en: 'Open Licence 2.0 (Etalab)',
  },
  [`${EU}/licence/CC0`]: { fr: 'Creative Commons CC0 1.0', en: 'Creative Commons CC0 1.0' },
  [`${EU}/licence/ODC_BY`]: { fr: 'Open Data Commons Attribution', en: 'Open Data Commons Attribution' },
};

/** The languages of the catalogue's texts (`dct:language`). */
export const languages: Record<'fr' | 'en', Concept> = {
  fr: { iri: `${EU}/language/FRA`, fr: 'français', en: 'French' },
  en: { iri: `${EU}/language/ENG`, fr: 'anglais', en: 'English' },
};

/** ADMS's publisher type of a national statistical institute. */
export const nationalAuthority: Concept = {
  iri: 'http://purl.org/adms/publishertype/NationalAuthority',
  fr: 'Autorité nationale',
  en: 'National authority',
};
