/**
 * Reading an SDMX 2.1 REST address (pure): the path after `/sdmx/rest` and its query parameters,
 * as the specification writes them (sdmx-rest v2_1 `ws/rest/docs/4_3` structures, `4_4` data,
 * `4_6_1` availability). A path or a parameter that does not follow it is a syntax error (140);
 * what it names is checked against the tables later (./service.ts).
 */
import { structureTypes, type StructureType } from './model';
import { SdmxError } from './errors';

export const referencesValues = ['none', 'parents', 'parentsandsiblings', 'children', 'descendants', 'all', ...structureTypes] as const;
export type References = (typeof referencesValues)[number];
export const structureDetails = ['full', 'allstubs', 'referencestubs'] as const;
export type StructureDetail = (typeof structureDetails)[number];
export const dataDetails = ['full', 'dataonly', 'serieskeysonly', 'nodata'] as const;
export type DataDetail = (typeof dataDetails)[number];

/** Structural resources of SDMX 2.1 this service does not hold (answered 501, not 404: they exist in the standard). */
const otherStructures = new Set([
  'structure',
  'metadatastructure',
  'categoryscheme',
  'categorisation',
  'hierarchicalcodelist',
  'agencyscheme',
  'dataproviderscheme',
  'dataconsumerscheme',
  'organisationunitscheme',
  'organisationscheme',
  'contentconstraint',
  'attachmentconstraint',
  'actualconstraint',
  'allowedconstraint',
  'metadataflow',
  'provisionagreement',
  'structureset',
  'process',
  'reportingtaxonomy',
  'transformationscheme',
  'rulesetscheme',
  'userdefinedoperatorscheme',
  'customtypescheme',
  'namepersonalisationscheme',
  'vtlmappingscheme',
  'schema',
  'metadata',
]);

/** `all`, or the ids listed (`A+B`). */
export type Ids = 'all' | string[];

export type StructureQuery = {
  kind: 'structure';
  type: StructureType;
  agencies: Ids;
  ids: Ids;
  /** `latest` is the only version each artefact has, so it is `all` here. */
  versions: Ids;
  /** The items of an item scheme asked for (codelist, concept scheme), `all` for all. */
  items: Ids;
  references: References;
  detail: StructureDetail;
};

export type FlowRef = { agency: string | null; id: string; version: string | null };

export type DataQuery = {
  kind: 'data';
  flow: FlowRef;
  /** Per key position, the codes asked (an empty list: every code); null: `all`. */
  key: string[][] | null;
  provider: string | null;
  startPeriod?: string;
  endPeriod?: string;
  firstNObservations?: number;
  lastNObservations?: number;
  updatedAfter?: Date;
  /** `TIME_PERIOD` by default, `AllDimensions`, or a dimension's id. */
  dimensionAtObservation: string;
  detail: DataDetail;
};

export type AvailabilityQuery = {
  kind: 'availability';
  flow: FlowRef;
  key: string[][] | null;
  provider: string | null;
  /** The component whose values are asked, or null (all). */
  component: string | null;
  mode: 'exact' | 'available';
  references: 'none' | 'all' | 'datastructure' | 'codelist' | 'conceptscheme' | 'dataflow';
  startPeriod?: string;
  endPeriod?: string;
};

export type SdmxQuery = StructureQuery | DataQuery | AvailabilityQuery;

const idPattern = /^[A-Za-z0-9_@$-]{1,100}$/;
const versionPattern = /^(all|latest|\d+(\.\d+){0,2})$/;
const codePattern = /^[A-Za-z0-9_@$\-–]{1,60}$/;
/** SDMX periods: a year, half, quarter, month, or a day (`2026-10-15`); also `2026-A1`, `2026-M10`. */
const periodPattern = /^\d{4}(-(S[12]|Q[1-4]|A1|M(0[1-9]|1[0-2])|0[1-9]|1[0-2])|-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]))?$/;
const isoInstant = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

const syntax = (fr: string) => new SdmxError(140, fr);

function ids(segment: string | undefined, what: string, pattern = idPattern): Ids {
  if (segment === undefined || segment === '' || segment === 'all' || segment === '*') return 'all';
  const list = segment.split('+');
  const bad = list.find((v) => !pattern.test(v));
  if (bad !== undefined) throw syntax(`${what} illisible : « ${bad.slice(0, 60)} ».`);
  return list;
}

function versions(segment: string | undefined): Ids {
  if (segment === undefined || segment === '' || segment === 'all' || segment === 'latest' || segment === '*' || segment === '~')
    return 'all';
  const list = segment.split('+');
  const bad = list.find((v) => !versionPattern.test(v));
  if (bad !== undefined) throw syntax(`Version illisible : « ${bad.slice(0, 60)} » (all, latest ou 1.0).`);
  return list.includes('all') || list.includes('latest') ? 'all' : list;
}

