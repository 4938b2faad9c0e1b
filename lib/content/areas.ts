/**
 * The content-area registry: every area of the public and admin route tables, described once.
 * Navigation, area pages, admin menus, the sitemap and the route smoke test all read it;
 * adding an area is one entry here.
 */
import { z } from 'zod';
import type { KindName } from './kinds/forms';

/** What an area holds: items of a kind (lib/content/kinds), or institutional pages (/admin/about). */
export type AreaKind = KindName | 'pages';

export type SectionKey = 'institut' | 'indices' | 'commerce' | 'publications' | 'ressources' | 'actualites';

export const sections: { key: SectionKey; label: string }[] = [
  { key: 'institut', label: "L'institut" },
  { key: 'indices', label: 'Indices' },
  { key: 'commerce', label: 'Commerce extérieur' },
  { key: 'publications', label: 'Publications' },
  { key: 'ressources', label: 'Méthodes et textes' },
  { key: 'actualites', label: 'Actualités' },
];

/** An area-specific form field; the edit form and the validation schema derive from it. */
export type AreaField = {
  name: string;
  label: string;
  type: 'text' | 'date';
  required?: boolean;
  /** Shown on public pages (list and detail). */
  public?: boolean;
};

export type Area = {
  /** Stable identifier, stored on each row of the area. */
  slug: string;
  kind: AreaKind;
  /** Full French name, used as the page's h1. */
  label: string;
  /** Short name for menus. */
  menuLabel: string;
  /** Meta description and lead of the area page. */
  description: string;
  /** Public path; absent for areas visible in the back-office only. */
  publicPath?: string;
  adminPath: string;
  section: SectionKey;
  /** Documents restricted to connected users (sampling). */
  restricted?: boolean;
  fields?: AreaField[];
};

const lawFields: AreaField[] = [
  { name: 'number', label: 'Numéro', type: 'text', required: true, public: true },
  { name: 'signedOn', label: 'Date de signature', type: 'date', required: true, public: true },
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
    adminPath: '/admin/about',
    section: 'institut',
  },
  {
    slug: 'accessibilite',
    kind: 'pages',
    label: 'Déclaration d’accessibilité',
    menuLabel: 'Accessibilité',
    description: 'L’accessibilité du site de l’institut : état de conformité au RGAA, vérifications réalisées, contenus non accessibles et contact.',
    publicPath: '/accessibilite',
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
    adminPath: '/admin/snds',
    section: 'institut',
  },
  // Indices
  {
    slug: 'ipc',
    kind: 'publications',
    label: 'Indice des prix à la consommation',
    menuLabel: 'Prix à la consommation (IPC)',
    description: "L'indice des prix à la consommation (IPC) mesure chaque mois l'évolution des prix des biens et services consommés par les ménages.",
    publicPath: '/indice/ipc',
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
    adminPath: '/admin/ica/service',
    section: 'indices',
  },
  // Commerce extérieur
  {
    slug: 'ice',
    kind: 'publications',
    label: 'Indice du commerce extérieur',
    menuLabel: 'Indice du commerce extérieur (ICE)',
    description: "Les indices de valeur unitaire du commerce extérieur (ICE) mesurent l'évolution des prix à l'importation et à l'exportation.",
    publicPath: '/indice/ice',
    adminPath: '/admin/indice/commerce_exterieur',
    section: 'commerce',
  },
  {
    slug: 'bulletin',
    kind: 'publications',
    label: 'Bulletins des statistiques du commerce extérieur',
    menuLabel: 'Bulletins du commerce extérieur',
    description: 'Les bulletins trimestriels des statistiques du commerce extérieur : échanges par produit, par partenaire et par mode de transport.',
    publicPath: '/indice/bulletin',
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
    adminPath: '/admin/autres',
    section: 'publications',
  },
  {
    slug: 'rgph',
    kind: 'publications',
    label: 'Troisième recensement général de la population et de l’habitat',
    menuLabel: 'Recensement (RGPH-3)',
    description: 'Résultats, rapports thématiques et documents méthodologiques du troisième recensement général de la population et de l’habitat (RGPH-3).',
    publicPath: '/rgph',
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
    adminPath: '/admin/offres',
    section: 'actualites',
  },
] as const satisfies readonly Area[];

export type AreaSlug = (typeof areas)[number]['slug'];

/** Back-office screens that are not content areas. */
const adminScreens = [
  { path: '/admin', label: 'Tableau de bord' },
  { path: '/admin/series', label: 'Séries statistiques' },
  { path: '/admin/calendrier', label: 'Calendrier des parutions' },
  { path: '/admin/recherche', label: 'Rechercher' },
  { path: '/admin/fichiers', label: 'Fichiers' },
  { path: '/admin/users', label: 'Utilisateurs' },
  { path: '/admin/journal', label: 'Journal d’activité' },
] as const;

const bySlug = new Map<string, Area>(areas.map((a) => [a.slug, a]));
const byPublicPath = new Map<string, Area>(
  (areas as readonly Area[]).filter((a) => a.publicPath).map((a) => [a.publicPath as string, a]),
);

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
    const label =
      a.adminPath === '/admin/about' ? 'Présentation' : a.adminPath === '/admin/lois' ? 'Lois et décrets' : a.menuLabel;
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
