/**
 * What a published table is in SDMX terms (pure, no I/O): one dataflow `DF_{CODE}` of the agency
 * `INSSTAT`, its data structure `DSD_{CODE}`, its concept scheme `CS_{CODE}` and one codelist per
 * dimension (`CL_{CODE}_{DIM}`), all version 1.0 and not final (a new version of the table may add
 * codes: the structure follows the published version, as the pages do). The key is the table's
 * dimensions other than time, in the table's order, then `MEASURE` (the table's measures); time is
 * `TIME_PERIOD`, the value `OBS_VALUE`; the attributes are those the model has: `OBS_STATUS` per
 * observation, `UNIT_MEASURE`, `UNIT_MULT` and `DECIMALS` per measure. Names in French and English.
 */
import { env } from '@/lib/env';
import type { TableView } from '@/lib/tables/queries';
import { cellStatusCodes, cellStatusLabels, type Labels } from '@/lib/tables/model';
import { measureDimension } from '@/lib/tables/read/formats';
import { unitCodes, unitMultiplierLabels, unitMultipliers } from '@/lib/tables/units';
import { agency } from '@/lib/series/api';

/** The maintenance agency of every artefact (the one the SDMX-CSV files already name). */
export const sdmxAgency = agency.id;
/** The version of every artefact. */
export const sdmxVersion = '1.0';
export const timeDimension = 'TIME_PERIOD';
export const primaryMeasure = 'OBS_VALUE';

export const flowId = (code: string) => `DF_${code}`;
export const dsdId = (code: string) => `DSD_${code}`;
export const conceptSchemeId = (code: string) => `CS_${code}`;
export const codelistId = (code: string, dimension: string) => `CL_${code}_${dimension}`;
/** The table code of a dataflow id (`DF_POP` → `POP`), or null. */
export const tableCodeOf = (id: string): string | null => (/^DF_[A-Z][A-Z0-9_]{1,59}$/.test(id) ? id.slice(3) : null);

/** The artefact types served, as the REST resources name them. */
export const structureTypes = ['dataflow', 'datastructure', 'codelist', 'conceptscheme'] as const;
export type StructureType = (typeof structureTypes)[number];

export type Item = { id: string; name: Labels; description?: Labels };
export type Codelist = { type: 'codelist'; id: string; name: Labels; items: Item[] };
export type ConceptScheme = { type: 'conceptscheme'; id: string; name: Labels; items: Item[] };

/** A key dimension: its id, concept, codelist, and where its values come from in the table. */
export type KeyDimension = {
  id: string;
  name: Labels;
  codelist: string;
  source: { kind: 'dimension'; index: number } | { kind: 'measure' };
};

export type AttributeDef = {
  id: string;
  name: Labels;
  /** `observation`: OBS_STATUS; `measure`: depends on the MEASURE dimension only. */
  level: 'observation' | 'measure';
  codelist?: string;
  mandatory: boolean;
};

/** A table as a dataflow and its structure. */
export type Flow = {
  table: TableView;
  id: string;
  dsd: string;
  conceptScheme: string;
  name: Labels;
  description?: Labels;
  dimensions: KeyDimension[];
  /** The table's time dimension: its index among the table's dimensions, its periods in order. */
  time: { index: number; name: Labels; periods: string[] };
  attributes: AttributeDef[];
  /** The flow's own codelists (one per key dimension). */
  codelists: Codelist[];
  concepts: ConceptScheme;
};

/** Codelists every structure refers to: statuses, units, multipliers. */
export const sharedCodelists: Codelist[] = [
  {
    type: 'codelist',
    id: 'CL_OBS_STATUS',
    name: { fr: 'Statut de l’observation', en: 'Observation status' },
    items: cellStatusCodes.map((c) => ({ id: c, name: { fr: cellStatusLabels.fr[c], en: cellStatusLabels.en[c] } })),
  },
  {
    type: 'codelist',
    id: 'CL_UNIT',
    name: { fr: 'Unité de mesure', en: 'Unit of measure' },
    items: Object.entries(unitCodes).map(([id, name]) => ({ id, name })),
  },
  {
    type: 'codelist',
    id: 'CL_UNIT_MULT',
    name: { fr: 'Multiplicateur d’unité', en: 'Unit multiplier' },
    items: unitMultipliers.map((m) => ({ id: String(m), name: unitMultiplierLabels[m] })),
  },
];

