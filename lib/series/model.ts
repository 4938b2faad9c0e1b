/**
 * What a statistical series is, independent of the database: frequencies, periods in SDMX's
 * notation, observation statuses (SDMX OBS_STATUS codes with French labels), and the shapes that
 * imports, downloads, pages and the API exchange. No I/O here: client components may import it.
 * The French labels here are the files', the API's and the back-office's; the public pages take
 * theirs, in the reader's language, from `lib/i18n/messages/series.ts`.
 */
import { z } from 'zod';
import { formatMonth } from '@/lib/i18n/format';
import type { Locale } from '@/lib/i18n/locales';
import { series } from '@/lib/i18n/messages/series';
import type { ChangeKind } from '@/lib/versions/model';

export const frequencies = ['monthly', 'quarterly', 'annual'] as const;
export type Frequency = (typeof frequencies)[number];

/** SDMX FREQ codes. */
export const frequencyCode: Record<Frequency, 'M' | 'Q' | 'A'> = { monthly: 'M', quarterly: 'Q', annual: 'A' };
export const frequencyLabel: Record<Frequency, string> = series.fr.frequency;
export const periodsPerYear: Record<Frequency, number> = { monthly: 12, quarterly: 4, annual: 1 };

/**
 * Observation statuses: SDMX's OBS_STATUS code list (the codes a value can carry here; missing-value
 * codes do not apply, a missing value is simply absent).
 */
export const statusCodes = ['A', 'P', 'E', 'B', 'F', 'I', 'U'] as const;
export type StatusCode = (typeof statusCodes)[number];
/** French labels of the statuses (files, API, back-office): the public catalogue's. */
export const statusLabel: Record<StatusCode, string> = series.fr.status;
/** The marker shown next to a value on screen (a definitive value has none). */
export const statusMarker: Record<StatusCode, string> = { A: '', P: 'p', E: 'e', B: 'b', F: 'f', I: 'i', U: 'u' };
export const isStatusCode = (value: string): value is StatusCode => (statusCodes as readonly string[]).includes(value);

/**
 * A period in SDMX notation: `2026-10` (month), `2026-Q3` (quarter), `2026` (year). Stored as the
 * first day of the period (`2026-10-01`, `2026-07-01`, `2026-01-01`).
 */
export type Period = string;

const monthly = /^(\d{4})-(0[1-9]|1[0-2])$/;
const quarterly = /^(\d{4})-Q([1-4])$/;
const annual = /^(\d{4})$/;

/** The period's first day (`YYYY-MM-DD`), or null when `period` is not a period of `frequency`. */
export function periodStart(period: string, frequency: Frequency): string | null {
  const p = period.trim();
  if (frequency === 'monthly') {
    const m = monthly.exec(p);
    return m ? `${m[1]}-${m[2]}-01` : null;
  }
  if (frequency === 'quarterly') {
    const m = quarterly.exec(p);
    return m ? `${m[1]}-${String((Number(m[2]) - 1) * 3 + 1).padStart(2, '0')}-01` : null;
  }
  const m = annual.exec(p);
  return m ? `${m[1]}-01-01` : null;
}

/** The SDMX period of a first day (`2026-07-01` → `2026-Q3` for a quarterly series). */
export function periodOf(start: string, frequency: Frequency): Period {
  const year = start.slice(0, 4);
  const month = Number(start.slice(5, 7));
  if (frequency === 'monthly') return `${year}-${String(month).padStart(2, '0')}`;
  if (frequency === 'quarterly') return `${year}-Q${Math.floor((month - 1) / 3) + 1}`;
  return year;
}

const quarterLabel: Readonly<Record<Locale, (q: number, year: string) => string>> = {
  fr: (q, year) => `${q === 1 ? '1er' : `${q}e`} trimestre ${year}`,
  en: (q, year) => `Q${q} ${year}`,
};
/**
 * « octobre 2026 », « 3e trimestre 2026 », « 2026 » from a first day; in English (`en`, for the
 * public pages) « October 2026 », « Q3 2026 », « 2026 ». French by default (back-office, files).
 */
export function periodLabel(start: string, frequency: Frequency, locale: Locale = 'fr'): string {
  if (frequency === 'monthly') return formatMonth(start, locale);
  if (frequency === 'quarterly') return quarterLabel[locale](Math.floor((Number(start.slice(5, 7)) - 1) / 3) + 1, start.slice(0, 4));
  return start.slice(0, 4);
}

/** One value of a series. `period` is the first day of the period (`YYYY-MM-DD`). */
export type Observation = { period: string; value: number; status: StatusCode };

/** A series' descriptive metadata, as the back-office edits it and files carry it. */
export const seriesMetaSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(
      /^[A-Z][A-Z0-9_]{1,39}$/,
      'Le code : 2 à 40 caractères, lettres majuscules sans accent, chiffres et _, en commençant par une lettre.',
    ),
  label: z.string().trim().min(3, 'Le titre doit compter au moins 3 caractères.').max(200, 'Le titre : 200 caractères au plus.'),
  unit: z.string().trim().min(1, 'Indiquez l’unité (par exemple « indice »).').max(60),
  basePeriod: z.string().trim().max(60).default(''),
  frequency: z.enum(frequencies, { error: 'Choisissez une fréquence : mensuelle, trimestrielle ou annuelle.' }),
  decimals: z.coerce.number().int('Nombre entier de décimales.').min(0, 'Entre 0 et 4 décimales.').max(4, 'Entre 0 et 4 décimales.'),
  seasonalAdjustment: z.enum(['none', 'sa', 'sca'], { error: 'Choisissez la correction saisonnière.' }),
  source: z.string().trim().max(300).default(''),
  methodology: z.string().trim().max(5000).default(''),
  area: z.string().trim().min(1, 'Choisissez la rubrique de la série.'),
  headline: z.coerce.boolean().default(false),
  /** Its IMF indicator code on the National Summary Data Page (lib/nsdp), or null. */
  imfIndicator: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^([A-Z][A-Z0-9_]{1,39})?$/, 'Le code FMI : lettres majuscules, chiffres et _ (par exemple PCPI_IX), ou vide.')
    .optional()
    .transform((v) => v || null),
});
export type SeriesMeta = z.infer<typeof seriesMetaSchema>;

export const seasonalAdjustmentLabel: Record<SeriesMeta['seasonalAdjustment'], string> = {
  none: 'données brutes',
  sa: 'corrigées des variations saisonnières (CVS)',
  sca: 'corrigées des variations saisonnières et des jours ouvrables (CVS-CJO)',
};

/** Why a version was published: every versioned kind's (lib/versions/model.ts). */
export { changeKindLabel, changeKinds, type ChangeKind } from '@/lib/versions/model';

/** One published (or, in the back-office, scheduled) version of a series. */
export type SeriesVersion = {
  /** 1, 2, 3… per series. */
  number: number;
  /** When it went (or goes) online: ISO 8601 with time zone. */
  publishedAt: string;
  kind: ChangeKind;
  /** Why: « Révision annuelle des pondérations », « Correction d’une erreur de saisie… ». */
  reason: string;
};

/** A series as a page, a file or the API shows it: metadata, the version shown and its values. */
export type SeriesData = {
  meta: SeriesMeta;
  /** The version these values belong to (the latest one at `asOf`, or now). */
  version: SeriesVersion;
  /** Oldest first. */
  observations: Observation[];
};
