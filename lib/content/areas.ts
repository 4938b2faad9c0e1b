/**
 * The content-area registry: every area of the public and admin route tables, described once.
 * Navigation, area pages, admin menus, the sitemap and the route smoke test all read it;
 * adding an area is one entry here.
 */
import { z } from 'zod';
import type { Locale } from '@/lib/i18n/locales';

export type SectionKey = 'institut' | 'indices' | 'commerce' | 'publications' | 'ressources' | 'actualites';

/** The navigation's sections: `label` in French (the back-office's too), `en` for the English pages. */
export const sections: { key: SectionKey; label: string; en: string }[] = [
  { key: 'institut', label: "L'institut", en: 'The institute' },
  { key: 'indices', label: 'Indices', en: 'Indices' },
  { key: 'commerce', label: 'Commerce extérieur', en: 'External trade' },
  { key: 'publications', label: 'Publications', en: 'Publications' },
  { key: 'ressources', label: 'Méthodes et textes', en: 'Methods and legislation' },
  { key: 'actualites', label: 'Actualités', en: 'News' },
];

/**
 * An area-specific form field; the edit form and the validation schema derive from it. `label` is
 * French (the form's and the public pages'); a field shown on public pages has its English `en`.
 */
export type AreaField = {
  name: string;
  label: string;
  type: 'text' | 'date';
  required?: boolean;
} & (
  | {
      /** Shown on public pages (list and detail). */
      public: true;
      en: string;
    }
  | { public?: false; en?: undefined }
);

/** What the public pages show of an area: its page's h1, its menus' name, its meta description and lead. */
export type AreaTexts = { label: string; menuLabel: string; description: string };

type AreaEntry = {
  /** Stable identifier, stored on each row of the area. */
  slug: string;
  /** What it holds: items of a kind (its name: `KindName`, lib/content/kinds), or institutional pages (`pages`, /admin/about). */
  kind: string;
  /** Full French name, used as the page's h1. */
  label: string;
  /** Short name for menus. */
  menuLabel: string;
  /** Meta description and lead of the area page. */
  description: string;
  adminPath: string;
  section: SectionKey;
  /** Documents restricted to connected users (sampling). */
  restricted?: boolean;
  fields?: AreaField[];
};

/**
 * An area. `label`, `menuLabel` and `description` are French (the back-office reads them
 * directly); an area with a public page has their English in `en` — public pages read the texts
 * of their language through `areaTexts`.
 */
export type Area = AreaEntry &
  (
    | {
        /** Public path. */
        publicPath: string;
        en: AreaTexts;
      }
    | {
        /** Absent: the area is visible in the back-office only. */
        publicPath?: undefined;
        en?: undefined;
      }
  );

const lawFields: AreaField[] = [
  { name: 'number', label: 'Numéro', type: 'text', required: true, public: true, en: 'Number' },
  { name: 'signedOn', label: 'Date de signature', type: 'date', required: true, public: true, en: 'Date signed' },
];

