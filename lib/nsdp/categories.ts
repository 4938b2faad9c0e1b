/**
 * The data categories of the IMF's enhanced General Data Dissemination System (e-GDDS) National
 * Summary Data Page, and the IMF indicator codes (as in the IMF's ECOFIN data structure) that
 * fall under each. A series joins the page when its metadata carries an indicator code; a code
 * this table does not know goes under « Autres indicateurs ».
 */
import type { Locale } from '@/lib/i18n/locales';

/** A category: its name and its sector's in French, and in English in `en` (`categoryNames`). */
export type NsdpCategory = { id: string; label: string; sector: string; en: { label: string; sector: string } };

export const nsdpCategories: readonly NsdpCategory[] = [
  { id: 'NAG', label: 'Comptes nationaux', sector: 'Secteur réel', en: { label: 'National accounts', sector: 'Real sector' } },
  { id: 'IND', label: 'Indice de la production', sector: 'Secteur réel', en: { label: 'Production index', sector: 'Real sector' } },
  {
    id: 'CPI',
    label: 'Indice des prix à la consommation',
    sector: 'Secteur réel',
    en: { label: 'Consumer price index', sector: 'Real sector' },
  },
  {
    id: 'PPI',
    label: 'Indice des prix à la production',
    sector: 'Secteur réel',
    en: { label: 'Producer price index', sector: 'Real sector' },
  },
  { id: 'LAB', label: 'Marché du travail', sector: 'Secteur réel', en: { label: 'Labour market', sector: 'Real sector' } },
  {
    id: 'CGO',
    label: 'Opérations de l’administration centrale',
    sector: 'Secteur budgétaire',
    en: { label: 'Central government operations', sector: 'Fiscal sector' },
  },
  {
    id: 'CGD',
    label: 'Dette de l’administration centrale',
    sector: 'Secteur budgétaire',
    en: { label: 'Central government debt', sector: 'Fiscal sector' },
  },
  {
    id: 'DCS',
    label: 'Situation des institutions de dépôt',
    sector: 'Secteur financier',
    en: { label: 'Depository corporations survey', sector: 'Financial sector' },
  },
  {
    id: 'CBS',
    label: 'Situation de la banque centrale',
    sector: 'Secteur financier',
    en: { label: 'Central bank survey', sector: 'Financial sector' },
  },
  { id: 'INR', label: 'Taux d’intérêt', sector: 'Secteur financier', en: { label: 'Interest rates', sector: 'Financial sector' } },
  {
    id: 'BOP',
    label: 'Balance des paiements',
    sector: 'Secteur extérieur',
    en: { label: 'Balance of payments', sector: 'External sector' },
  },
  { id: 'RES', label: 'Réserves officielles', sector: 'Secteur extérieur', en: { label: 'Official reserves', sector: 'External sector' } },
  {
    id: 'MET',
    label: 'Commerce de marchandises',
    sector: 'Secteur extérieur',
    en: { label: 'Merchandise trade', sector: 'External sector' },
  },
  { id: 'EXR', label: 'Taux de change', sector: 'Secteur extérieur', en: { label: 'Exchange rates', sector: 'External sector' } },
  { id: 'POP', label: 'Population', sector: 'Données complémentaires', en: { label: 'Population', sector: 'Supplementary data' } },
  {
    id: 'OTH',
    label: 'Autres indicateurs',
    sector: 'Données complémentaires',
    en: { label: 'Other indicators', sector: 'Supplementary data' },
  },
];

/** IMF indicator code → category; prefixes for families of codes (`NGDP…`, `TXG…`). */
const byCode: Record<string, string> = {
  PCPI_IX: 'CPI',
  PCPI_PC_CP_A_PT: 'CPI',
  PPPI_IX: 'PPI',
  AIP_IX: 'IND',
  LUR_PT: 'LAB',
  LE_PE_NUM: 'LAB',
  LP_PE_NUM: 'POP',
  ENDA_XDC_USD_RATE: 'EXR',
  ENDE_XDC_USD_RATE: 'EXR',
  RAXG_USD: 'RES',
  FPOLM_PA: 'INR',
  FILR_PA: 'INR',
};
const byPrefix: [string, string][] = [
  ['NGDP', 'NAG'],
  ['NC', 'NAG'],
  ['NI', 'NAG'],
  ['TXG', 'MET'],
  ['TMG', 'MET'],
  ['BCA', 'BOP'],
  ['BG', 'BOP'],
  ['GGR', 'CGO'],
  ['GGX', 'CGO'],
  ['GCR', 'CGO'],
  ['GCX', 'CGO'],
  ['GCD', 'CGD'],
  ['FDS', 'DCS'],
  ['FMB', 'DCS'],
  ['FAS', 'CBS'],
  ['FCS', 'CBS'],
];

export function categoryOf(indicator: string): NsdpCategory {
  const id = byCode[indicator] ?? byPrefix.find(([prefix]) => indicator.startsWith(prefix))?.[1] ?? 'OTH';
  return nsdpCategories.find((c) => c.id === id)!;
}

export const nsdpCategory = (id: string) => nsdpCategories.find((c) => c.id === id);

/** A category's name and its sector's as the page shows them in `locale` (the French ones in French). */
export const categoryNames = (c: NsdpCategory, locale: Locale): { label: string; sector: string } => (locale === 'en' ? c.en : c);
