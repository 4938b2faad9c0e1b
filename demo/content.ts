/**
 * The French texts of the demo: institutional pages, area introductions, news, events,
 * galleries, tenders and the simple kinds' items (press releases). Dates are relative to `now` so "upcoming" stays upcoming.
 */
import { areas, type Area } from '@/lib/content/areas';
import { dateLabel, daysFrom, isoDate, weekday } from './dates';
import { instituteEn } from './english';
import type { KindName } from '@/lib/content/kinds';
import type { DocSection, DocSpec, DocTable, SceneKind } from './generate';
import { escapeHtml, institute, slugify } from './institute';

const p = (...paragraphs: string[]) => paragraphs.map((t) => `<p>${escapeHtml(t)}</p>`).join('\n');
const ul = (...items: string[]) => `<ul>${items.map((t) => `<li>${escapeHtml(t)}</li>`).join('')}</ul>`;
const h2 = (t: string) => `<h2>${escapeHtml(t)}</h2>`;

// ─── Institutional pages ───────────────────────────────────────────────────────────────────

export const missionPage = {
  key: 'mission',
  title: "Présentation de l'institut",
  body: [
    p(
      `L'${institute.name} (${institute.acronym}) est un établissement public à caractère administratif placé sous la tutelle du ministère de l'Économie et des Finances. Créé en 1998 pour succéder à la Direction de la statistique, il est au cœur du système statistique national de la ${institute.country}.`,
    ),
    h2('Nos missions'),
    p(
      "L'institut produit, analyse et diffuse les statistiques officielles nécessaires à la conduite des politiques publiques, au débat démocratique et à la décision économique. Il est chargé notamment :",
    ),
    ul(
      'de réaliser les recensements généraux de la population et de l’habitat et les grandes enquêtes auprès des ménages et des entreprises ;',
      'd’élaborer les comptes nationaux et les indices conjoncturels (prix à la consommation, production industrielle, chiffre d’affaires, commerce extérieur) ;',
      'de tenir le répertoire national des entreprises et les nomenclatures statistiques ;',
      'de coordonner le système statistique national et de mettre en œuvre la stratégie nationale de développement de la statistique ;',
      'de former les statisticiens et de promouvoir l’utilisation des données.',
    ),
    h2('Notre organisation'),
    p(
      "L'institut est administré par un conseil d'administration et dirigé par un Directeur général nommé en Conseil des ministres. Il compte cinq directions techniques (méthodes et coordination, statistiques économiques, statistiques démographiques et sociales, comptabilité nationale, diffusion), une direction de l'administration et des finances et sept directions régionales.",
      `Ses 312 agents, dont 128 statisticiens et démographes, travaillent au siège de ${institute.capital} et dans les chefs-lieux de région.`,
    ),
    h2('Nos valeurs'),
    p(
      "Conformément à la loi statistique et aux principes fondamentaux de la statistique officielle, l'INSS exerce ses activités en toute indépendance professionnelle. Il garantit la confidentialité des informations individuelles qu'il collecte, publie ses résultats selon un calendrier annoncé à l'avance et documente ses méthodes.",
    ),
  ].join('\n'),
  translations: {
    en: {
      title: 'About the institute',
      body: [
        p(
          `The ${instituteEn.name} (${institute.acronym}) is a public administrative body under the supervision of the Ministry of Economy and Finance. Established in 1998 as the successor to the Directorate of Statistics, it lies at the heart of the national statistical system of the ${instituteEn.country}.`,
        ),
        h2('Our mission'),
        p(
          'The institute produces, analyses and disseminates the official statistics needed to design and monitor public policy, to inform democratic debate and to support economic decision-making. Its responsibilities include:',
        ),
        ul(
          'conducting the general population and housing censuses and the major household and business surveys;',
          'compiling the national accounts and the short-term indicators (consumer prices, industrial production, turnover, external trade);',
          'maintaining the national business register and the statistical classifications;',
          'coordinating the national statistical system and implementing the National Strategy for the Development of Statistics;',
          'training statisticians and promoting the use of data.',
        ),
        h2('Our organisation'),
        p(
          'The institute is governed by a board of directors and headed by a Director General appointed by the Council of Ministers. It has five technical directorates (methods and coordination, economic statistics, demographic and social statistics, national accounts, dissemination), a directorate of administration and finance, and seven regional directorates.',
          `Its 312 staff, including 128 statisticians and demographers, work at the head office in ${institute.capital} and in the regional capitals.`,
        ),
        h2('Our values'),
        p(
          'In accordance with the statistics act and the Fundamental Principles of Official Statistics, the INSS carries out its work with full professional independence. It guarantees the confidentiality of the individual information it collects, publishes its results according to a calendar announced in advance, and documents its methods.',
        ),
      ].join('\n'),
    },
  },
};

export const directorPage = {
  key: 'mot_du_dg',
  title: 'Le mot du Directeur général',
  body: [
    p(
      'Chers usagers de la statistique publique,',
      `Bienvenue sur le site de l'${institute.name}. Ce site est votre porte d'entrée vers les données officielles sur la population, l'économie et les conditions de vie des ménages de notre pays.`,
      "Des statistiques fiables sont un bien public. Elles éclairent les choix des décideurs, permettent aux citoyens de juger de l'action publique et aident les entreprises à investir. C'est pourquoi l'institut s'engage à publier des données de qualité, à des dates annoncées à l'avance, et à les rendre accessibles au plus grand nombre.",
    ),
    h2('Nos priorités'),
    ul(
      'moderniser la collecte grâce aux tablettes et aux sources administratives ;',
      'publier les résultats plus rapidement et en données ouvertes ;',
      'renforcer la statistique régionale ;',
      'dialoguer davantage avec les utilisateurs.',
    ),
    p(
      'Je remercie les ménages, les entreprises et les administrations qui répondent chaque année à nos enquêtes : sans eux, rien ne serait possible. Je vous invite à explorer nos publications et à nous faire part de vos suggestions.',
      `${institute.director}, Directeur général`,
    ),
  ].join('\n'),
  translations: {
    en: {
      title: 'A word from the Director General',
      body: [
        p(
          'Dear users of official statistics,',
          `Welcome to the website of the ${instituteEn.name}. This site is your gateway to official data on the population, the economy and the living conditions of households in our country.`,
          'Reliable statistics are a public good. They inform the choices of decision-makers, allow citizens to assess public action and help businesses to invest. That is why the institute is committed to publishing high-quality data on dates announced in advance, and to making them accessible to as many people as possible.',
        ),
        h2('Our priorities'),
        ul(
          'modernising data collection through tablets and administrative sources;',
          'publishing results faster and as open data;',
          'strengthening regional statistics;',
          'engaging more closely with users.',
        ),
        p(
          'I would like to thank the households, businesses and public bodies that respond to our surveys every year: without them, none of this would be possible. I invite you to explore our publications and to share your suggestions with us.',
          `${institute.director}, Director General`,
        ),
      ].join('\n'),
    },
  },
};

