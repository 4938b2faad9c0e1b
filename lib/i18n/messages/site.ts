/** Interface strings of the public site's site components, in each language (see ../messages.ts). */
import type { Locale } from '../locales';

const fr = {
  /** What the header, the footer and the titles show while the identity (/admin/about) is not set. */
  identity: { name: 'Institut national de la statistique', acronym: 'INS' },
  header: { skipLink: 'Aller au contenu' },
  nav: { menu: 'Menu', main: 'Navigation principale', mobile: 'Navigation principale (menu mobile)' },
  /**
   * The colour mode button (a client component: plain strings, passed as they are). Each mode's
   * label names the next one in the button's order: system → light → dark → system.
   */
  theme: {
    system: { name: 'Système', label: "Mode d'affichage : système. Passer au mode clair." },
    light: { name: 'Clair', label: "Mode d'affichage : clair. Passer au mode sombre." },
    dark: { name: 'Sombre', label: "Mode d'affichage : sombre. Passer au mode système." },
  },
  footer: {
    contact: 'Nous contacter',
    phone: 'Tél. :',
    email: 'Courriel :',
    links: 'Liens utiles',
    institute: "L'institut",
    news: 'Actualités',
    calendar: 'Calendrier des parutions',
    data: 'Données ouvertes et API',
    microdata: 'Microdonnées (enquêtes)',
    accessibility: 'Accessibilité',
    tenders: "Appels d'offres",
    rights: (acronym: string) => `© ${acronym} — Données et publications réutilisables en citant la source.`,
  },
  /**
   * The error view's status messages (the seed's, in English in both languages) and its link home.
   * `said` is the page's own language: where it differs from the seed's English (French pages),
   * it comes first and the seed's words follow marked `lang="en"`, so a screen reader reads them
   * with an English voice.
   */
  error: {
    notFound: 'Page Not Found',
    serverError: 'Internal Server Error',
    home: "Retour à l'accueil",
    said: { notFound: 'Page introuvable', serverError: 'Erreur interne du serveur' },
  },
  /** The error pages (client components: they read this section, having no server parent). */
  errorPage: {
    description: "Une erreur inattendue s'est produite. Réessayez dans un instant.",
    reference: (digest: string) => `Référence de l'erreur : ${digest}`,
    retry: 'Réessayer',
  },
  /** The 404: « Page not found: {path} » is the seed's, in English in both languages. */
  notFound: { path: 'Page not found:', gone: "La page demandée n'existe pas ou n'est plus en ligne." },
  seo: { calendarFeed: 'Calendrier des parutions (iCalendar)' },
  /** Titles of the Atom feeds a page announces in its head (lib/feeds/feeds.ts `feedLinks`). */
  feeds: {
    news: 'Actualités',
    publications: 'Dernières publications',
    releases: 'Parutions publiées',
    area: (label: string) => `Publications : ${label}`,
    releasesSubtitle: 'Les parutions du calendrier, à leur mise en ligne, avec ce qu’elles ont publié.',
    version: (label: string, code: string, number: number) => `${label} (série ${code}, version ${number})`,
    notFound: 'Flux introuvable.',
    calendar: 'calendrier des parutions',
  },
};

/**
 * Each language named in itself, the same on every page: the header's switch offers « English » to
 * French readers and « Français » to English ones (components/site/language-switch.tsx).
 */
export const languageNames: Readonly<Record<Locale, string>> = { fr: 'Français', en: 'English' };

export const site: Record<Locale, typeof fr> = {
  fr,
  en: {
    identity: { name: 'National Institute of Statistics', acronym: 'INS' },
    header: { skipLink: 'Skip to content' },
    nav: { menu: 'Menu', main: 'Main navigation', mobile: 'Main navigation (mobile menu)' },
    theme: {
      system: { name: 'System', label: 'Display mode: system. Switch to light mode.' },
      light: { name: 'Light', label: 'Display mode: light. Switch to dark mode.' },
      dark: { name: 'Dark', label: 'Display mode: dark. Switch to system mode.' },
    },
    footer: {
      contact: 'Contact us',
      phone: 'Tel.:',
      email: 'Email:',
      links: 'Useful links',
      institute: 'The institute',
      news: 'News',
      calendar: 'Release calendar',
      data: 'Open data and API',
      microdata: 'Microdata (surveys)',
      accessibility: 'Accessibility',
      tenders: 'Calls for tenders',
      rights: (acronym: string) => `© ${acronym} — Data and publications may be reused provided the source is acknowledged.`,
    },
    error: {
      notFound: 'Page Not Found',
      serverError: 'Internal Server Error',
      home: 'Back to the home page',
      // The seed's words are English already: nothing to add.
      said: { notFound: 'Page Not Found', serverError: 'Internal Server Error' },
    },
    errorPage: {
      description: 'An unexpected error occurred. Please try again in a moment.',
      reference: (digest: string) => `Error reference: ${digest}`,
      retry: 'Try again',
    },
    notFound: { path: 'Page not found:', gone: 'The page you requested does not exist or is no longer available.' },
    seo: { calendarFeed: 'Release calendar (iCalendar)' },
    feeds: {
      news: 'News',
      publications: 'Latest publications',
      releases: 'Published releases',
      area: (label: string) => `Publications: ${label}`,
      releasesSubtitle: 'The releases of the calendar, as they come out, with what they published.',
      version: (label: string, code: string, number: number) => `${label} (series ${code}, version ${number})`,
      notFound: 'Feed not found.',
      calendar: 'release calendar',
    },
  },
};
