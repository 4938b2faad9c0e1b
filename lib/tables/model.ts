/**
 * What a table with dimensions is, independent of the database (issue 27): its dimensions (one of
 * them time) with their values in order, its measures, the statuses a cell carries, and the shapes
 * that imports, pages, downloads and the API exchange. No I/O here: client components may import it.
 *
 * Cells are addressed row-major: the dimensions in their order, then the measures, the last index
 * moving fastest (JSON-stat's order, and PX's for a table whose STUB then HEADING list the
 * dimensions in that order). A cell's index is Σ index_d × stride_d (`strides`).
 */
import { z } from 'zod';
import type { Locale } from '@/lib/i18n/locales';
import { statusCodes, statusLabel } from '@/lib/series/model';
import type { ChangeKind } from '@/lib/versions/model';

/** A text in French, and in English when it was given (the English pages show the French otherwise). */
export type Labels = { fr: string; en?: string };

/** The text of `labels` in `lang`, French when it has no English. */
export const labelIn = (labels: Labels | undefined, lang: Locale): string => (lang === 'en' && labels?.en ? labels.en : (labels?.fr ?? ''));

/** One value of a dimension: `F` « Femmes » / « Women », with its optional note. */
export type DimensionValue = { code: string; label: Labels; note?: Labels };

/** `time` for the one dimension that is time (its codes are SDMX periods: `2026`, `2026-Q3`, `2026-10`); `plain` otherwise. */
export const dimensionRoles = ['time', 'plain'] as const;
export type DimensionRole = (typeof dimensionRoles)[number];

export type Dimension = { code: string; label: Labels; role: DimensionRole; note?: Labels; values: DimensionValue[] };

/**
 * What a cell measures: its unit (the label the page prints, then as codes for machines: SDMX
 * CL_UNIT `unitCode`, CL_UNIT_MULT `unitMult`, see ./units.ts) and the decimals shown. Usually one
 * per table. Structures stored before the codes existed were given them by the migration 0023.
 */
export type Measure = { code: string; label: Labels; unit: Labels; unitCode?: string; unitMult?: number; decimals: number };

/** The shape of one version of a table: stored with the version, as immutable as its cells. */
export type TableStructure = {
  dimensions: Dimension[];
  measures: Measure[];
  /** Notes the file carried on the whole table (PX `NOTE`), beside the table's own notes. */
  notes?: Labels;
};

/** Notes on single cells, by cell index (sparse). */
export type CellNotes = Record<string, Labels>;

/**
 * The cells of a version to write: its structure, its row-major values (NaN for a missing one),
 * one status byte per cell (the index in `cellStatusCodes`), sparse cell notes.
 */
export type TablePayload = { structure: TableStructure; values: Float64Array; statuses: Uint8Array; notes: CellNotes };

/**
 * A cell's status: the series' SDMX OBS_STATUS codes (lib/series/model.ts), plus the two a table
 * needs for a missing value: `O` « valeur manquante » (PX `..`, `...`, an empty cell) and `M`
 * « néant » (PX `-`: nothing to measure). Stored as one byte, the code's index here (0 = `A`).
 */
export const cellStatusCodes = [...statusCodes, 'O', 'M'] as const;
export type CellStatus = (typeof cellStatusCodes)[number];
export const isCellStatus = (value: string): value is CellStatus => (cellStatusCodes as readonly string[]).includes(value);
/** Whether the status is one of a missing value (its value is null). */
export const isMissingStatus = (s: CellStatus) => s === 'O' || s === 'M';

export const cellStatusLabels: Readonly<Record<Locale, Record<CellStatus, string>>> = {
  fr: { ...statusLabel, O: 'valeur manquante', M: 'néant' },
  en: {
    A: 'final',
    P: 'provisional',
    E: 'estimated',
    B: 'break in series',
    F: 'forecast',
    I: 'imputed',
    U: 'low reliability',
    O: 'missing value',
    M: 'nil',
  },
};
/** The mark printed beside a value (« 12,3 p »), or in place of a missing one. */
export const cellStatusMarker: Record<CellStatus, string> = { A: '', P: 'p', E: 'e', B: 'b', F: 'f', I: 'i', U: 'u', O: '..', M: '-' };

/** Number of cells of a structure: the product of the dimensions' sizes and the number of measures. */
export function cellCountOf(structure: TableStructure): number {
  return structure.dimensions.reduce((n, d) => n * d.values.length, 1) * structure.measures.length;
}

/** The strides of the row-major layout: dimensions in order, then measures (stride 1). */
export function strides(structure: TableStructure): number[] {
  const sizes = [...structure.dimensions.map((d) => d.values.length), structure.measures.length];
  const out = new Array<number>(sizes.length).fill(1);
  for (let i = sizes.length - 2; i >= 0; i--) out[i] = out[i + 1]! * sizes[i + 1]!;
  return out;
}

