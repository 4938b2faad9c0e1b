/** Interface strings of the public site's content components, in each language (see ../messages.ts). */
import type { Locale } from '../locales';

const fr = {
  /** `<title>` of a route whose parameters name nothing (the page itself renders the 404). */
  notFoundTitle: 'Page Not Found',
  /** Before a publication's or a news item's date: « Publié le <date> ». */
  publishedOn: 'Publié le',
  breadcrumbs: { label: "Fil d'Ariane", home: 'Accueil' },
  /**
   * At the top of a page whose text is shown in French on a page in another language
   * (components/content/untranslated-notice.tsx). Never shown on French pages, which are the original.
   */
  untranslated: {
    page: 'Cette page n’est pas encore traduite dans cette langue ; elle est affichée en français.',
    partly: 'Une partie de cette page n’est pas encore traduite dans cette langue ; elle est affichée en français.',
  },
  pagination: {
    label: 'Pagination',
    previous: '← Page précédente',
    next: 'Page suivante →',
    position: (page: number, total: number) => `Page ${page} sur ${total}`,
  },
  files: {
    download: 'Télécharger',
    /** After « Télécharger (PDF, 1,2 Mo) », for screen readers: which file. */
    which: <T>(name: T) => [' : ', name],
  },
  home: {
    title: 'Accueil',
    description: "Statistiques officielles : indices des prix, commerce extérieur, démographie, recensement et publications de l'institut.",
    instituteName: 'Institut national de la statistique',
    keyIndicators: 'Indicateurs clés',
    latestPublications: 'Dernières publications',
    upcomingReleases: 'Prochaines parutions',
    noReleases: 'Aucune parution annoncée.',
    allReleases: 'Tout le calendrier des parutions',
    upcomingEvents: 'Événements à venir',
    noEvents: 'Aucun événement annoncé.',
    allEvents: 'Tous les événements',
    news: 'Actualités',
    allNews: 'Toutes les actualités',
    quickLinks: 'Accès rapides',
  },
  area: {
    yearCrumb: (year: number) => `Année ${year}`,
    nextRelease: 'Prochaine parution :',
    latestFigures: 'Derniers chiffres',
    publications: (year?: number) => `Publications${year ? ` de ${year}` : ''}`,
    filterByYear: 'Filtrer par année',
    allYears: 'Toutes',
    none: 'Aucune publication pour le moment.',
    count: (n: number) => `${n} publication${n > 1 ? 's' : ''}, des plus récentes aux plus anciennes.`,
    /** Metadata: « Indice des prix (année 2025, page 2) ». */
    yearSuffix: (year: number) => `année ${year}`,
    pageSuffix: (page: number) => `page ${page}`,
  },
  seriesMeta: {
    range5y: ' sur cinq ans',
    rangeAll: ' depuis le début',
    description: (label: string) =>
      `${label} : dernière valeur, évolution, historique complet, versions et téléchargements (CSV, Excel, SDMX, JSON).`,
  },
  publication: {
    period: (period: string) => `Période : ${period}`,
    /** The same with the period as an element (marked `lang` when it is not in the page's language). */
    periodPieces: <T>(period: T) => ['Période : ', period],
    field: (label: string, value: string) => `${label} : ${value}`,
    periodCovered: 'Période couverte',
    publicationDate: 'Date de publication',
    download: 'Télécharger',
    cite: 'Citer cette publication',
    /** The citation's author when the institute's identity is not filled in. */
    fallbackAcronym: 'INS',
    related: 'Publications associées',
  },
  news: {
    pageCrumb: (page: number) => `Page ${page}`,
    pageTitle: (label: string, page: number) => `${label} (page ${page})`,
    none: 'Aucune actualité pour le moment.',
  },
  events: {
    /** « 3 septembre 2026 à 09:00 au 5 septembre 2026 » */
    until: 'au',
    upcoming: 'À venir',
    noUpcoming: 'Aucun événement annoncé pour le moment.',
    past: 'Événements passés',
    noPast: 'Aucun événement passé.',
  },
  gallery: {
    photos: (n: number) => `${n} photos`,
    photoOf: (i: number, n: number, caption: string) => `Photo ${i} sur ${n} : ${caption}`,
    viewer: (title: string, i: number) => `Visionneuse, ${title}, photo ${i}`,
    previous: '← Précédente',
    close: 'Fermer',
    next: 'Suivante →',
    none: 'Aucun album pour le moment.',
  },
  tenders: {
    open: 'Ouvert',
    closed: 'Clos',
    reference: (ref: string) => `Réf. ${ref}`,
    deadline: 'Date limite de dépôt :',
    none: "Aucun appel d'offres publié.",
  },
  institution: {
    crumb: "L'institut",
    directorPortrait: 'Portrait du Directeur général',
  },
};