/** The introduction of each publication, news, events, galleries and tenders area. */
const intros: Record<string, string[]> = {
  snds: [
    'La stratégie nationale de développement de la statistique (SNDS) est le cadre de planification du système statistique national. Elle fixe, pour cinq ans, les priorités de production, les réformes institutionnelles et les besoins de financement.',
    'Vous trouverez ici le document de stratégie, les programmes statistiques annuels et les rapports de suivi de sa mise en œuvre.',
  ],
  ipc: [
    "L'indice des prix à la consommation (IPC) est l'instrument de mesure de l'inflation. Il permet d'estimer, entre deux périodes données, la variation moyenne des prix des produits consommés par les ménages.",
    "L'INSS publie chaque mois une note sur l'évolution de l'IPC vers le 12 du mois suivant, ainsi qu'un bilan annuel. Les données détaillées sont disponibles en téléchargement.",
  ],
  ipi: [
    "L'indice de la production industrielle (IPI) retrace chaque mois l'évolution du volume de la production des industries extractives, manufacturières et de l'énergie.",
    'Il constitue un indicateur avancé de la conjoncture et alimente les comptes nationaux trimestriels.',
  ],
  ippi: [
    "L'indice des prix à la production industrielle (IPPI) mesure l'évolution des prix des produits fabriqués par les entreprises industrielles et vendus sur le marché intérieur, à la sortie de l'usine.",
    "Il renseigne sur les tensions inflationnistes en amont de la chaîne de production et sert à l'indexation de contrats.",
  ],
  ica_commerce: [
    "L'indice du chiffre d'affaires du commerce suit chaque trimestre l'activité des entreprises du commerce de gros, du commerce de détail et de l'automobile.",
    'Il est calculé à partir des déclarations fiscales transmises par la Direction générale des impôts.',
  ],
  ica_service: [
    "L'indice du chiffre d'affaires des services mesure l'activité des entreprises de transport, de télécommunications, d'hébergement et de restauration et des services aux entreprises.",
    'Il est publié chaque trimestre et complète les indicateurs de conjoncture de l’industrie et du commerce.',
  ],
  ice: [
    "Les indices du commerce extérieur mesurent l'évolution des prix (valeurs unitaires) et des volumes des marchandises exportées et importées par Sahelia.",
    "Ils permettent de suivre les termes de l'échange, particulièrement sensibles aux cours de l'or et du coton.",
  ],
  bulletin: [
    'Chaque trimestre, le bulletin des statistiques du commerce extérieur présente les échanges de marchandises de Sahelia par produit, par pays partenaire et par mode de transport.',
  ],
  nace: [
    "La note annuelle du commerce extérieur (NACE) analyse les échanges de biens de l'année écoulée : évolution de la balance commerciale, structure des exportations et des importations, principaux partenaires.",
  ],
  annuaire_exterieur: [
    "L'annuaire du commerce extérieur rassemble les données détaillées de l'année, au niveau le plus fin de la nomenclature douanière, pour les chercheurs, les entreprises et les administrations.",
  ],
  annuaire_statistique: [
    "Publication de référence de l'institut, l'annuaire statistique réunit chaque année, en un seul volume, les principales données sur le territoire, la population, l'économie et la société de Sahelia.",
    'Il est élaboré avec l’ensemble des services statistiques des ministères.',
  ],
  demographie: [
    "L'INSS publie les estimations annuelles de la population, les statistiques de l'état civil et les perspectives démographiques à long terme, établies à partir des recensements et des enquêtes.",
  ],
  economie: [
    "Comptes nationaux, démographie des entreprises, situation économique et financière : retrouvez les publications de l'institut sur l'économie de Sahelia.",
  ],
  sociale: [
    "Emploi, pauvreté, éducation, santé : les enquêtes auprès des ménages de l'INSS décrivent les conditions de vie de la population et leur évolution.",
  ],
  autres: ["Rapports d'activité, études ponctuelles et documents institutionnels de l'INSS."],
  rgph: [
    "Le troisième recensement général de la population et de l'habitat (RGPH-3) a dénombré l'ensemble des personnes résidant sur le territoire national. Il fournit les données de référence pour la planification du développement et sert de base de sondage à toutes les enquêtes auprès des ménages.",
    'Retrouvez ici les résultats définitifs, les rapports thématiques et les documents méthodologiques.',
  ],
  methodes: [
    "La qualité des statistiques repose sur des méthodes documentées et des nomenclatures partagées. Cette rubrique rassemble les notes méthodologiques, les concepts et définitions et les nomenclatures utilisés par l'institut.",
  ],
  lois: [
    'Les lois qui fondent la statistique publique en Sahelia : organisation du système statistique national, obligation de réponse aux enquêtes, secret statistique et protection des données personnelles.',
  ],
  decrets: [
    "Les décrets d'application de la loi statistique et les textes relatifs à l'organisation et au fonctionnement de l'INSS et du Conseil national de la statistique.",
  ],
  echantillonage: [
    "Bases de sondage, plans d'échantillonnage et listes de points d'enquête. Ces documents contiennent des informations protégées par le secret statistique : leur consultation est réservée aux agents connectés.",
  ],
  news: [
    "Publications récentes, ateliers, partenariats, opérations de terrain : suivez l'actualité de l'institut national de la statistique.",
  ],
  events: [
    "Séminaires de restitution, ateliers de formation, forums des utilisateurs : retrouvez les rencontres organisées par l'INSS, à venir et passées.",
  ],
  galleries: ["Les activités de l'institut en images : opérations de collecte, formations, séminaires et visites."],
  offres: [
    "L'INSS publie ici ses appels d'offres et consultations. Les dossiers sont téléchargeables gratuitement ; les offres doivent être déposées avant la date limite indiquée, au secrétariat de la Direction de l'administration et des finances.",
  ],
};