/** `DF_POP`, `INSSTAT,DF_POP`, `INSSTAT,DF_POP,1.0` (`latest`, `all` for the version). */
export function parseFlowRef(segment: string): FlowRef {
  const parts = segment.split(',');
  if (parts.length > 3 || parts.some((p) => p === '' && parts.length > 1))
    throw syntax(`Référence de flux illisible : « ${segment.slice(0, 100)} ».`);
  const [a, b, c] = parts.length === 1 ? [null, parts[0]!, null] : [parts[0]!, parts[1]!, parts[2] ?? null];
  if (!idPattern.test(b)) throw syntax(`Référence de flux illisible : « ${segment.slice(0, 100)} ».`);
  if (a !== null && a !== 'all' && !idPattern.test(a)) throw syntax(`Agence illisible : « ${a.slice(0, 60)} ».`);
  if (c !== null && !versionPattern.test(c)) throw syntax(`Version illisible : « ${c.slice(0, 60)} » (all, latest ou 1.0).`);
  return { agency: a === 'all' ? null : a, id: b, version: c === 'all' || c === 'latest' ? null : c };
}

/** A key: positions separated by `.`, codes in a position by `+`, an empty position for all; `all` for everything. */
export function parseDataKey(segment: string | undefined): string[][] | null {
  if (segment === undefined || segment === '' || segment === 'all' || segment === '*') return null;
  if (segment.length > 4000) throw syntax('La clé est trop longue (4 000 caractères au plus).');
  return segment.split('.').map((part, i) => {
    if (part === '' || part === '*') return [];
    const codes = part.split('+');
    const bad = codes.find((c) => !codePattern.test(c));
    if (bad !== undefined)
      throw syntax(
        bad === ''
          ? `Clé illisible en position ${i + 1} : une valeur vide (un « + » de trop).`
          : `Clé illisible en position ${i + 1} : « ${bad.slice(0, 60)} » n’est pas un code.`,
      );
    return codes;
  });
}

function provider(segment: string | undefined): string | null {
  if (segment === undefined || segment === '' || segment === 'all' || segment === '*') return null;
  const parts = segment.split(',');
  if (parts.length > 2 || parts.some((p) => !idPattern.test(p))) throw syntax(`Fournisseur illisible : « ${segment.slice(0, 100)} ».`);
  return parts.at(-1)!;
}

/** Query parameters: each known one at most once, unknown ones refused (a typo must not pass unnoticed). */
function params(url: URL, allowed: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of url.searchParams) {
    if (!allowed.includes(key)) throw syntax(`Paramètre inconnu : ${key.slice(0, 60)}. Paramètres admis ici : ${allowed.join(', ')}.`);
    if (key in out) throw syntax(`Paramètre répété : ${key}.`);
    out[key] = value;
  }
  return out;
}

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], name: string, fallback: T): T {
  if (value === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(value))
    throw syntax(`${name} : « ${value.slice(0, 60)} » inconnu. Valeurs admises : ${allowed.join(', ')}.`);
  return value as T;
}

function period(value: string | undefined, name: string): string | undefined {
  if (value === undefined) return undefined;
  if (!periodPattern.test(value)) throw syntax(`${name} : période SDMX attendue (2026, 2026-S2, 2026-Q3, 2026-10 ou 2026-10-15).`);
  return value;
}

function count(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{1,9}$/.test(value) || Number(value) < 1) throw syntax(`${name} : un nombre entier positif.`);
  return Number(value);
}

function instant(value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  // `+` in a query string reads as a space: `2026-01-01T00:00:00+01:00` unencoded arrives so.
  const v = value.replace(' ', '+');
  const t = Date.parse(v);
  if (!isoInstant.test(v) || Number.isNaN(t)) throw syntax('updatedAfter : une date ISO 8601 (2026-11-12 ou 2026-11-12T08:45:00Z).');
  return new Date(t);
}

/**
 * The query of an address under `/sdmx/rest`: `segments` are the path's parts after it (a
 * trailing slash gives none more). Throws an `SdmxError` (140 syntax, 501 not implemented).
 */