const en: typeof fr = {
  notFoundTitle: 'Page Not Found',
  publishedOn: 'Published',
  breadcrumbs: { label: 'Breadcrumb', home: 'Home' },
  untranslated: {
    page: 'This page has not been translated into English yet; it is shown in French.',
    partly: 'Part of this page has not been translated into English yet; it is shown in French.',
  },
  pagination: {
    label: 'Pagination',
    previous: '← Previous page',
    next: 'Next page →',
    position: (page, total) => `Page ${page} of ${total}`,
  },
  files: {
    download: 'Download',
    which: (name) => [': ', name],
  },
  home: {
    title: 'Home',
    description: 'Official statistics: price indices, external trade, demography, census and the institute’s publications.',
    instituteName: 'National Institute of Statistics',
    keyIndicators: 'Key indicators',
    latestPublications: 'Latest publications',
    upcomingReleases: 'Upcoming releases',
    noReleases: 'No releases announced.',
    allReleases: 'Full release calendar',
    upcomingEvents: 'Upcoming events',
    noEvents: 'No events announced.',
    allEvents: 'All events',
    news: 'News',
    allNews: 'All news',
    quickLinks: 'Quick links',
  },
  area: {
    yearCrumb: (year) => `Year ${year}`,
    nextRelease: 'Next release:',
    latestFigures: 'Latest figures',
    publications: (year) => (year ? `Publications from ${year}` : 'Publications'),
    filterByYear: 'Filter by year',
    allYears: 'All',
    none: 'No publications yet.',
    count: (n) => `${n} publication${n === 1 ? '' : 's'}, most recent first.`,
    yearSuffix: (year) => `${year}`,
    pageSuffix: (page) => `page ${page}`,
  },
  seriesMeta: {
    range5y: ' over five years',
    rangeAll: ' since the start of the series',
    description: (label) => `${label}: latest value, change, full history, vintages and downloads (CSV, Excel, SDMX, JSON).`,
  },
  publication: {
    period: (period) => `Period: ${period}`,
    periodPieces: (period) => ['Period: ', period],
    field: (label, value) => `${label}: ${value}`,
    periodCovered: 'Reference period',
    publicationDate: 'Release date',
    download: 'Download',
    cite: 'Cite this publication',
    fallbackAcronym: 'INS',
    related: 'Related publications',
  },
  news: {
    pageCrumb: (page) => `Page ${page}`,
    pageTitle: (label, page) => `${label} (page ${page})`,
    none: 'No news yet.',
  },
  events: {
    until: 'to',
    upcoming: 'Upcoming',
    noUpcoming: 'No events announced yet.',
    past: 'Past events',
    noPast: 'No past events.',
  },
  gallery: {
    photos: (n) => `${n} photo${n === 1 ? '' : 's'}`,
    photoOf: (i, n, caption) => `Photo ${i} of ${n}: ${caption}`,
    viewer: (title, i) => `Viewer, ${title}, photo ${i}`,
    previous: '← Previous',
    close: 'Close',
    next: 'Next →',
    none: 'No albums yet.',
  },
  tenders: {
    open: 'Open',
    closed: 'Closed',
    reference: (ref) => `Ref. ${ref}`,
    deadline: 'Closing date:',
    none: 'No calls for tenders published.',
  },
  institution: {
    crumb: 'The institute',
    directorPortrait: 'Portrait of the Director General',
  },
};

export const content: Record<Locale, typeof fr> = { fr, en };