/** The same introductions in English (every area the seed introduces has one). */
const introsEn: Record<string, string[]> = {
  snds: [
    'The National Strategy for the Development of Statistics (NSDS) is the planning framework of the national statistical system. It sets out, for five years, the priorities for statistical production, the institutional reforms and the funding requirements.',
    'This section contains the strategy document, the annual statistical programmes and the reports monitoring its implementation.',
  ],
  ipc: [
    'The consumer price index (CPI) is the measure of inflation. It estimates the average change, between two given periods, in the prices of the goods and services consumed by households.',
    'The INSS publishes a monthly release on the CPI around the 12th of the following month, together with an annual review. Detailed data are available for download.',
  ],
  ipi: [
    'The index of industrial production (IPI) tracks the monthly change in the volume of output of mining and quarrying, manufacturing and energy.',
    'It is a leading indicator of the economic situation and feeds into the quarterly national accounts.',
  ],
  ippi: [
    'The industrial producer price index (IPPI) measures the change in the ex-works prices of goods manufactured by industrial enterprises and sold on the domestic market.',
    'It signals inflationary pressure at the early stages of the production chain and is used for the indexation of contracts.',
  ],
  ica_commerce: [
    'The turnover index for trade follows, every quarter, the activity of wholesale, retail and motor trade enterprises.',
    'It is compiled from the tax returns supplied by the Directorate General of Taxes.',
  ],
  ica_service: [
    'The turnover index for services measures the activity of enterprises in transport, telecommunications, accommodation and food services, and business services.',
    'It is published quarterly and complements the short-term indicators for industry and trade.',
  ],
  ice: [
    'The external trade indices measure the change in the prices (unit values) and volumes of the goods exported and imported by Sahelia.',
    'They are used to monitor the terms of trade, which are particularly sensitive to the prices of gold and cotton.',
  ],
  bulletin: [
    'Each quarter, the external trade statistics bulletin presents the merchandise trade of Sahelia by product, by partner country and by mode of transport.',
  ],
  nace: [
    'The annual external trade note (NACE) analyses trade in goods over the past year: the trade balance, the structure of exports and imports, and the main trading partners.',
  ],
  annuaire_exterieur: [
    'The external trade yearbook brings together the detailed data for the year, at the most detailed level of the customs nomenclature, for researchers, businesses and public bodies.',
  ],
  annuaire_statistique: [
    'The flagship publication of the institute, the statistical yearbook brings together each year, in a single volume, the main data on the territory, population, economy and society of Sahelia.',
    'It is compiled together with all the statistical services of the ministries.',
  ],
  demographie: [
    'The INSS publishes annual population estimates, civil registration statistics and long-term population projections, based on censuses and surveys.',
  ],
  economie: [
    'National accounts, business demography, the economic and financial situation: the publications of the institute on the economy of Sahelia.',
  ],
  sociale: [
    'Employment, poverty, education, health: the household surveys of the INSS describe the living conditions of the population and how they change over time.',
  ],
  autres: ['Annual reports, one-off studies and institutional documents of the INSS.'],
  rgph: [
    'The third General Population and Housing Census (RGPH-3) enumerated every person living in the national territory. It provides the benchmark data for development planning and serves as the sampling frame for all household surveys.',
    'This section contains the final results, the thematic reports and the methodological documents.',
  ],
  methodes: [
    'The quality of statistics rests on documented methods and shared classifications. This section brings together the methodological notes, the concepts and definitions, and the classifications used by the institute.',
  ],
  lois: [
    'The laws on which official statistics in Sahelia are founded: the organisation of the national statistical system, the obligation to respond to surveys, statistical confidentiality and the protection of personal data.',
  ],
  decrets: [
    'The implementing decrees of the statistics act and the texts on the organisation and functioning of the INSS and of the National Statistics Council.',
  ],
  echantillonage: [
    'Sampling frames, sample designs and lists of survey points. These documents contain information protected by statistical confidentiality: they may be consulted only by signed-in staff.',
  ],
  news: ['Recent publications, workshops, partnerships and field operations: the latest news from the National Institute of Statistics.'],
  events: ['Results seminars, training workshops and user forums: the meetings organised by the INSS, upcoming and past.'],
  galleries: ['The activities of the institute in pictures: data collection, training, seminars and visits.'],
  offres: [
    'The INSS publishes its calls for tenders and requests for quotations here. The tender documents can be downloaded free of charge; bids must be submitted by the stated deadline to the secretariat of the Directorate of Administration and Finance.',
  ],
};

/** English titles of the areas without a public page (the registry has no English for them). */
const introTitlesEn: Record<string, string> = { echantillonage: 'Sampling' };

export function areaIntroPages(): { key: string; title: string; body: string; translations: { en?: { title: string; body: string } } }[] {
  const kinds = new Set(['publications', 'news', 'events', 'galleries', 'tenders']);
  return (areas as readonly Area[])
    .filter((a) => kinds.has(a.kind))
    .map((a) => {
      const en = introsEn[a.slug] ?? (a.en ? [a.en.description] : null);
      const title = a.en?.label ?? introTitlesEn[a.slug];
      return {
        key: `intro:${a.slug}`,
        title: a.label,
        body: p(...(intros[a.slug] ?? [a.description])),
        translations: en && title ? { en: { title, body: p(...en) } } : {},
      };
    });
}

// ─── News ──────────────────────────────────────────────────────────────────────────────────

export type NewsDraft = {
  slug: string;
  title: string;
  excerpt: string;
  body: string;
  publishedAt: Date;
  scene: SceneKind;
  alt: string;
  /** English of the newest items only: the older ones stay French on purpose (the English site's notice). */
  translations: { en?: { title: string; excerpt: string; body: string } };
};