export const areas = [
  // L'institut
  {
    slug: 'mission',
    kind: 'pages',
    label: "Présentation de l'institut",
    menuLabel: 'Missions',
    description: "Missions, organisation et valeurs de l'institut national de la statistique.",
    publicPath: '/presentation/mission',
    en: {
      label: 'About the institute',
      menuLabel: 'Mission',
      description: 'The mission, organisation and values of the National Institute of Statistics.',
    },
    adminPath: '/admin/about',
    section: 'institut',
  },
  {
    slug: 'mot_du_dg',
    kind: 'pages',
    label: 'Le mot du Directeur général',
    menuLabel: 'Mot du Directeur général',
    description: "Le message du Directeur général de l'institut aux usagers de la statistique publique.",
    publicPath: '/presentation/mot_du_dg',
    en: {
      label: 'A word from the Director General',
      menuLabel: 'Director General’s message',
      description: 'The Director General’s message to the users of official statistics.',
    },
    adminPath: '/admin/about',
    section: 'institut',
  },
  {
    slug: 'accessibilite',
    kind: 'pages',
    label: 'Déclaration d’accessibilité',
    menuLabel: 'Accessibilité',
    description:
      'L’accessibilité du site de l’institut : état de conformité au RGAA, vérifications réalisées, contenus non accessibles et contact.',
    publicPath: '/accessibilite',
    en: {
      label: 'Accessibility statement',
      menuLabel: 'Accessibility',
      description:
        'The accessibility of the institute’s website: compliance status with the RGAA (the ' +
        'French accessibility standard), checks carried out, non-accessible content and contact.',
    },
    adminPath: '/admin/about',
    section: 'institut',
  },
  {
    slug: 'snds',
    kind: 'publications',
    label: 'Stratégie nationale de développement de la statistique',
    menuLabel: 'SNDS',
    description: 'La stratégie nationale de développement de la statistique (SNDS), ses plans d’action et ses rapports de suivi.',
    publicPath: '/snds',
    en: {
      label: 'National Strategy for the Development of Statistics',
      menuLabel: 'NSDS',
      description: 'The National Strategy for the Development of Statistics (NSDS), its action plans and its monitoring reports.',
    },
    adminPath: '/admin/snds',
    section: 'institut',
  },
  // Indices
  {
    slug: 'ipc',
    kind: 'publications',
    label: 'Indice des prix à la consommation',
    menuLabel: 'Prix à la consommation (IPC)',
    description:
      "L'indice des prix à la consommation (IPC) mesure chaque mois l'évolution des prix des biens et services consommés par les ménages.",
    publicPath: '/indice/ipc',
    en: {
      label: 'Consumer price index',
      menuLabel: 'Consumer prices (CPI)',
      description: 'The consumer price index (CPI) measures the monthly change in the prices of goods and services consumed by households.',
    },
    adminPath: '/admin/indice/prix_consommation',
    section: 'indices',
  },
  {
    slug: 'ipi',
    kind: 'publications',
    label: 'Indice de la production industrielle',
    menuLabel: 'Production industrielle (IPI)',
    description: "L'indice de la production industrielle (IPI) suit chaque mois l'évolution du volume de la production des industries.",
    publicPath: '/ica/ipi',
    en: {
      label: 'Index of industrial production',
      menuLabel: 'Industrial production (IIP)',
      description: 'The index of industrial production (IIP) tracks the monthly change in the volume of output of industry.',
    },
    adminPath: '/admin/ica/ipi',
    section: 'indices',
  },
  {
    slug: 'ippi',
    kind: 'publications',
    label: 'Indice des prix à la production industrielle',
    menuLabel: 'Prix à la production (IPPI)',
    description: "L'indice des prix à la production industrielle (IPPI) mesure l'évolution des prix de vente des produits industriels.",
    publicPath: '/ica/ippi',
    en: {
      label: 'Industrial producer price index',
      menuLabel: 'Producer prices (PPI)',
      description: 'The industrial producer price index (PPI) measures the change in the selling prices of industrial products.',
    },
    adminPath: '/admin/ica/ippi',
    section: 'indices',
  },
  {
    slug: 'ica_commerce',
    kind: 'publications',
    label: "Indice du chiffre d'affaires du commerce",
    menuLabel: "Chiffre d'affaires du commerce",
    description: "L'indice du chiffre d'affaires (ICA) du commerce suit l'activité des entreprises commerciales.",
    publicPath: '/ica/commerce',
    en: {
      label: 'Turnover index for trade',
      menuLabel: 'Turnover in trade',
      description: 'The turnover index (ICA) for trade tracks the activity of trading businesses.',
    },
    adminPath: '/admin/ica/commerce',
    section: 'indices',
  },
  {
    slug: 'ica_service',
    kind: 'publications',
    label: "Indice du chiffre d'affaires des services",
    menuLabel: "Chiffre d'affaires des services",
    description: "L'indice du chiffre d'affaires (ICA) des services suit l'activité des entreprises de services marchands.",
    publicPath: '/ica/service',
    en: {
      label: 'Turnover index for services',
      menuLabel: 'Turnover in services',
      description: 'The turnover index (ICA) for services tracks the activity of market services businesses.',
    },
    adminPath: '/admin/ica/service',
    section: 'indices',
  },
  // Commerce extérieur
  {
    slug: 'ice',
    kind: 'publications',
    label: 'Indice du commerce extérieur',
    menuLabel: 'Indice du commerce extérieur (ICE)',
    description:
      "Les indices de valeur unitaire du commerce extérieur (ICE) mesurent l'évolution des prix à l'importation et à l'exportation.",
    publicPath: '/indice/ice',
    en: {
      label: 'External trade index',
      menuLabel: 'External trade index (ICE)',
      description: 'The external trade unit value indices (ICE) measure the change in import and export prices.',
    },
    adminPath: '/admin/indice/commerce_exterieur',
    section: 'commerce',
  },
  {
    slug: 'bulletin',
    kind: 'publications',
    label: 'Bulletins des statistiques du commerce extérieur',
    menuLabel: 'Bulletins du commerce extérieur',
    description:
      'Les bulletins trimestriels des statistiques du commerce extérieur : échanges par produit, par partenaire et par mode de transport.',
    publicPath: '/indice/bulletin',
    en: {
      label: 'External trade statistics bulletins',
      menuLabel: 'External trade bulletins',
      description: 'The quarterly bulletins of external trade statistics: trade by product, by partner and by mode of transport.',
    },
    adminPath: '/admin/indice/bulletins',
    section: 'commerce',
  },
  {
    slug: 'nace',
    kind: 'publications',
    label: 'Note annuelle du commerce extérieur',
    menuLabel: 'Note annuelle (NACE)',
    description: 'La note annuelle du commerce extérieur (NACE) analyse les échanges de biens de l’année écoulée.',
    publicPath: '/indice/nace',
    en: {
      label: 'Annual external trade note',
      menuLabel: 'Annual note (NACE)',
      description: 'The annual external trade note (NACE) analyses trade in goods over the past year.',
    },
    adminPath: '/admin/indice/nace',
    section: 'commerce',
  },
  {
    slug: 'annuaire_exterieur',
    kind: 'publications',
    label: 'Annuaire du commerce extérieur',
    menuLabel: 'Annuaire du commerce extérieur',
    description: "L'annuaire du commerce extérieur rassemble les statistiques détaillées des importations et exportations de l'année.",
    publicPath: '/indice/annuaire_exterieur',
    en: {
      label: 'External trade yearbook',
      menuLabel: 'External trade yearbook',
      description: 'The external trade yearbook brings together detailed statistics on the year’s imports and exports.',
    },
    adminPath: '/admin/annuaire/annuaire_exterieur',
    section: 'commerce',
  },
  // Publications
  {
    slug: 'annuaire_statistique',
    kind: 'publications',
    label: 'Annuaire statistique',
    menuLabel: 'Annuaire statistique',
    description: "L'annuaire statistique présente chaque année les principales données économiques, sociales et démographiques du pays.",
    publicPath: '/indice/annuaire_statistique',
    en: {
      label: 'Statistical yearbook',
      menuLabel: 'Statistical yearbook',
      description: 'The statistical yearbook presents the country’s main economic, social and demographic data each year.',
    },
    adminPath: '/admin/annuaire/annuaire_stat',
    section: 'publications',
  },
  {
    slug: 'demographie',
    kind: 'publications',
    label: 'Démographie',
    menuLabel: 'Démographie',
    description: 'Population, natalité, mortalité, migrations : les publications de l’institut sur la démographie.',
    publicPath: '/themes/demographie',
    en: {
      label: 'Demography',
      menuLabel: 'Demography',
      description: 'Population, births, deaths, migration: the institute’s publications on demography.',
    },
    adminPath: '/admin/demographie',
    section: 'publications',
  },
  {
    slug: 'economie',
    kind: 'publications',
    label: 'Économie',
    menuLabel: 'Économie',
    description: 'Comptes nationaux, entreprises, finances publiques : les publications de l’institut sur l’économie.',
    publicPath: '/themes/economie',
    en: {
      label: 'Economy',
      menuLabel: 'Economy',
      description: 'National accounts, businesses, public finances: the institute’s publications on the economy.',
    },
    adminPath: '/admin/economie',
    section: 'publications',
  },
  {
    slug: 'sociale',
    kind: 'publications',
    label: 'Statistiques sociales',
    menuLabel: 'Social',
    description: 'Emploi, éducation, santé, conditions de vie des ménages : les publications de l’institut sur les questions sociales.',
    publicPath: '/themes/sociale',
    en: {
      label: 'Social statistics',
      menuLabel: 'Society',
      description: 'Employment, education, health, household living conditions: the institute’s publications on social questions.',
    },
    adminPath: '/admin/sociale',
    section: 'publications',
  },
  {
    slug: 'autres',
    kind: 'publications',
    label: 'Rapports et autres publications',
    menuLabel: 'Rapports',
    description: "Rapports d'activité, études ponctuelles et autres publications de l'institut.",
    publicPath: '/themes/autres',
    en: {
      label: 'Reports and other publications',
      menuLabel: 'Reports',
      description: 'Annual reports, one-off studies and other publications of the institute.',
    },
    adminPath: '/admin/autres',
    section: 'publications',
  },
  {
    slug: 'rgph',
    kind: 'publications',
    label: 'Troisième recensement général de la population et de l’habitat',
    menuLabel: 'Recensement (RGPH-3)',
    description:
      'Résultats, rapports thématiques et documents méthodologiques du ' +
      'troisième recensement général de la population et de l’habitat (RGPH-3).',
    publicPath: '/rgph',
    en: {
      label: 'Third General Population and Housing Census',
      menuLabel: 'Census (RGPH-3)',
      description: 'Results, thematic reports and methodological documents of the Third General Population and Housing Census (RGPH-3).',
    },
    adminPath: '/admin/rgph',
    section: 'publications',
  },
  // Méthodes et textes
  {
    slug: 'methodes',
    kind: 'publications',
    label: 'Méthodes',
    menuLabel: 'Méthodes',
    description: 'Concepts, définitions, nomenclatures et notes méthodologiques des statistiques produites par l’institut.',
    publicPath: '/methodes',
    en: {
      label: 'Methods',
      menuLabel: 'Methods',
      description: 'Concepts, definitions, classifications and methodological notes for the statistics produced by the institute.',
    },
    adminPath: '/admin/methodes',
    section: 'ressources',
  },
  {
    slug: 'lois',
    kind: 'publications',
    label: 'Lois',
    menuLabel: 'Lois',
    description: 'Les lois qui encadrent la statistique publique et l’activité de l’institut.',
    publicPath: '/lois_decrets/lois',
    en: {
      label: 'Laws',
      menuLabel: 'Laws',
      description: 'The laws governing official statistics and the work of the institute.',
    },
    adminPath: '/admin/lois',
    section: 'ressources',
    fields: lawFields,
  },
  {
    slug: 'decrets',
    kind: 'publications',
    label: 'Décrets',
    menuLabel: 'Décrets',
    description: 'Les décrets d’application relatifs à la statistique publique et à l’organisation de l’institut.',
    publicPath: '/lois_decrets/decrets',
    en: {
      label: 'Decrees',
      menuLabel: 'Decrees',
      description: 'The implementing decrees on official statistics and the organisation of the institute.',
    },
    adminPath: '/admin/lois',
    section: 'ressources',
    fields: lawFields,
  },
  {
    slug: 'echantillonage',
    kind: 'publications',
    label: "Bases de sondage et plans d'échantillonnage",
    menuLabel: 'Échantillonnage',
    description: "Documents d'échantillonnage réservés aux agents connectés.",
    adminPath: '/admin/echantillonage',
    section: 'ressources',
    restricted: true,
  },
  // Actualités
  {
    slug: 'news',
    kind: 'news',
    label: 'Actualités',
    menuLabel: 'Actualités',
    description: "Les dernières actualités de l'institut : publications, ateliers, partenariats et vie de l'institution.",
    publicPath: '/actualites',
    en: {
      label: 'News',
      menuLabel: 'News',
      description: 'The latest news from the institute: publications, workshops, partnerships and institutional life.',
    },
    adminPath: '/admin/news',
    section: 'actualites',
  },
  {
    slug: 'events',
    kind: 'events',
    label: 'Événements',
    menuLabel: 'Événements',
    description: "Séminaires, ateliers et rencontres organisés par l'institut, à venir et passés.",
    publicPath: '/events',
    en: {
      label: 'Events',
      menuLabel: 'Events',
      description: 'Seminars, workshops and meetings organised by the institute, upcoming and past.',
    },
    adminPath: '/admin/events',
    section: 'actualites',
  },
  {
    slug: 'galleries',
    kind: 'galleries',
    label: 'Galeries photos',
    menuLabel: 'Galeries photos',
    description: "Les albums photos des activités de l'institut.",
    publicPath: '/gallery',
    en: {
      label: 'Photo galleries',
      menuLabel: 'Photo galleries',
      description: 'Photo albums of the institute’s activities.',
    },
    adminPath: '/admin/galleries',
    section: 'actualites',
  },
  {
    slug: 'offres',
    kind: 'tenders',
    label: "Appels d'offres",
    menuLabel: "Appels d'offres",
    description: "Les appels d'offres et consultations de l'institut, ouverts et clos.",
    publicPath: '/offres',
    en: {
      label: 'Calls for tenders',
      menuLabel: 'Calls for tenders',
      description: 'The institute’s calls for tenders and consultations, open and closed.',
    },
    adminPath: '/admin/offres',
    section: 'actualites',
  },
  {
    slug: 'communiques',
    kind: 'press-releases',
    label: 'Communiqués de presse',
    menuLabel: 'Communiqués de presse',
    description: "Les communiqués de presse de l'institut, avec leur version PDF.",
    publicPath: '/communiques',
    en: {
      label: 'Press releases',
      menuLabel: 'Press releases',
      description: 'The institute’s press releases, with their PDF version.',
    },
    adminPath: '/admin/communiques',
    section: 'actualites',
  },
] as const satisfies readonly Area[];

