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