const newsItems: {
  ago: number;
  title: string;
  excerpt: string;
  paragraphs: string[];
  scene: SceneKind;
  alt: string;
  en?: { title: string; excerpt: string; paragraphs: string[] };
}[] = [
  {
    ago: 5,
    title: "Le nouveau site internet de l'INSS est en ligne",
    excerpt:
      "Plus clair, plus rapide et accessible sur téléphone, le nouveau site de l'institut donne accès à toutes les publications et séries statistiques.",
    paragraphs: [
      "L'Institut national de la statistique de Sahelia a mis en ligne son nouveau site internet. Entièrement repensé, il permet de retrouver en quelques clics les dernières publications, les séries chronologiques des principaux indices et le calendrier des prochaines diffusions.",
      'Le site a été conçu pour être consulté sur téléphone mobile, y compris avec une connexion lente, et respecte les règles d’accessibilité pour les personnes en situation de handicap.',
      'Les utilisateurs sont invités à faire part de leurs remarques à l’adresse de contact de l’institut.',
    ],
    scene: 'city',
    alt: "Vue stylisée d'immeubles du centre de Djanta",
    en: {
      title: 'The new INSS website is live',
      excerpt:
        "Clearer, faster and easy to use on a mobile phone, the institute's new website gives access to all its publications and statistical series.",
      paragraphs: [
        'The National Institute of Statistics of Sahelia has launched its new website. Completely redesigned, it lets users find the latest publications, the time series of the main indices and the calendar of forthcoming releases in just a few clicks.',
        'The site has been designed to be used on a mobile phone, including over a slow connection, and complies with accessibility standards for people with disabilities.',
        "Users are invited to send their comments to the institute's contact address.",
      ],
    },
  },
  {
    ago: 17,
    title: "Lancement de la collecte de l'enquête sur les conditions de vie des ménages",
    excerpt:
      '420 enquêteurs sillonnent le pays pour interroger 8 400 ménages sur leur consommation, leur logement et leur accès aux services de base.',
    paragraphs: [
      "La collecte de l'enquête harmonisée sur les conditions de vie des ménages a démarré sur l'ensemble du territoire. Pendant trois mois, 420 enquêteurs et contrôleurs vont visiter 8 400 ménages tirés au sort dans les zones de dénombrement du recensement.",
      "Les résultats permettront de mettre à jour le profil de pauvreté et les pondérations de l'indice des prix à la consommation.",
      "L'INSS remercie par avance les ménages pour leur accueil et rappelle que les informations recueillies sont strictement confidentielles.",
    ],
    scene: 'fieldwork',
    alt: 'Enquêteurs munis de tablettes devant une concession',
    en: {
      title: 'Fieldwork begins for the household living conditions survey',
      excerpt:
        '420 interviewers are travelling across the country to survey 8,400 households on their consumption, their housing and their access to basic services.',
      paragraphs: [
        'Fieldwork for the harmonised survey on household living conditions has begun throughout the country. Over three months, 420 interviewers and supervisors will visit 8,400 households selected at random from the census enumeration areas.',
        'The results will be used to update the poverty profile and the weights of the consumer price index.',
        'The INSS thanks households in advance for their cooperation and reminds them that the information collected is strictly confidential.',
      ],
    },
  },
  {
    ago: 29,
    title: 'Atelier de validation des comptes nationaux provisoires',
    excerpt: "Les comptables nationaux de l'INSS ont présenté les comptes provisoires aux ministères et à la Banque centrale.",
    paragraphs: [
      "Un atelier de validation des comptes nationaux provisoires s'est tenu pendant deux jours dans la salle de conférences de l'institut. Il a réuni les représentants des ministères sectoriels, de la Banque centrale et des organisations professionnelles.",
      'Les participants ont examiné les estimations de la production par branche et les principaux agrégats. Les observations formulées seront intégrées avant la publication officielle.',
    ],
    scene: 'meeting',
    alt: "Participants autour d'une table devant un écran de projection",
    en: {
      title: 'Validation workshop on the provisional national accounts',
      excerpt: 'The INSS national accountants presented the provisional accounts to the ministries and the Central Bank.',
      paragraphs: [
        "A two-day workshop to validate the provisional national accounts was held in the institute's conference room. It brought together representatives of the line ministries, the Central Bank and business associations.",
        'Participants reviewed the estimates of output by industry and the main aggregates. Their comments will be incorporated before official publication.',
      ],
    },
  },
  {
    ago: 41,
    title: "Signature d'une convention d'échange de données avec la Direction générale des douanes",
    excerpt:
      "La convention sécurise la transmission mensuelle des déclarations en douane à l'INSS pour l'élaboration des statistiques du commerce extérieur.",
    paragraphs: [
      "Le Directeur général de l'INSS et le Directeur général des douanes ont signé une convention d'échange de données. Elle fixe le contenu, le calendrier et les modalités sécurisées de transmission des déclarations en douane.",
      'Cette convention permettra de réduire de deux semaines les délais de publication des statistiques du commerce extérieur.',
    ],
    scene: 'meeting',
    alt: 'Cérémonie de signature dans une salle de réunion',
    en: {
      title: 'Data-sharing agreement signed with the Directorate General of Customs',
      excerpt:
        'The agreement secures the monthly transmission of customs declarations to the INSS for the compilation of external trade statistics.',
      paragraphs: [
        'The Director General of the INSS and the Director General of Customs have signed a data-sharing agreement. It sets out the content, the timetable and the secure arrangements for transmitting customs declarations.',
        'The agreement will cut the time taken to publish external trade statistics by two weeks.',
      ],
    },
  },
  {
    ago: 56,
    title: '350 agents enquêteurs formés à Kouroumé',
    excerpt:
      "Pendant dix jours, les futurs enquêteurs ont été formés aux concepts de l'enquête et à l'utilisation des tablettes de collecte.",
    paragraphs: [
      "La formation des agents de terrain de l'enquête sur les conditions de vie des ménages s'est achevée à Kouroumé. Pendant dix jours, 350 candidats ont suivi des cours théoriques, des exercices pratiques sur tablette et une enquête pilote dans deux quartiers de la ville.",
      'À l’issue des tests, les meilleurs candidats ont été retenus comme enquêteurs et contrôleurs.',
    ],
    scene: 'fieldwork',
    alt: 'Agents enquêteurs en formation sur le terrain',
  },
  {
    ago: 70,
    title: 'Le Conseil national de la statistique adopte le programme statistique annuel',
    excerpt:
      'Réuni en session ordinaire, le Conseil a adopté le programme des opérations statistiques et examiné le rapport de suivi de la SNDS.',
    paragraphs: [
      "Le Conseil national de la statistique s'est réuni sous la présidence du ministre de l'Économie et des Finances. Il a adopté le programme statistique annuel, qui compte 96 opérations, et examiné le rapport de suivi de la stratégie nationale de développement de la statistique.",
      'Le Conseil a recommandé de renforcer les moyens des services statistiques régionaux.',
    ],
    scene: 'meeting',
    alt: 'Membres du Conseil national de la statistique en séance',
  },
  {
    ago: 88,
    title: "Visite du ministre de l'Économie et des Finances à l'INSS",
    excerpt: 'Le ministre a visité les directions techniques et salué les progrès réalisés dans la diffusion des données.',
    paragraphs: [
      "Le ministre de l'Économie et des Finances a effectué une visite de travail au siège de l'institut. Il a échangé avec les équipes chargées de l'indice des prix, des comptes nationaux et du recensement.",
      'Il a réaffirmé le soutien du Gouvernement au financement des grandes opérations statistiques et à l’indépendance professionnelle de l’institut.',
    ],
    scene: 'city',
    alt: "Façade du siège de l'institut à Djanta",
  },
  {
    ago: 104,
    title: 'Les statisticiens régionaux se forment à l’analyse des données',
    excerpt: 'Une session de formation de deux semaines a porté sur les logiciels libres de traitement et de visualisation des données.',
    paragraphs: [
      "Vingt-quatre cadres des directions régionales de l'INSS ont suivi une formation à l'analyse de données avec des logiciels libres. Le programme couvrait l'apurement des fichiers d'enquête, le calcul des pondérations et la production de graphiques.",
      'Cette formation s’inscrit dans le plan de renforcement des capacités de la stratégie nationale de développement de la statistique.',
    ],
    scene: 'meeting',
    alt: 'Cadres en formation devant un graphique projeté',
  },
  {
    ago: 131,
    title: "Coopération : une délégation de l'Office statistique du Marenda en visite à Djanta",
    excerpt: "Les deux instituts ont partagé leurs expériences sur la collecte assistée par tablette et le calcul de l'indice des prix.",
    paragraphs: [
      "Une délégation de l'Office statistique de la République du Marenda a séjourné une semaine à Djanta. Les échanges ont porté sur la collecte assistée par tablette, la cartographie numérique et le calcul de l'indice des prix à la consommation.",
      'Les deux institutions ont convenu d’un programme d’échanges d’experts pour les deux prochaines années.',
    ],
    scene: 'city',
    alt: 'Vue de Djanta',
  },
  {
    ago: 158,
    title: 'Journée portes ouvertes : plus de 800 élèves découvrent la statistique',
    excerpt: "Ateliers ludiques, quiz et visites des services : l'institut a accueilli les élèves des lycées de Djanta.",
    paragraphs: [
      "Plus de 800 élèves de quinze lycées de Djanta ont participé à la journée portes ouvertes de l'INSS. Ils ont découvert comment sont produits les chiffres de la population ou de l'inflation et se sont essayés à la collecte de prix sur tablette.",
      'Un concours de posters sur le thème « Les chiffres de mon quartier » a récompensé trois établissements.',
    ],
    scene: 'meeting',
    alt: "Élèves réunis dans la salle de conférences de l'institut",
  },
  {
    ago: 190,
    title: 'Secteur informel : les résultats de l’enquête restitués aux partenaires',
    excerpt: "L'enquête estime que les unités de production informelles emploient près de huit actifs non agricoles sur dix.",
    paragraphs: [
      "Les résultats de l'enquête nationale sur le secteur informel ont été présentés aux administrations, aux organisations patronales et aux partenaires techniques et financiers.",
      "L'enquête a recensé 1,9 million d'unités de production informelles non agricoles. Le commerce représente près de la moitié de ces unités.",
    ],
    scene: 'meeting',
    alt: 'Présentation des résultats devant un public',
  },
  {
    ago: 228,
    title: 'Cartographie : les zones de dénombrement mises à jour dans trois régions',
    excerpt: 'Les équipes de cartographie ont actualisé les limites de 2 100 zones de dénombrement à Bafaro, Ténéla et Sambrou.',
    paragraphs: [
      "Les équipes de cartographie de l'INSS ont achevé la mise à jour des zones de dénombrement dans les régions de Bafaro, Ténéla et Sambrou. Les nouvelles limites tiennent compte de l'extension des villes et de la création de nouveaux villages.",
      'Cette mise à jour améliore la précision de la base de sondage utilisée pour les enquêtes auprès des ménages.',
    ],
    scene: 'landscape',
    alt: 'Paysage de savane arborée dans la région de Ténéla',
  },
];

