/**
 * The six statistical series of the index areas, eleven years each up to the month before `now`,
 * generated from a trend, a seasonal profile and autocorrelated noise (seeded, so stable).
 */
import { monthIndex, monthOf, monthPeriod } from './dates';
import { createRandom } from './random';

export type SeriesCode = 'IPC' | 'IPI' | 'IPPI' | 'ICA_COMMERCE' | 'ICA_SERVICE' | 'ICE';

export type SeriesDefinition = {
  code: SeriesCode;
  area: 'ipc' | 'ipi' | 'ippi' | 'ica_commerce' | 'ica_service' | 'ice';
  label: string;
  unit: string;
  basePeriod: string;
  decimals: number;
  methodology: string;
  /** Where the figures come from. */
  source: string;
  /** English label, unit, methodology and source (the `translations` column). */
  en: { label: string; unit: string; basePeriod?: string; methodology: string; source: string };
  /** IMF e-GDDS indicator, for the National Summary Data Page. */
  imfIndicator?: string;
  /** Level 60 months before now. */
  start: number;
  /** Yearly growth rate of the trend. */
  growth: number;
  /** Seasonal amplitude (share of the level) and month (0-based) of the peak. */
  season: number;
  peak: number;
  /** Standard deviation and persistence of the noise. */
  noise: number;
  persistence: number;
  /** Amplitude of a slow cycle (commodity prices), in share of the level. */
  cycle?: number;
};