export function parseSdmxQuery(segments: readonly string[], url: URL): SdmxQuery {
  const parts = segments.at(-1) === '' ? segments.slice(0, -1) : [...segments];
  const [resource, ...rest] = parts;
  if (resource === undefined || resource === '')
    throw syntax('Ressource attendue : dataflow, datastructure, codelist, conceptscheme, data ou availableconstraint.');
  if (parts.some((p, i) => p === '' && i > 0 && resource !== 'data' && resource !== 'availableconstraint'))
    throw syntax('Chemin illisible : une partie vide entre deux « / ».');
  if ((structureTypes as readonly string[]).includes(resource)) {
    if (rest.length > 4) throw syntax(`Chemin trop long : ${resource}/{agence}/{identifiant}/{version}/{élément} au plus.`);
    const [agencies, id, version, item] = rest;
    if (item !== undefined && item !== 'all' && resource !== 'codelist' && resource !== 'conceptscheme')
      throw syntax(`Un élément ne se demande que dans une liste de codes ou un schéma de concepts, pas dans ${resource}.`);
    const q = params(url, ['references', 'detail']);
    return {
      kind: 'structure',
      type: resource as StructureType,
      agencies: ids(agencies, 'Agence'),
      ids: ids(id, 'Identifiant'),
      versions: versions(version),
      items: ids(item, 'Élément', codePattern),
      references: oneOf(q.references, referencesValues, 'references', 'none'),
      // Every codelist holds exactly the codes its table uses: the partial one is the full one.
      detail: ((d) => (d === 'referencepartial' ? 'full' : d))(
        oneOf(q.detail, [...structureDetails, 'referencepartial'] as const, 'detail', 'full'),
      ),
    };
  }
  if (resource === 'data') {
    const [flow, key, prov, ...more] = rest;
    if (flow === undefined || flow === '') throw syntax('Flux attendu : data/{flux}/{clé}/{fournisseur}.');
    if (more.length > 0) throw syntax('Chemin trop long : data/{flux}/{clé}/{fournisseur} au plus.');
    const q = params(url, [
      'startPeriod',
      'endPeriod',
      'firstNObservations',
      'lastNObservations',
      'updatedAfter',
      'dimensionAtObservation',
      'detail',
      'includeHistory',
    ]);
    if (q.includeHistory !== undefined && q.includeHistory !== 'false')
      throw new SdmxError(501, 'includeHistory=true : l’historique des versions n’est pas servi ici (voir asOf dans /api/v1/tables).');
    const at = q.dimensionAtObservation ?? 'TIME_PERIOD';
    if (at !== 'AllDimensions' && !idPattern.test(at))
      throw syntax('dimensionAtObservation : TIME_PERIOD, AllDimensions ou l’identifiant d’une dimension.');
    return {
      kind: 'data',
      flow: parseFlowRef(flow),
      key: parseDataKey(key),
      provider: provider(prov),
      startPeriod: period(q.startPeriod, 'startPeriod'),
      endPeriod: period(q.endPeriod, 'endPeriod'),
      firstNObservations: count(q.firstNObservations, 'firstNObservations'),
      lastNObservations: count(q.lastNObservations, 'lastNObservations'),
      updatedAfter: instant(q.updatedAfter),
      dimensionAtObservation: at,
      detail: oneOf(q.detail, dataDetails, 'detail', 'full'),
    };
  }
  if (resource === 'availableconstraint') {
    const [flow, key, prov, component, ...more] = rest;
    if (flow === undefined || flow === '') throw syntax('Flux attendu : availableconstraint/{flux}/{clé}/{fournisseur}/{composant}.');
    if (more.length > 0) throw syntax('Chemin trop long : availableconstraint/{flux}/{clé}/{fournisseur}/{composant} au plus.');
    const q = params(url, ['mode', 'references', 'startPeriod', 'endPeriod', 'updatedAfter']);
    return {
      kind: 'availability',
      flow: parseFlowRef(flow),
      key: parseDataKey(key),
      provider: provider(prov),
      component: component === undefined || component === '' || component === 'all' ? null : ids(component, 'Composant')[0]!,
      mode: oneOf(q.mode, ['exact', 'available'] as const, 'mode', 'exact'),
      references: oneOf(
        q.references,
        ['none', 'all', 'datastructure', 'codelist', 'conceptscheme', 'dataflow'] as const,
        'references',
        'none',
      ),
      startPeriod: period(q.startPeriod, 'startPeriod'),
      endPeriod: period(q.endPeriod, 'endPeriod'),
    };
  }
  if (otherStructures.has(resource))
    throw new SdmxError(
      501,
      `La ressource ${resource} n’est pas servie : ce service publie dataflow, datastructure, codelist, conceptscheme, data et availableconstraint.`,
    );
  throw syntax(
    `Ressource inconnue : « ${resource.slice(0, 60)} ». Ressources servies : dataflow, datastructure, codelist, conceptscheme, data, availableconstraint.`,
  );
}