export function newsDrafts(now: Date): NewsDraft[] {
  return newsItems.map((n, i) => ({
    slug: slugify(n.title),
    title: n.title,
    excerpt: n.excerpt,
    body: p(...n.paragraphs),
    publishedAt: weekday(daysFrom(now, -n.ago, 9 + (i % 5), 15 * (i % 4))),
    scene: n.scene,
    alt: n.alt,
    translations: n.en ? { en: { title: n.en.title, excerpt: n.en.excerpt, body: p(...n.en.paragraphs) } } : {},
  }));
}

// ─── Events ────────────────────────────────────────────────────────────────────────────────

export type EventDraft = {
  slug: string;
  title: string;
  summary: string;
  body: string;
  place: string;
  startsAt: Date;
  endsAt: Date;
  publishedAt: Date;
  scene: SceneKind;
};

const eventItems: {
  offset: number;
  days: number;
  title: string;
  summary: string;
  paragraphs: string[];
  place: string;
  scene: SceneKind;
}[] = [
  {
    offset: -72,
    days: 1,
    title: "Séminaire de restitution des résultats de l'enquête nationale sur l'emploi",
    summary: "Présentation des principaux résultats de l'enquête emploi aux administrations, partenaires sociaux et chercheurs.",
    paragraphs: [
      "L'INSS présentera les principaux résultats de l'enquête nationale sur l'emploi : activité, chômage, sous-emploi, emploi informel et revenus du travail.",
      'Le séminaire est ouvert aux administrations, aux partenaires sociaux, aux chercheurs et à la presse.',
    ],
    place: institute.place,
    scene: 'meeting',
  },
  {
    offset: -36,
    days: 3,
    title: 'Atelier de formation aux outils de diffusion des données',
    summary: 'Trois jours pour former les services statistiques des ministères à la publication de données ouvertes.',
    paragraphs: [
      "Cet atelier s'adresse aux responsables des services statistiques des ministères. Il porte sur la documentation des données, les formats ouverts et la publication sur le portail national de données.",
    ],
    place: 'Centre de formation de l’INSS, Djanta',
    scene: 'meeting',
  },
  {
    offset: -10,
    days: 1,
    title: 'Session ordinaire du Conseil national de la statistique',
    summary: "Examen du rapport de suivi de la SNDS et du projet de programme statistique de l'année prochaine.",
    paragraphs: [
      'Le Conseil national de la statistique examinera le rapport de suivi de la SNDS et le projet de programme statistique annuel.',
    ],
    place: "Salle de réunion du ministère de l'Économie et des Finances, Djanta",
    scene: 'meeting',
  },
  {
    offset: 9,
    days: 1,
    title: 'Forum des utilisateurs de la statistique publique',
    summary: "Journaliste, chercheur, entrepreneur ou étudiant : venez dire à l'INSS de quelles données vous avez besoin.",
    paragraphs: [
      "Le forum des utilisateurs réunit chaque année les producteurs et les utilisateurs de statistiques. Cette édition sera consacrée à l'accès aux données détaillées et aux nouveaux services du site internet.",
      "L'entrée est libre dans la limite des places disponibles ; l'inscription préalable est recommandée.",
    ],
    place: institute.place,
    scene: 'meeting',
  },
  {
    offset: 27,
    days: 2,
    title: 'Atelier régional sur les indices de prix',
    summary: 'Les experts des instituts de statistique de la sous-région échangeront sur la mesure des prix des services et des loyers.',
    paragraphs: [
      "L'INSS accueille à Kouroumé un atelier régional sur les indices de prix. Les experts de six instituts de statistique échangeront sur le traitement des loyers, des services et des changements de qualité.",
    ],
    place: 'Hôtel de la Préfecture, Kouroumé',
    scene: 'city',
  },
  {
    offset: 52,
    days: 1,
    title: "Journée portes ouvertes de l'INSS",
    summary: "Ateliers, expositions et rencontres avec les statisticiens : l'institut ouvre ses portes au public.",
    paragraphs: [
      "Pour la deuxième année consécutive, l'INSS ouvre ses portes aux élèves, aux étudiants et au grand public. Au programme : ateliers ludiques, visite des services de collecte et rencontres avec les statisticiens.",
    ],
    place: "Siège de l'INSS, avenue de l'Indépendance, Djanta",
    scene: 'city',
  },
];