export type AreaSlug = (typeof areas)[number]['slug'];

/**
 * The name of a kind: what `Area.kind` says of an area whose items have list and edit screens. Read
 * from the areas, so a new kind's name is its area's entry; the index of kinds (`lib/content/kinds`,
 * which re-exports it) must have one module per name, and no other.
 */
export type KindName = Exclude<(typeof areas)[number]['kind'], 'pages'>;

/** Back-office screens that are not content areas. */
const adminScreens = [
  { path: '/admin', label: 'Tableau de bord' },
  { path: '/admin/relire', label: 'À relire' },
  { path: '/admin/series', label: 'Séries statistiques' },
  { path: '/admin/tableaux', label: 'Tableaux de données' },
  { path: '/admin/cartes', label: 'Cartes (limites géographiques)' },
  { path: '/admin/microdonnees', label: 'Microdonnées (enquêtes)' },
  { path: '/admin/calendrier', label: 'Calendrier des parutions' },
  { path: '/admin/alertes', label: 'Alertes par courriel' },
  { path: '/admin/recherche', label: 'Rechercher' },
  { path: '/admin/fichiers', label: 'Fichiers' },
  { path: '/admin/users', label: 'Utilisateurs' },
  { path: '/admin/journal', label: 'Journal d’activité' },
] as const;