export const seriesDefinitions: SeriesDefinition[] = [
  {
    code: 'IPC',
    en: {
      label: 'Consumer price index – all items',
      unit: 'index',
      basePeriod: '2020 = 100',
      methodology:
        'The CPI is an annually chain-linked Laspeyres index. It covers the consumption of households in the capital and the seven regional capitals, weighted using the harmonised survey on household living conditions. Prices for 620 varieties are collected each month from some 1,800 outlets. The classification follows the 13 divisions of the Classification of Individual Consumption According to Purpose (COICOP).',
      source: 'National Institute of Statistics, monthly consumer price collection',
    },
    imfIndicator: 'PCPI_IX',
    area: 'ipc',
    label: 'Indice des prix à la consommation – ensemble',
    unit: 'indice',
    basePeriod: 'base 100 = 2020',
    decimals: 1,
    methodology:
      "L'IPC est un indice de Laspeyres chaîné annuellement. Il couvre la consommation des ménages de la capitale et des sept chefs-lieux de région, " +
      "pondérée à partir de l'enquête harmonisée sur les conditions de vie des ménages. Les prix de 620 variétés sont relevés chaque mois dans environ 1 800 points de vente. " +
      'La nomenclature suit la classification des fonctions de consommation des ménages (COICOP) à 13 fonctions.',
    source: 'Institut national de la statistique, relevés mensuels des prix à la consommation',
    start: 104.6,
    growth: 0.029,
    season: 0.009,
    peak: 7,
    noise: 0.0025,
    persistence: 0.6,
  },
  {
    code: 'IPI',
    en: {
      label: 'Index of industrial production – total industry',
      unit: 'index',
      basePeriod: '2020 = 100',
      methodology:
        'The IPI measures the monthly change in the volume of output of mining and quarrying, manufacturing and energy. It is compiled from the quantities produced reported by a panel of 140 establishments, weighted by 2020 value added. The indices are not seasonally adjusted.',
      source: 'National Institute of Statistics, monthly survey of industrial production',
    },
    imfIndicator: 'AIP_IX',
    area: 'ipi',
    label: 'Indice de la production industrielle – ensemble',
    unit: 'indice',
    basePeriod: 'base 100 = 2020',
    decimals: 1,
    methodology:
      "L'IPI mesure l'évolution mensuelle du volume de la production des industries extractives, manufacturières et de l'énergie. " +
      'Il est calculé à partir des quantités produites déclarées par un panel de 140 établissements, pondérées par la valeur ajoutée de 2020. ' +
      'Les indices ne sont pas corrigés des variations saisonnières.',
    source: 'Institut national de la statistique, enquête mensuelle sur la production industrielle',
    start: 97.8,
    growth: 0.021,
    season: 0.06,
    peak: 1,
    noise: 0.022,
    persistence: 0.3,
  },
  {
    code: 'IPPI',
    en: {
      label: 'Industrial producer price index – total industry',
      unit: 'index',
      basePeriod: '2020 = 100',
      methodology:
        'The IPPI measures the change in the ex-works selling prices, excluding taxes, of goods manufactured by industries in Sahelia and sold on the domestic market. Prices for 310 products are collected each month from 95 enterprises; the weights are taken from the 2020 national accounts.',
      source: 'National Institute of Statistics, monthly survey of producer prices',
    },
    imfIndicator: 'PPPI_IX',
    area: 'ippi',
    label: 'Indice des prix à la production industrielle – ensemble',
    unit: 'indice',
    basePeriod: 'base 100 = 2020',
    decimals: 1,
    methodology:
      "L'IPPI mesure l'évolution des prix de vente, hors taxes et départ usine, des produits fabriqués par les industries de Sahelia et vendus sur le marché intérieur. " +
      'Les prix de 310 produits sont relevés chaque mois auprès de 95 entreprises ; les pondérations sont issues des comptes nationaux de 2020.',
    source: 'Institut national de la statistique, enquête mensuelle sur les prix à la production',
    start: 101.9,
    growth: 0.034,
    season: 0.004,
    peak: 4,
    noise: 0.005,
    persistence: 0.75,
  },
  {
    code: 'ICA_COMMERCE',
    en: {
      label: 'Turnover index for trade – total',
      unit: 'index',
      basePeriod: '2020 = 100',
      methodology:
        'The turnover index for trade is compiled from the monthly value added tax returns of 2,300 wholesale, retail and motor trade enterprises, supplied by the Directorate General of Taxes. It is expressed in value terms (current prices).',
      source: 'Directorate General of Taxes (VAT returns), processed by the National Institute of Statistics',
    },
    area: 'ica_commerce',
    label: "Indice du chiffre d'affaires du commerce – ensemble",
    unit: 'indice',
    basePeriod: 'base 100 = 2020',
    decimals: 1,
    methodology:
      "L'indice du chiffre d'affaires du commerce est calculé à partir des déclarations mensuelles de taxe sur la valeur ajoutée de 2 300 entreprises " +
      "du commerce de gros, de détail et de l'automobile, transmises par la Direction générale des impôts. Il est exprimé en valeur (prix courants).",
    source: "Direction générale des impôts (déclarations de TVA), traitement de l'Institut national de la statistique",
    start: 100.8,
    growth: 0.054,
    season: 0.045,
    peak: 11,
    noise: 0.018,
    persistence: 0.4,
  },
  {
    code: 'ICA_SERVICE',
    en: {
      label: 'Turnover index for services – total',
      unit: 'index',
      basePeriod: '2020 = 100',
      methodology:
        'The turnover index for services covers transport, information and communication, accommodation and food services, and professional activities. It is compiled in value terms from the tax returns of 1,600 enterprises.',
      source: 'Directorate General of Taxes (tax returns), processed by the National Institute of Statistics',
    },
    area: 'ica_service',
    label: "Indice du chiffre d'affaires des services – ensemble",
    unit: 'indice',
    basePeriod: 'base 100 = 2020',
    decimals: 1,
    methodology:
      "L'indice du chiffre d'affaires des services couvre les transports, l'information et la communication, l'hébergement et la restauration " +
      'et les activités spécialisées. Il est calculé en valeur à partir des déclarations fiscales de 1 600 entreprises.',
    source: "Direction générale des impôts (déclarations fiscales), traitement de l'Institut national de la statistique",
    start: 102.7,
    growth: 0.046,
    season: 0.03,
    peak: 11,
    noise: 0.016,
    persistence: 0.4,
  },
  {
    code: 'ICE',
    en: {
      label: 'Export unit value index',
      unit: 'index',
      basePeriod: '2020 = 100',
      methodology:
        'The export unit value index is a Fisher index compiled from customs declarations. It covers the main export products (cotton lint, non-monetary gold, livestock, groundnuts, sesame) at the eight-digit level of the customs tariff.',
      source: 'Directorate General of Customs (customs declarations), processed by the National Institute of Statistics',
    },
    area: 'ice',
    label: 'Indice de valeur unitaire des exportations',
    unit: 'indice',
    basePeriod: 'base 100 = 2020',
    decimals: 1,
    methodology:
      "L'indice de valeur unitaire des exportations est un indice de Fisher calculé à partir des déclarations en douane. " +
      'Il couvre les principaux produits exportés (coton fibre, or non monétaire, bétail, arachide, sésame) à la position à huit chiffres du tarif douanier.',
    source: "Direction générale des douanes (déclarations en douane), traitement de l'Institut national de la statistique",
    start: 95.9,
    growth: 0.024,
    season: 0.012,
    peak: 2,
    noise: 0.018,
    persistence: 0.5,
    cycle: 0.05,
  },
];