export function eventDrafts(now: Date): EventDraft[] {
  return eventItems.map((e) => {
    const startsAt = daysFrom(now, e.offset, 8, 30);
    const endsAt = daysFrom(now, e.offset + e.days - 1, 17, 0);
    const publishedAt = daysFrom(now, Math.min(e.offset - 21, -2), 10);
    return {
      slug: slugify(`${e.title} ${isoDate(startsAt).slice(0, 4)}`),
      title: e.title,
      summary: e.summary,
      body: p(
        ...e.paragraphs,
        `Date : ${e.days > 1 ? `du ${dateLabel(startsAt)} au ${dateLabel(endsAt)}` : `le ${dateLabel(startsAt)}`}. Lieu : ${e.place}.`,
      ),
      place: e.place,
      startsAt,
      endsAt,
      publishedAt,
      scene: e.scene,
    };
  });
}

// ─── Galleries ─────────────────────────────────────────────────────────────────────────────

export type GalleryDraft = {
  slug: string;
  title: string;
  description: string;
  takenOn: string;
  publishedAt: Date;
  images: { caption: string; alt: string; scene: SceneKind; en?: { caption: string; alt: string } }[];
  /** English title, description and captions (issue 29): the two newest albums; the oldest stays French, to show the fallback. */
  en?: { title: string; description: string };
};

const galleryItems: {
  ago: number;
  title: string;
  description: string;
  scenes: SceneKind[];
  captions: string[];
  en?: { title: string; description: string; captions: string[] };
}[] = [
  {
    ago: 72,
    title: "Séminaire de restitution de l'enquête emploi",
    description: "Retour en images sur la présentation des résultats de l'enquête nationale sur l'emploi.",
    scenes: ['meeting', 'meeting', 'city', 'meeting', 'meeting', 'city', 'meeting', 'meeting'],
    captions: [
      'Ouverture du séminaire par le Directeur général',
      'Présentation des principaux indicateurs du marché du travail',
      "Accueil des participants devant le siège de l'institut",
      'Échanges avec les partenaires sociaux',
      'Intervention du représentant du ministère de l’Emploi',
      'Pause entre les deux sessions',
      'Questions de la presse',
      'Photo de famille des participants',
    ],
  },
  {
    ago: 58,
    title: 'Formation des agents enquêteurs à Kouroumé',
    description: "Dix jours de formation théorique et pratique pour les agents de l'enquête sur les conditions de vie des ménages.",
    scenes: ['meeting', 'fieldwork', 'fieldwork', 'meeting', 'landscape', 'fieldwork', 'meeting', 'fieldwork'],
    captions: [
      'Cours sur les concepts de ménage et de résident',
      'Exercice pratique de remplissage sur tablette',
      'Enquête pilote dans un quartier de Kouroumé',
      'Test de sélection des enquêteurs',
      'Route vers les villages de l’enquête pilote',
      'Entretien avec un chef de ménage',
      'Synthèse des difficultés rencontrées',
      'Remise des tablettes aux équipes',
    ],
    en: {
      title: 'Training of survey interviewers in Kouroumé',
      description: 'Ten days of classroom and field training for the interviewers of the household living conditions survey.',
      captions: [
        'Lesson on the concepts of household and resident',
        'Practice filling in the questionnaire on a tablet',
        'Pilot survey in a district of Kouroumé',
        'Interviewer selection test',
        'Road to the villages of the pilot survey',
        'Interview with a head of household',
        'Review of the difficulties met',
        'Handing the tablets over to the teams',
      ],
    },
  },
  {
    ago: 15,
    title: 'Collecte sur le terrain dans la région de Ténéla',
    description: "Les équipes de l'INSS à la rencontre des ménages de la région de Ténéla.",
    scenes: ['landscape', 'fieldwork', 'landscape', 'fieldwork', 'fieldwork', 'landscape', 'fieldwork', 'landscape'],
    captions: [
      'Arrivée des équipes dans la région de Ténéla',
      'Identification des concessions à enquêter',
      'Paysage de savane près de Ténéla',
      'Entretien avec une famille d’agriculteurs',
      'Contrôle des questionnaires par le superviseur',
      'Traversée d’un cours d’eau en saison des pluies',
      'Relevé des coordonnées géographiques',
      'Fin de journée pour les enquêteurs',
    ],
    en: {
      title: 'Fieldwork in the Ténéla region',
      description: 'The institute’s teams meeting the households of the Ténéla region.',
      captions: [
        'The teams arrive in the Ténéla region',
        'Listing the compounds to survey',
        'Savannah landscape near Ténéla',
        'Interview with a farming family',
        'The supervisor checks the questionnaires',
        'Crossing a stream in the rainy season',
        'Recording geographic coordinates',
        'End of the day for the interviewers',
      ],
    },
  },
];

export function galleryDrafts(now: Date): GalleryDraft[] {
  return galleryItems.map((g) => ({
    slug: slugify(g.title),
    title: g.title,
    description: g.description,
    takenOn: isoDate(daysFrom(now, -g.ago)),
    publishedAt: weekday(daysFrom(now, -g.ago + 3, 11)),
    images: g.captions.map((caption, i) => {
      const en = g.en?.captions[i];
      return { caption, alt: caption, scene: g.scenes[i] ?? 'landscape', ...(en ? { en: { caption: en, alt: en } } : {}) };
    }),
    ...(g.en ? { en: { title: g.en.title, description: g.en.description } } : {}),
  }));
}

