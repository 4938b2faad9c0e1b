/**
 * Acronyms of official statistics in French: a reader typing « IPC » also finds the documents
 * that spell it out, and the reverse. Each series' code is one too (`lib/search/query.ts`).
 */
export const acronyms: Readonly<Record<string, string>> = {
  IPC: 'indice des prix à la consommation',
  IHPC: 'indice harmonisé des prix à la consommation',
  IPI: 'indice de la production industrielle',
  IPPI: 'indice des prix à la production industrielle',
  ICA: 'indice du chiffre d’affaires',
  RGPH: 'recensement général de la population et de l’habitat',
  PIB: 'produit intérieur brut',
  EDS: 'enquête démographique et de santé',
  EHCVM: 'enquête harmonisée sur les conditions de vie des ménages',
  ERI: 'enquête régionale intégrée sur l’emploi et le secteur informel',
  SNDS: 'stratégie nationale de développement de la statistique',
  ODD: 'objectifs de développement durable',
  CVS: 'corrigé des variations saisonnières',
  CJO: 'corrigé des jours ouvrables',
  INS: 'institut national de la statistique',
  NSDP: 'page nationale de données récapitulatives',
};

/** The words an acronym stands for, or undefined when the word is not a known acronym. */
export const expandAcronym = (word: string): string | undefined => (word.length <= 6 ? acronyms[word.toUpperCase()] : undefined);

/**
 * The same acronyms for English pages: an English acronym's expansion in English, and the French
 * acronym it stands beside (« CPI » also finds « IPC » and what it stands for); a French acronym
 * typed on an English page also finds its English expansion (« IPC » → « consumer price index »).
 */
export const englishAcronyms: Readonly<Record<string, { en: string; fr?: string }>> = {
  CPI: { en: 'consumer price index', fr: 'IPC' },
  IPC: { en: 'consumer price index', fr: 'IPC' },
  HICP: { en: 'harmonised index of consumer prices', fr: 'IHPC' },
  IHPC: { en: 'harmonised index of consumer prices', fr: 'IHPC' },
  IPI: { en: 'industrial production index', fr: 'IPI' },
  PPI: { en: 'producer price index', fr: 'IPPI' },
  IPPI: { en: 'industrial producer price index', fr: 'IPPI' },
  ICA: { en: 'turnover index', fr: 'ICA' },
  RGPH: { en: 'general population and housing census', fr: 'RGPH' },
  PHC: { en: 'population and housing census', fr: 'RGPH' },
  GDP: { en: 'gross domestic product', fr: 'PIB' },
  PIB: { en: 'gross domestic product', fr: 'PIB' },
  DHS: { en: 'demographic and health survey', fr: 'EDS' },
  EDS: { en: 'demographic and health survey', fr: 'EDS' },
  NSDS: { en: 'national strategy for the development of statistics', fr: 'SNDS' },
  SNDS: { en: 'national strategy for the development of statistics', fr: 'SNDS' },
  SDG: { en: 'sustainable development goals', fr: 'ODD' },
  SDGS: { en: 'sustainable development goals', fr: 'ODD' },
  ODD: { en: 'sustainable development goals', fr: 'ODD' },
  NSO: { en: 'national statistics office', fr: 'INS' },
  INS: { en: 'national statistics office', fr: 'INS' },
  NSDP: { en: 'national summary data page', fr: 'NSDP' },
  SA: { en: 'seasonally adjusted', fr: 'CVS' },
  CVS: { en: 'seasonally adjusted', fr: 'CVS' },
};

/**
 * What an acronym typed on an English page also matches: phrases to read in English (`en`) and in
 * French (`fr`: the French acronym itself and what it stands for). Empty when it is not one.
 */
export function expandAcronymEnglish(word: string): { en: string[]; fr: string[] } {
  const upper = word.length <= 6 ? word.toUpperCase() : '';
  const entry = englishAcronyms[upper];
  const french = entry?.fr ?? (acronyms[upper] ? upper : undefined);
  const fr = french ? [french.toLowerCase(), ...(acronyms[french] ? [acronyms[french]] : [])] : [];
  return { en: entry ? [entry.en] : [], fr: fr.filter((w) => w !== word.toLowerCase()) };
}