const bySlug = new Map<string, Area>(areas.map((a) => [a.slug, a]));
const byPublicPath = new Map<string, Area>((areas as readonly Area[]).filter((a) => a.publicPath).map((a) => [a.publicPath as string, a]));

/** The area with this slug, or undefined. */
export function getArea(slug: string): Area | undefined {
  return bySlug.get(slug);
}

/** The area with this slug; throws on an unknown slug (a programming error). */
export function area(slug: AreaSlug): Area {
  const found = bySlug.get(slug);
  if (!found) throw new Error(`Unknown area ${slug}`);
  return found;
}

/** The area served at this public path, e.g. `/indice/ipc`. */
export function getAreaByPublicPath(path: string): Area | undefined {
  return byPublicPath.get(path);
}

/** Areas listing publications on the public site. */
export function publicPublicationAreas(): Area[] {
  return (areas as readonly Area[]).filter((a) => a.kind === 'publications' && a.publicPath && !a.restricted);
}

/** Areas of one navigation section that have a public page, in registry order. */
export function areasOfSection(section: SectionKey): Area[] {
  return (areas as readonly Area[]).filter((a) => a.section === section && a.publicPath);
}

/** Every public path of the registry (the seed table's routes plus the added lists). */
export function publicAreaPaths(): string[] {
  return (areas as readonly Area[]).flatMap((a) => (a.publicPath ? [a.publicPath] : []));
}