// ─── Tenders ───────────────────────────────────────────────────────────────────────────────

export type TenderDraft = {
  slug: string;
  reference: string;
  title: string;
  summary: string;
  body: string;
  deadlineAt: Date;
  publishedAt: Date;
  doc: { sections: DocSection[]; table: DocTable };
};

const tenderItems: { deadline: number; number: string; title: string; summary: string; lots: [string, number][]; detail: string }[] = [
  {
    deadline: 18,
    number: '011',
    title: 'Acquisition de 600 tablettes numériques pour la collecte des données',
    summary: 'Fourniture de tablettes, housses de protection et batteries externes pour les enquêtes auprès des ménages.',
    lots: [
      ['Lot 1 : tablettes 10 pouces, 4G, 128 Go', 600],
      ['Lot 2 : housses de protection renforcées', 600],
      ['Lot 3 : batteries externes 20 000 mAh', 600],
    ],
    detail:
      'Les tablettes devront fonctionner sous un système d’exploitation compatible avec l’application de collecte de l’INSS et être livrées au siège de Djanta.',
  },
  {
    deadline: 34,
    number: '012',
    title: "Impression et reliure de l'annuaire statistique",
    summary:
      "Impression en quadrichromie de 1 500 exemplaires de l'annuaire statistique et de 3 000 exemplaires du dépliant « Sahelia en chiffres ».",
    lots: [
      ['Annuaire statistique, 420 pages, reliure collée', 1500],
      ['Dépliant « Sahelia en chiffres », 8 volets', 3000],
    ],
    detail: 'Les épreuves seront validées par la Direction de la diffusion avant tout tirage. Le délai de livraison est de 30 jours.',
  },
  {
    deadline: -25,
    number: '004',
    title: 'Maintenance du parc informatique et des serveurs',
    summary:
      "Contrat de maintenance préventive et curative de 350 postes de travail, des imprimantes et de la salle des serveurs pour une durée d'un an.",
    lots: [
      ['Postes de travail et imprimantes', 350],
      ['Serveurs et équipements réseau', 24],
    ],
    detail: 'Le prestataire devra garantir une intervention dans un délai de quatre heures ouvrées pour les serveurs.',
  },
  {
    deadline: -80,
    number: '002',
    title: "Recrutement d'un cabinet pour l'audit des comptes de l'institut",
    summary: "Audit financier et comptable des comptes de l'exercice écoulé, y compris des projets financés par les partenaires.",
    lots: [['Audit des comptes de l’exercice', 1]],
    detail: "Le cabinet devra être inscrit à l'Ordre des experts-comptables et justifier d'au moins trois missions similaires.",
  },
];

export function tenderDrafts(now: Date): TenderDraft[] {
  return tenderItems.map((t) => {
    const deadlineAt = daysFrom(now, t.deadline, 12, 0);
    const publishedAt = weekday(daysFrom(now, Math.min(t.deadline - 30, -3), 10));
    const reference = `AO-${publishedAt.getUTCFullYear()}-${t.number}/INSS`;
    const paragraphs = [
      `L'${institute.name} lance un appel d'offres ouvert pour : ${t.title.charAt(0).toLowerCase()}${t.title.slice(1)}. ${t.summary}`,
      t.detail,
      `Le dossier d'appel d'offres peut être téléchargé sur ce site ou retiré gratuitement au secrétariat de la Direction de l'administration et des finances. Les offres doivent parvenir au plus tard le ${dateLabel(deadlineAt)} à 12 heures. L'ouverture des plis aura lieu le même jour à 12 h 30 en présence des soumissionnaires qui le souhaitent.`,
    ];
    const table: DocTable = { caption: 'Allotissement', headers: ['Lot', 'Quantité'], rows: t.lots.map(([l, q]) => [l, q]), source: null };
    return {
      slug: slugify(`${t.title} ${reference.slice(3, 7)}`),
      reference,
      title: t.title,
      summary: t.summary,
      body: p(...paragraphs),
      deadlineAt,
      publishedAt,
      doc: {
        sections: [
          { heading: "Objet de l'appel d'offres", paragraphs: paragraphs.slice(0, 2) },
          {
            heading: 'Conditions de participation',
            paragraphs: [
              'La participation est ouverte à égalité de conditions à toutes les personnes physiques ou morales en règle vis-à-vis de l’administration fiscale et sociale.',
            ],
            bullets: [
              'Attestation de situation fiscale',
              'Attestation de la caisse de sécurité sociale',
              'Registre du commerce',
              'Caution de soumission',
            ],
          },
          { heading: 'Dépôt des offres', paragraphs: [paragraphs[2] ?? ''] },
        ],
        table,
      },
    };
  });
}

// ─── Accessibility statement, in English ─────────────────────────────────────────────────────

/** The English of the default accessibility statement (lib/content/accessibility-statement.ts), same structure. */
// ─── Press releases ────────────────────────────────────────────────────────────────────────

