/** Interface strings of the public site's search components, in each language (see ../messages.ts). */
import { formatCount } from '@/lib/i18n/format';
import type { Locale } from '../locales';

const fr = {
  /** The search box of every page's header. */
  header: { label: 'Rechercher sur le site', placeholder: 'Rechercher…', submit: 'Lancer la recherche' },
  /** The /recherche page. */
  page: {
    title: 'Rechercher',
    breadcrumb: 'Recherche',
    metaTitle: (q: string) => `Recherche : ${q}`,
    metaTitleEmpty: 'Rechercher sur le site',
    description:
      'Rechercher dans les publications, séries, actualités, événements, ' +
      'appels d’offres et pages de l’institut, et dans le texte de leurs documents.',
    formLabel: 'Rechercher dans tout le site et ses documents',
    prompt: 'Saisissez un ou plusieurs mots, ou une expression entre guillemets.',
  },
  /** The search form's button (its label is the page's). */
  form: { submit: 'Rechercher' },
  /** What a result is, besides the kinds of content (their plurals are the kinds' words, lib/content/kinds). */
  kinds: { series: 'Séries statistiques', tables: 'Tableaux', pages: 'Pages de l’institut' },
  results: {
    none: (q: string) => `Aucun résultat pour « ${q} ».`,
    /** `n` ≥ 1; the page only when there are several. */
    count: (n: number, q: string, page: number, pages: number) =>
      `${formatCount(n, 'fr')} résultat${n > 1 ? 's' : ''} pour « ${q} »${pages > 1 ? ` — page ${page} sur ${pages}` : ''}.`,
    corrected: (q: string, corrected: string) => `Aucun document ne contient « ${q} » : résultats pour « ${corrected} ».`,
    partial: 'Aucun document ne contient tous ces mots : voici ceux qui en contiennent une partie.',
    tryWords: 'Essayez :',
    hint: (filtered: boolean) =>
      `Vérifiez l’orthographe, essayez moins de mots ou un mot plus général${filtered ? ', ou retirez les filtres' : ''}.`,
    filters: 'Filtres',
    kind: 'Type',
    area: 'Rubrique',
    year: 'Année',
    all: 'Tous',
    list: 'Résultats de la recherche',
    inDocument: 'Dans un document joint :',
    pages: 'Pages de résultats',
    previous: 'Précédente',
    next: 'Suivante',
    /** Read before a page number by screen readers: « Page 2 ». */
    page: 'Page',
    /** The back-office's search only (`scope="admin"`, French like the rest of it): each result's status and its public page. */
    admin: {
      status: { draft: 'Brouillon', scheduled: 'Programmé', published: 'En ligne', archived: 'Archivé' },
      deleted: 'Corbeille',
      publicPage: 'Voir la page publique',
    },
  },
};

export const search: Record<Locale, typeof fr> = {
  fr,
  en: {
    header: { label: 'Search the site', placeholder: 'Search…', submit: 'Submit search' },
    page: {
      title: 'Search',
      breadcrumb: 'Search',
      metaTitle: (q: string) => `Search: ${q}`,
      metaTitleEmpty: 'Search the site',
      description:
        'Search the institute’s publications, series, news, events, calls for tenders and pages, and the text of their documents.',
      formLabel: 'Search the whole site and its documents',
      prompt: 'Enter one or more words, or a phrase in quotation marks.',
    },
    form: { submit: 'Search' },
    kinds: { series: 'Statistical series', tables: 'Tables', pages: 'Institute pages' },
    results: {
      none: (q: string) => `No results for “${q}”.`,
      count: (n: number, q: string, page: number, pages: number) =>
        `${formatCount(n, 'en')} result${n === 1 ? '' : 's'} for “${q}”${pages > 1 ? ` — page ${page} of ${pages}` : ''}.`,
      corrected: (q: string, corrected: string) => `No document contains “${q}”: showing results for “${corrected}”.`,
      partial: 'No document contains all of these words: showing those that contain some of them.',
      tryWords: 'Try:',
      hint: (filtered: boolean) =>
        `Check the spelling, or try fewer words or a more general word${filtered ? ', or remove the filters' : ''}.`,
      filters: 'Filters',
      kind: 'Type',
      area: 'Topic',
      year: 'Year',
      all: 'All',
      list: 'Search results',
      inDocument: 'In an attached document:',
      pages: 'Results pages',
      previous: 'Previous',
      next: 'Next',
      page: 'Page',
      admin: {
        status: { draft: 'Draft', scheduled: 'Scheduled', published: 'Published', archived: 'Archived' },
        deleted: 'Bin',
        publicPage: 'View the public page',
      },
    },
  },
};