const attributes: AttributeDef[] = [
  {
    id: 'OBS_STATUS',
    name: { fr: 'Statut de l’observation', en: 'Observation status' },
    level: 'observation',
    codelist: 'CL_OBS_STATUS',
    mandatory: true,
  },
  { id: 'UNIT_MEASURE', name: { fr: 'Unité de mesure', en: 'Unit of measure' }, level: 'measure', codelist: 'CL_UNIT', mandatory: true },
  {
    id: 'UNIT_MULT',
    name: { fr: 'Multiplicateur d’unité', en: 'Unit multiplier' },
    level: 'measure',
    codelist: 'CL_UNIT_MULT',
    mandatory: true,
  },
  { id: 'DECIMALS', name: { fr: 'Nombre de décimales', en: 'Decimals' }, level: 'measure', mandatory: true },
];

const both = (fr: string, en: string | undefined): Labels => (en && en !== fr ? { fr, en } : { fr });
const filled = (l: Labels | undefined) => (l && l.fr.trim() !== '' ? l : undefined);

/** The dataflow of a table (a view in any language: names are taken in both from its stored texts). */
export function flowOf(table: TableView): Flow {
  const { code, structure, row } = table;
  const en = row.translations.en ?? {};
  const timeIndex = structure.dimensions.findIndex((d) => d.role === 'time');
  const measureId = measureDimension(table);
  const dimensions: KeyDimension[] = structure.dimensions.flatMap((d, index) =>
    d.role === 'time'
      ? []
      : [{ id: d.code, name: d.label, codelist: codelistId(code, d.code), source: { kind: 'dimension' as const, index } }],
  );
  dimensions.push({
    id: measureId,
    name: { fr: 'Mesure', en: 'Measure' },
    codelist: codelistId(code, measureId),
    source: { kind: 'measure' },
  });
  const codelists: Codelist[] = dimensions.map((k) => ({
    type: 'codelist',
    id: k.codelist,
    name: k.name,
    items:
      k.source.kind === 'measure'
        ? structure.measures.map((m) => ({ id: m.code, name: m.label }))
        : structure.dimensions[k.source.index]!.values.map((v) => ({ id: v.code, name: v.label, description: filled(v.note) })),
  }));
  const time = structure.dimensions[timeIndex]!;
  return {
    table,
    id: flowId(code),
    dsd: dsdId(code),
    conceptScheme: conceptSchemeId(code),
    name: both(row.title, en.title),
    description: row.description.trim() ? both(row.description, en.description) : undefined,
    dimensions,
    time: { index: timeIndex, name: time.label, periods: time.values.map((v) => v.code) },
    attributes,
    codelists,
    concepts: {
      type: 'conceptscheme',
      id: conceptSchemeId(code),
      name: { fr: `Concepts du tableau ${code}`, en: `Concepts of table ${code}` },
      items: [
        ...dimensions.map((k) => ({ id: k.id, name: k.name })),
        { id: timeDimension, name: time.label },
        { id: primaryMeasure, name: { fr: 'Valeur de l’observation', en: 'Observation value' } },
        ...attributes.map((a) => ({ id: a.id, name: a.name })),
      ],
    },
  };
}

/** The institute as the sender of the messages. */
export const sender = { id: sdmxAgency, name: { fr: 'Institut national de la statistique', en: 'National Institute of Statistics' } };

/** The service's own address (`{SITE_URL}/sdmx/rest`). */
export const serviceUrl = () => `${env.SITE_URL.replace(/\/$/, '')}/sdmx/rest`;

/** The URN of an artefact, as SDMX 2.1 writes them. */
export function urnOf(type: StructureType, id: string): string {
  const klass = {
    dataflow: 'datastructure.Dataflow',
    datastructure: 'datastructure.DataStructure',
    codelist: 'codelist.Codelist',
    conceptscheme: 'conceptscheme.ConceptScheme',
  }[type];
  return `urn:sdmx:org.sdmx.infomodel.${klass}=${sdmxAgency}:${id}(${sdmxVersion})`;
}