const pressItems: {
  days: number;
  title: string;
  summary: string;
  paragraphs: string[];
  en: { title: string; summary: string; paragraphs: string[] };
}[] = [
  {
    days: -3,
    title: 'Lancement de l’enquête nationale sur l’emploi et le secteur informel',
    summary: 'Les agents enquêteurs visiteront 12 000 ménages tirés au sort dans les huit régions du pays jusqu’à la fin du trimestre.',
    paragraphs: [
      'L’enquête nationale sur l’emploi et le secteur informel débute ce lundi. Elle mesure le chômage, le sous-emploi et la place des unités de production informelles dans l’économie.',
      'Les ménages tirés au sort recevront la visite d’un agent muni d’une carte professionnelle et d’une tablette. Les réponses sont confidentielles et ne servent qu’à des fins statistiques.',
    ],
    en: {
      title: 'Launch of the national survey on employment and the informal sector',
      summary: 'Interviewers will visit 12,000 randomly selected households in the country’s eight regions until the end of the quarter.',
      paragraphs: [
        'The national survey on employment and the informal sector starts this Monday. It measures unemployment, underemployment and the weight of informal production units in the economy.',
        'Selected households will be visited by an interviewer carrying a professional card and a tablet. Answers are confidential and used for statistical purposes only.',
      ],
    },
  },
  {
    days: -17,
    title: 'Signature d’une convention avec l’université de Sahelia',
    summary: 'L’institut accueillera chaque année dix stagiaires de master et ouvrira ses microdonnées anonymisées aux chercheurs.',
    paragraphs: [
      'Le Directeur général de l’institut et le Président de l’université ont signé une convention de partenariat de cinq ans.',
      'Elle prévoit l’accueil de stagiaires, des séminaires communs de méthodologie et l’accès sécurisé des chercheurs aux microdonnées anonymisées des enquêtes.',
    ],
    en: {
      title: 'Agreement signed with the University of Sahelia',
      summary: 'The institute will host ten master’s interns each year and open its anonymised microdata to researchers.',
      paragraphs: [
        'The institute’s Director General and the President of the university signed a five-year partnership agreement.',
        'It provides for internships, joint methodology seminars and secure access for researchers to the anonymised microdata of the surveys.',
      ],
    },
  },
  {
    days: -41,
    title: 'Nouveau site internet de l’institut',
    summary: 'Les publications, les séries et le calendrier des parutions sont désormais consultables en français et en anglais.',
    paragraphs: [
      'L’institut met en ligne son nouveau site. Chaque publication s’accompagne de ses fichiers téléchargeables et les séries statistiques sont accessibles par une interface de programmation ouverte.',
    ],
    en: {
      title: 'The institute’s new website',
      summary: 'Publications, series and the release calendar can now be read in French and English.',
      paragraphs: [
        'The institute launches its new website. Each publication comes with its downloadable files, and the statistical series are available through an open programming interface.',
      ],
    },
  },
  {
    days: 6,
    title: 'Journée africaine de la statistique : portes ouvertes à l’institut',
    summary: 'Le public est invité à découvrir les métiers de la statistique publique lors d’une journée portes ouvertes, de 9 h à 16 h.',
    paragraphs: ['Visites des services, démonstrations de collecte sur tablette et rencontres avec les statisticiens sont au programme.'],
    en: {
      title: 'African Statistics Day: open day at the institute',
      summary: 'The public is invited to discover the professions of official statistics at an open day, from 9 am to 4 pm.',
      paragraphs: [
        'Tours of the departments, demonstrations of tablet-based data collection and meetings with statisticians are on the programme.',
      ],
    },
  },
];

/**
 * A demo item of a simple kind (title, date, summary, text, one PDF: press releases): its row, and
 * the PDF made for its document column. `demo/index.ts` seeds the items of every kind of
 * `simpleKindDemo` alike, so that a new simple kind's demo content is its entry there.
 */
export type SimpleDemoItem = {
  /** Its columns; `createdAt` and `updatedAt` are its `publishedAt`, in the future for one still scheduled. */
  row: {
    slug: string;
    title: string;
    summary: string;
    body: string;
    status: 'published' | 'scheduled';
    publishedAt: Date;
    translations: { en: { title: string; summary: string; body: string } };
  };
  /** The generated PDF its document column (`column`, a key of the row) points to, stored under `name`. */
  document?: { column: string; name: string; pdf: Omit<DocSpec, 'institute' | 'acronym' | 'country'> };
};

/** The demo items of the simple kinds, by kind name, in the order they are seeded. */
export const simpleKindDemo: { [K in KindName]?: (now: Date) => SimpleDemoItem[] } = {
  // Each press release with its PDF; the last one is scheduled for a coming day.
  'press-releases': (now) =>
    pressItems.map((r) => {
      const publishedAt = weekday(daysFrom(now, r.days, 9));
      const slug = slugify(r.title);
      return {
        row: {
          slug,
          title: r.title,
          summary: r.summary,
          body: p(...r.paragraphs),
          status: r.days > 0 ? 'scheduled' : 'published',
          publishedAt,
          translations: { en: { title: r.en.title, summary: r.en.summary, body: p(...r.en.paragraphs) } },
        },
        document: {
          column: 'documentFileId',
          name: `Communiqué ${slug}`,
          pdf: {
            kicker: 'Communiqué de presse',
            title: r.title,
            period: dateLabel(publishedAt),
            dateLabel: dateLabel(publishedAt),
            date: publishedAt,
            sections: [{ heading: 'Communiqué de presse', paragraphs: [r.summary, ...r.paragraphs] }],
            accent: '#1f4e79',
          },
        },
      };
    }),
};

export const accessibilityStatementEn = {
  title: 'Accessibility statement',
  body: [
    p(
      'The institute is committed to making its website accessible to everyone, in accordance with the general accessibility improvement framework (RGAA 4.1), which incorporates the international WCAG 2.1 level AA guidelines.',
    ),
    p('This accessibility statement applies to the public website of the institute (all pages outside the administration area).'),
    h2('Compliance status'),
    '<p>The website is <strong>partially compliant</strong> with RGAA 4.1: no full audit by an external body has yet been carried out; the known non-compliant items are listed below.</p>',
    h2('Checks carried out'),
    p('Whenever the website software is changed, and before it goes live, automated checks are run:'),
    ul(
      'axe-core (WCAG 2.1 A and AA rules) on every page template of the site, in light and dark mode: no serious or critical violation is tolerated;',
      'the html-validate HTML validator on every public page reached by following the links from the home page and the site map, with a check that no internal link is broken;',
      'keyboard-only journeys (menus, forms, photo viewer) and a check that the public pages work without JavaScript;',
      'Lighthouse (accessibility, best practices, search engine optimisation) on the most visited pages.',
    ),
    p('Technologies used: HTML, CSS, SVG; JavaScript as an enhancement only.'),
    h2('Non-accessible content'),
    ul(
      'some older PDF documents published by the institute are not tagged for screen readers; their figures are generally available in an attached XLSX or CSV file, or on request;',
      'the charts of the statistical series come with a text describing the trend and the full table of values, but their colours have not been checked for every form of colour blindness;',
      'not all the photographs in galleries published before the website went live have a detailed description.',
    ),
    h2('Feedback and contact'),
    p(
      'If you cannot access a piece of content or a service, write to the institute’s email address shown at the bottom of every page, with the subject “Accessibility”, or call the telephone number given there: the institute will reply and provide the content in another form.',
    ),
    h2('Remedies'),
    p(
      'If, after reporting an accessibility problem to us, you have not received a satisfactory reply, you may refer the matter to the ombudsman or the human rights defender of your country, in writing or through their local representatives.',
    ),
    h2('Preparation of this statement'),
    p('This statement was prepared on 24 November 2026. It is updated whenever the website changes significantly.'),
  ].join('\n'),
};