/**
 * What the public pages show of an area in `locale`: the French fields themselves in French, the
 * English `en` in English (the French again for an area without a public page, never shown there).
 */
export function areaTexts(a: Area, locale: Locale): AreaTexts {
  return locale === 'en' && a.en ? a.en : a;
}

/** A navigation section's name in `locale`. */
export function sectionLabel(key: SectionKey, locale: Locale): string {
  const s = sections.find((x) => x.key === key)!;
  return locale === 'en' ? s.en : s.label;
}

/** An area field's name on public pages, in `locale`. */
export const fieldLabel = (f: AreaField, locale: Locale): string => (locale === 'en' && f.en ? f.en : f.label);

/** Back-office menu: each admin path once, in registry order, with its label. */
export function adminMenu(): { path: string; label: string; section: SectionKey | 'admin' }[] {
  const seen = new Set<string>();
  const entries: { path: string; label: string; section: SectionKey | 'admin' }[] = adminScreens.map((s) => ({
    ...s,
    section: 'admin' as const,
  }));
  seen.add('/admin');
  for (const a of areas as readonly Area[]) {
    if (seen.has(a.adminPath)) continue;
    seen.add(a.adminPath);
    const label = a.adminPath === '/admin/about' ? 'Présentation' : a.adminPath === '/admin/lois' ? 'Lois et décrets' : a.menuLabel;
    entries.push({ path: a.adminPath, label, section: a.section });
  }
  return entries;
}

/**
 * Zod schema of an area's specific fields (empty object when it has none), with a French message
 * for every case: a missing, null or blank value is « X est obligatoire. » when required and
 * dropped otherwise; undeclared keys are dropped.
 */
export function areaFieldsSchema(a: Area) {
  const shape: Record<string, z.ZodType> = {};
  for (const f of a.fields ?? []) {
    const required = `${f.label} est obligatoire.`;
    const base =
      f.type === 'date'
        ? z.iso.date({ error: (issue) => (issue.input === undefined ? required : `${f.label} : date attendue au format AAAA-MM-JJ`) })
        : z
            .string({ error: (issue) => (issue.input === undefined ? required : `${f.label} : valeur invalide.`) })
            .trim()
            .max(200, `${f.label} : 200 caractères au plus`);
    const blankIsAbsent = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);
    shape[f.name] = z.preprocess(blankIsAbsent, f.required ? base : base.optional());
  }
  return z.object(shape, { error: 'Champs de la rubrique : valeurs attendues.' });
}

/** Path segments that cannot be publication slugs (they are list filters). */
export const reservedSlugs = new Set(['annee', 'page', 'series']);
