/**
 * What a survey is, read from or written to DDI Codebook: the study description (the fields the
 * catalogue shows and exports), its data files and its variables; the access tiers of a file and
 * their French and English names. Plain types, shared by the parser, the exporter, the queries and
 * the pages.
 */
import type { Locale } from '@/lib/i18n/locales';

/** The access tiers of a data file (NADA's, without « direct » and « external »). */
export const accessTiers = ['open', 'public-use', 'licensed', 'on-site', 'none'] as const;
export type AccessTier = (typeof accessTiers)[number];

export const accessTierLabels: Record<AccessTier, Record<Locale, string>> = {
  open: { fr: 'Accès libre', en: 'Open access' },
  'public-use': { fr: 'Usage public (lecteur inscrit, conditions acceptées)', en: 'Public use (registered reader, terms accepted)' },
  licensed: { fr: 'Sous licence (sur demande approuvée)', en: 'Licensed (on an approved request)' },
  'on-site': { fr: 'Consultation sur place uniquement', en: 'On-site consultation only' },
  none: { fr: 'Non diffusé', en: 'Not available' },
};

/** The short name of a tier, for facets and badges. */
export const accessTierShort: Record<AccessTier, Record<Locale, string>> = {
  open: { fr: 'Libre', en: 'Open' },
  'public-use': { fr: 'Usage public', en: 'Public use' },
  licensed: { fr: 'Sous licence', en: 'Licensed' },
  'on-site': { fr: 'Sur place', en: 'On site' },
  none: { fr: 'Non diffusé', en: 'Not available' },
};

export const isAccessTier = (v: string): v is AccessTier => (accessTiers as readonly string[]).includes(v);

/** The kinds of data a survey holds (the catalogue's « type de données » facet). */
export const dataKinds = ['enquete', 'recensement', 'administratif'] as const;
export type DataKind = (typeof dataKinds)[number];
export const dataKindLabels: Record<DataKind, Record<Locale, string>> = {
  enquete: { fr: 'Enquête par sondage', en: 'Sample survey' },
  recensement: { fr: 'Recensement', en: 'Census' },
  administratif: { fr: 'Données administratives', en: 'Administrative data' },
};
export const isDataKind = (v: string): v is DataKind => (dataKinds as readonly string[]).includes(v);

/** A person or body named by the study (author, producer, funder). */
export type Agent = { name: string; abbr?: string; affiliation?: string; role?: string };

/** A data file as DDI describes it (`fileDscr`). */
export type StudyFile = {
  /** `fileDscr/@ID`: how variables point to it. */
  id: string;
  name: string;
  contents: string;
  records: number | null;
  variables: number | null;
  format: string;
};

/** A related material named by the DDI (`othrStdyMat/relMat`), kept as the DDI says it. */
export type RelatedMaterial = { title: string; uri: string };

/** The study description (`stdyDscr`) as the catalogue keeps it. Free texts are plain text. */
export type Study = {
  title: string;
  altTitle: string;
  /** `IDNo`: the survey's identifier at the institute (`SEN-EHCVM-2024`). */
  idno: string;
  authors: Agent[];
  producers: Agent[];
  funders: Agent[];
  distributor: string;
  series: string;
  version: string;
  abstract: string;
  keywords: string[];
  topics: string[];
  nations: string[];
  geogCover: string;
  geogUnit: string;
  analysisUnit: string;
  universe: string;
  /** Periods covered and collection dates: ISO dates or years as the DDI gives them. */
  timePeriods: { start: string; end: string };
  collectionDates: { start: string; end: string };
  dataKindText: string;
  sampling: string;
  collectionMode: string;
  responseRate: string;
  weighting: string;
  accessConditions: string;
  restrictions: string;
  citation: string;
  files: StudyFile[];
  related: RelatedMaterial[];
};

export const emptyStudy = (): Study => ({
  title: '',
  altTitle: '',
  idno: '',
  authors: [],
  producers: [],
  funders: [],
  distributor: '',
  series: '',
  version: '',
  abstract: '',
  keywords: [],
  topics: [],
  nations: [],
  geogCover: '',
  geogUnit: '',
  analysisUnit: '',
  universe: '',
  timePeriods: { start: '', end: '' },
  collectionDates: { start: '', end: '' },
  dataKindText: '',
  sampling: '',
  collectionMode: '',
  responseRate: '',
  weighting: '',
  accessConditions: '',
  restrictions: '',
  citation: '',
  files: [],
  related: [],
});

/** A category of a variable (`catgry`): its code, label, frequency (`catStat type="freq"`), whether it marks a missing value. */
export type VariableCategory = { value: string; label: string; freq: number | null; missing: boolean };

/** Summary statistics (`sumStat`) by DDI type: vald, invd, min, max, mean, medn, stdev… */
export type VariableStats = Partial<Record<string, number>>;

/** A variable (`var`). */
export type Variable = {
  name: string;
  ddiId: string;
  fileId: string;
  label: string;
  question: string;
  universe: string;
  notes: string;
  concept: string;
  interval: string;
  valueType: string;
  decimals: number | null;
  categories: VariableCategory[];
  stats: VariableStats;
};

/** A variable's own fields, from anything that has them (a stored row, a parsed codebook's variable). */
export const variableFields = (v: Variable): Variable => ({
  name: v.name,
  ddiId: v.ddiId,
  fileId: v.fileId,
  label: v.label,
  question: v.question,
  universe: v.universe,
  notes: v.notes,
  concept: v.concept,
  interval: v.interval,
  valueType: v.valueType,
  decimals: v.decimals,
  categories: v.categories,
  stats: v.stats,
});

/** What a DDI file holds, as the parser reads it. */
export type Codebook = { study: Study; variables: Variable[] };

/** The study fields that have an English text (`surveys.study_en`). */
export const translatableStudyFields = [
  'title',
  'abstract',
  'universe',
  'sampling',
  'collectionMode',
  'weighting',
  'accessConditions',
  'citation',
] as const;
export type TranslatableStudyField = (typeof translatableStudyFields)[number];

/** The year a survey is filed under: its collection's start, else its period's start. */
export function studyYear(study: Study): number | null {
  const source = study.collectionDates.start || study.timePeriods.start || study.collectionDates.end || study.timePeriods.end;
  const m = /^(\d{4})/.exec(source);
  return m ? Number(m[1]) : null;
}

/** French names of the DDI summary statistics shown on a variable page. */
export const statLabels: Record<string, Record<Locale, string>> = {
  vald: { fr: 'Observations valides', en: 'Valid cases' },
  invd: { fr: 'Observations non valides', en: 'Invalid cases' },
  min: { fr: 'Minimum', en: 'Minimum' },
  max: { fr: 'Maximum', en: 'Maximum' },
  mean: { fr: 'Moyenne', en: 'Mean' },
  medn: { fr: 'Médiane', en: 'Median' },
  mode: { fr: 'Mode', en: 'Mode' },
  stdev: { fr: 'Écart type', en: 'Standard deviation' },
};