export type Observation = { period: string; month: number; value: number; status: 'provisional' | 'final' };

/** Eleven years: the series pages' « 10 ans » view is full. */
const SERIES_MONTHS = 132;

/** The monthly observations of a series, ending with the month before `now`. */
export function generateObservations(def: SeriesDefinition, now: Date): Observation[] {
  const rnd = createRandom(`series:${def.code}`);
  const last = monthIndex(now) - 1;
  const first = last - SERIES_MONTHS + 1;
  const factor = 10 ** def.decimals;
  let noise = 0;
  const out: Observation[] = [];
  for (let m = first; m <= last; m++) {
    const t = m - first;
    noise = def.persistence * noise + def.noise * rnd.normal();
    const seasonal = def.season * Math.cos(((monthOf(m) - def.peak) * 2 * Math.PI) / 12);
    const cycle = (def.cycle ?? 0) * Math.sin((t * 2 * Math.PI) / 40);
    const value = def.start * Math.exp((def.growth * t) / 12) * (1 + seasonal + cycle + noise);
    out.push({
      period: monthPeriod(m),
      month: m,
      value: Math.round(value * factor) / factor,
      status: m > last - 3 ? 'provisional' : 'final',
    });
  }
  return out;
}

/** A value as the database stores it: SDMX status code. */
export type SeededValue = { period: string; value: number; status: 'A' | 'P' };

/**
 * The two published versions of a seeded series, so that « Versions précédentes » shows a real
 * revision: version 1 (last month's release) ends a month earlier with a first estimate of its last
 * month; version 2 (this month's) adds the latest month, revises that estimate and makes the month
 * that left the provisional window definitive. Version 2's values are `observations`.
 */
export function seededVersions(def: SeriesDefinition, observations: Observation[]): { first: SeededValue[]; second: SeededValue[] } {
  const code = (o: Observation): SeededValue['status'] => (o.status === 'final' ? 'A' : 'P');
  const factor = 10 ** def.decimals;
  const earlier = observations.slice(0, -1);
  const first = earlier.map((o, i): SeededValue => {
    // Three provisional months at the time of version 1.
    const provisional = i >= earlier.length - 3;
    // Its last month's first estimate, revised by version 2.
    const value = i === earlier.length - 1 ? Math.round(o.value * (1 - 0.004) * factor) / factor : o.value;
    return { period: o.period, value, status: provisional ? 'P' : 'A' };
  });
  const before = new Map(first.map((v) => [v.period, v]));
  const second = observations
    .map((o): SeededValue => ({ period: o.period, value: o.value, status: code(o) }))
    .filter((v) => {
      const old = before.get(v.period);
      return !old || old.value !== v.value || old.status !== v.status;
    });
  return { first, second };
}
