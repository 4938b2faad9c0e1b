/** Interface strings of the maps (lib/geo, components/maps), in each language (see ../messages.ts). */
import type { Locale } from '../locales';

const fr = {
  /** The link beside the table and the chart, and the map's heading. */
  map: 'Carte',
  table: 'Tableau',
  mapTitle: (title: string, rest: string) => (rest ? `${title} — ${rest}` : title),
  legend: 'Classes (seuils naturels de Jenks)',
  missing: 'non disponible',
  download: 'Télécharger la carte (SVG)',
  method:
    'Classes calculées par la méthode des seuils naturels de Jenks (ckmeans) ; couleurs de l’échelle viridis, lisible par les personnes daltoniennes. Survolez ou parcourez les zones au clavier pour lire leur valeur ; les valeurs sont dans le tableau ci-dessous.',
  notFitting: 'La carte montre une valeur par zone : elle retient une seule valeur de chaque autre dimension.',
  boundaries: (name: string, version: number) => `Limites : ${name}, version ${version}.`,
  open: 'La carte et ses valeurs, avec le choix des données',
};

const en: typeof fr = {
  map: 'Map',
  table: 'Table',
  mapTitle: (title: string, rest: string) => (rest ? `${title} — ${rest}` : title),
  legend: 'Classes (Jenks natural breaks)',
  missing: 'not available',
  download: 'Download the map (SVG)',
  method:
    'Classes computed by Jenks natural breaks (ckmeans); colours from the viridis scale, readable by colour-blind readers. Hover over the areas or move through them with the keyboard to read their value; the values are in the table below.',
  notFitting: 'The map shows one value per area: it keeps a single value of every other dimension.',
  boundaries: (name: string, version: number) => `Boundaries: ${name}, version ${version}.`,
  open: 'The map and its values, with the choice of data',
};

export const maps: Record<Locale, typeof fr> = { fr, en };