/** Why a structure cannot hold cells (French), or null: each rule a file or a form could break. */
export function structureRefusal(structure: TableStructure): string | null {
  if (structure.dimensions.length === 0) return 'Le tableau n’a aucune dimension.';
  if (structure.measures.length === 0) return 'Le tableau n’a aucune mesure.';
  const seen = new Set<string>();
  for (const d of structure.dimensions) {
    if (!codePattern.test(d.code)) return `Code de dimension invalide : « ${d.code} » (lettres, chiffres, _ et -, 1 à 40 caractères).`;
    if (seen.has(d.code)) return `La dimension « ${d.code} » apparaît deux fois.`;
    seen.add(d.code);
    if (d.values.length === 0) return `La dimension « ${d.code} » n’a aucune valeur.`;
    const values = new Set<string>();
    for (const v of d.values) {
      if (v.code === '' || v.code.length > 60) return `Dimension « ${d.code} » : code de valeur vide ou trop long (« ${v.code} »).`;
      if (values.has(v.code)) return `Dimension « ${d.code} » : la valeur « ${v.code} » apparaît deux fois.`;
      values.add(v.code);
    }
  }
  const times = structure.dimensions.filter((d) => d.role === 'time');
  if (times.length !== 1) {
    return times.length === 0
      ? 'Aucune dimension n’est le temps : une dimension (années, mois…) doit l’être.'
      : `Une seule dimension peut être le temps (ici : ${times.map((d) => d.code).join(', ')}).`;
  }
  const badPeriod = times[0]!.values.find((v) => !periodPattern.test(v.code));
  if (badPeriod) {
    return `Période invalide dans « ${times[0]!.code} » : « ${badPeriod.code} » (attendu 2026, 2026-Q3, 2026-S2 ou 2026-10).`;
  }
  for (const m of structure.measures) {
    if (!Number.isInteger(m.decimals) || m.decimals < 0 || m.decimals > 6) return `Mesure « ${m.code} » : entre 0 et 6 décimales.`;
  }
  if (cellCountOf(structure) > maxCells) {
    return `Le tableau compterait ${cellCountOf(structure).toLocaleString('fr-FR')} cellules : ${maxCells.toLocaleString('fr-FR')} au plus.`;
  }
  return null;
}

/** Codes of dimensions and measures: they are the API's key positions and the URL's parameters. */
export const codePattern = /^[A-Za-z][A-Za-z0-9_-]{0,39}$/;
/** A time value's code: an SDMX period (year, half, quarter, month). */
export const periodPattern = /^\d{4}(-Q[1-4]|-S[12]|-(0[1-9]|1[0-2]))?$/;
/** The most cells a table may have (a version's cells are one array in memory: 8 bytes each). */
export const maxCells = 20_000_000;

/** Why a version was published: the series' kinds (a scheduled revision, or a correction with its reason). */
export type { ChangeKind };

/** A table's descriptive metadata, as the back-office edits it (French; English in `translations`). */
export const tableMetaSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(
      /^[A-Z][A-Z0-9_]{1,59}$/,
      'Le code : 2 à 60 caractères, lettres majuscules sans accent, chiffres et _, en commençant par une lettre.',
    ),
  area: z.string().trim().min(1, 'Choisissez la rubrique du tableau.'),
  title: z.string().trim().min(3, 'Le titre doit compter au moins 3 caractères.').max(300, 'Le titre : 300 caractères au plus.'),
  description: z.string().trim().max(2000, 'La description : 2 000 caractères au plus.').default(''),
  source: z.string().trim().max(300, 'La source : 300 caractères au plus.').default(''),
  method: z.string().trim().max(5000, 'La méthode : 5 000 caractères au plus.').default(''),
  notes: z.string().trim().max(5000, 'Les notes : 5 000 caractères au plus.').default(''),
});
export type TableMeta = z.infer<typeof tableMetaSchema>;

/** Where a table stands: no version yet, a version waiting for review or its time, or public. */
export const tableStates = ['draft', 'review', 'published'] as const;
export type TableState = (typeof tableStates)[number];
export const tableStateLabel: Record<TableState, string> = { draft: 'Brouillon', review: 'En relecture', published: 'Publié' };

/** One version of a table, as pages and the API show it. */
export type TableVersion = {
  /** 1, 2, 3… per table. */
  number: number;
  /** When it went (or goes) online: ISO 8601 with time zone. */
  publishedAt: string;
  kind: ChangeKind;
  reason: string;
};
