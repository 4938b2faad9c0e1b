/**
 * The demo publications of every publication area. The index areas (IPC, IPI, IPPI, ICA, ICE)
 * get notes computed from the generated series, so the figures quoted in a note match the data;
 * the other areas get a few documents each from compact templates.
 */
import {
  addDays,
  dateLabel,
  daysFrom,
  isoDate,
  lastAnnual,
  monthAxis,
  monthEnd,
  monthIndex,
  monthLabel,
  monthNames,
  monthPeriod,
  quarterAxis,
  quarterFirstMonth,
  quarterLabel,
  utc,
  weekday,
} from './dates';
import type { Cell, DocChart, DocSection, DocTable, SheetSpec } from './generate';
import { formatCell, formatNumber } from './generate';
import { dateLabelEn, formatCellEn, formatNumberEn, monthLabelEn, monthNamesEn, quarterLabelEn } from './english';
import { escapeHtml, institute, regions, slugify, totalPopulation } from './institute';
import { createRandom, type Random } from './random';
import type { Observation, SeriesCode } from './series';

export type PublicationDraft = {
  area: string;
  slug: string;
  title: string;
  summary: string;
  sections: DocSection[];
  table?: DocTable;
  chart?: DocChart;
  periodLabel: string | null;
  periodStart: string | null;
  periodEnd: string | null;
  publishedAt: Date | null;
  status: 'published' | 'draft';
  fields: Record<string, unknown>;
  /** English title, summary, body and period (the `translations` column); absent: left French on purpose. */
  en?: PublicationEnglish;
  /** Display name of the attached files, without extension. */
  fileBase: string;
  xlsx?: SheetSpec[];
  csv?: { headers: string[]; rows: Cell[][]; decimals?: (number | undefined)[] };
};

export type PublicationEnglish = { title: string; summary: string; sections: DocSection[]; table?: DocTable; periodLabel: string | null };

export type ReleaseDraft = {
  area: string;
  title: string;
  /** English title. */
  titleEn: string;
  scheduledAt: Date;
  status: 'announced' | 'confirmed' | 'published';
  /** `area/slug` of the publication it announced, for published releases. */
  publication?: string;
};

const pct = (x: number) => formatNumber(Math.abs(x), 1);
const signed = (x: number) => `${x >= 0 ? '+' : '−'}${formatNumber(Math.abs(x), 1)}`;
const round1 = (x: number) => Math.round(x * 10) / 10 || 0;
const change = (a: number, b: number) => (a / b - 1) * 100;
const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length;

/** « en hausse de 0,4 % », « en baisse de 1,2 % », « quasi stable ». */
function movement(x: number): string {
  if (Math.abs(x) < 0.05) return 'quasi stable';
  return x > 0 ? `en hausse de ${pct(x)} %` : `en baisse de ${pct(x)} %`;
}

const pctEn = (x: number) => formatNumberEn(Math.abs(x), 1);
const signedEn = (x: number) => `${x >= 0 ? '+' : '−'}${formatNumberEn(Math.abs(x), 1)}`;

/** « up 0.4% », « down 1.2% », « virtually unchanged ». */
function movementEn(x: number): string {
  if (Math.abs(x) < 0.05) return 'virtually unchanged';
  return x > 0 ? `up ${pctEn(x)}%` : `down ${pctEn(x)}%`;
}

/** Sections, list and table as HTML (only tags any sanitizer keeps); numbers in French or, `en`, in English. */
export function toHtml(sections: DocSection[], table?: DocTable, locale: 'fr' | 'en' = 'fr'): string {
  const parts: string[] = [];
  for (const section of sections) {
    if (section.heading) parts.push(`<h2>${escapeHtml(section.heading)}</h2>`);
    for (const p of section.paragraphs) parts.push(`<p>${escapeHtml(p)}</p>`);
    if (section.bullets?.length) parts.push(`<ul>${section.bullets.map((b) => `<li>${escapeHtml(b)}</li>`).join('')}</ul>`);
  }
  if (table) {
    const cell = (c: Cell, i: number) => escapeHtml((locale === 'en' ? formatCellEn : formatCell)(c, table.decimals?.[i]));
    parts.push(
      '<table>' +
        (table.caption ? `<caption>${escapeHtml(table.caption)}</caption>` : '') +
        `<thead><tr>${table.headers.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('')}</tr></thead>` +
        `<tbody>${table.rows
          .slice(0, 15)
          .map((r) => `<tr>${r.map((c, i) => (i === 0 ? `<th scope="row">${cell(c, i)}</th>` : `<td>${cell(c, i)}</td>`)).join('')}</tr>`)
          .join('')}</tbody></table>`,
    );
  }
  return parts.join('\n');
}

// ─── Index notes ───────────────────────────────────────────────────────────────────────────

type IndexProfile = {
  area: 'ipc' | 'ipi' | 'ippi' | 'ica_commerce' | 'ica_service' | 'ice';
  code: SeriesCode;
  short: string;
  name: string;
  cadence: 'monthly' | 'quarterly';
  releaseDay: number;
  annualMonth0: number;
  /** « l'indice des prix à la consommation (IPC) » */
  subject: string;
  /** Short way to name the index once introduced: « l'IPC ». */
  ref: string;
  /** Sentence start for the year-on-year change: « les prix à la consommation » + verb. */
  yoySubject: string;
  yoyUp: string;
  yoyDown: string;
  components: [string, number][];
  componentsHeader: string;
  driversUp: string[];
  driversDown: string[];
  context: string[];
};

const profiles: IndexProfile[] = [
  {
    area: 'ipc',
    ref: "l'IPC",
    code: 'IPC',
    short: 'IPC',
    name: 'Indice des prix à la consommation',
    cadence: 'monthly',
    releaseDay: 12,
    annualMonth0: 1,
    subject: "l'indice des prix à la consommation (IPC)",
    yoySubject: 'les prix à la consommation',
    yoyUp: 'augmentent',
    yoyDown: 'diminuent',
    componentsHeader: 'Fonction de consommation',
    components: [
      ['Produits alimentaires et boissons non alcoolisées', 342],
      ['Boissons alcoolisées et tabac', 18],
      ['Articles d’habillement et chaussures', 71],
      ['Logement, eau, électricité, gaz', 128],
      ['Meubles et entretien du logement', 52],
      ['Santé', 46],
      ['Transports', 118],
      ['Information et communication', 49],
      ['Enseignement', 37],
      ['Restaurants et hébergement', 79],
      ['Biens et services divers', 60],
    ],
    driversUp: [
      'le renchérissement des céréales locales (mil, sorgho, maïs) en période de soudure',
      'la hausse des prix des produits frais, en particulier le poisson et la viande de bœuf',
      'le relèvement des tarifs de transport interurbain',
      'la hausse des loyers dans la capitale',
    ],
    driversDown: [
      'la baisse des prix des légumes frais avec l’arrivée des récoltes',
      'le repli des prix du riz importé',
      'la diminution des tarifs des communications mobiles',
      'la baisse saisonnière des prix des fruits',
    ],
    context: [
      'L’inflation sous-jacente, qui exclut les produits frais et l’énergie, reste contenue.',
      'Les prix des produits importés évoluent plus modérément que ceux des produits locaux.',
      'À Djanta, la hausse des prix est légèrement supérieure à la moyenne nationale.',
    ],
  },
  {
    area: 'ipi',
    ref: "l'IPI",
    code: 'IPI',
    short: 'IPI',
    name: 'Indice de la production industrielle',
    cadence: 'monthly',
    releaseDay: 20,
    annualMonth0: 2,
    subject: "l'indice de la production industrielle (IPI)",
    yoySubject: 'la production industrielle',
    yoyUp: 'progresse',
    yoyDown: 'recule',
    componentsHeader: 'Branche',
    components: [
      ['Industries extractives', 286],
      ['Industries agroalimentaires', 214],
      ['Égrenage du coton et textile', 137],
      ['Matériaux de construction', 98],
      ['Chimie et pharmacie', 64],
      ['Autres industries manufacturières', 81],
      ['Électricité et gaz', 86],
      ['Eau et assainissement', 34],
    ],
    driversUp: [
      'la reprise de l’égrenage du coton de la nouvelle campagne',
      'la hausse de la production d’or des mines industrielles',
      'le dynamisme des cimenteries porté par les chantiers publics',
      'l’augmentation de la production d’électricité de la centrale solaire de Ténéla',
    ],
    driversDown: [
      'l’arrêt technique programmé d’une unité de transformation agroalimentaire',
      'la baisse de la production aurifère liée à la teneur du minerai',
      'la fin de la campagne d’égrenage',
      'les délestages électriques qui ont pesé sur l’activité manufacturière',
    ],
    context: [
      'Les industries extractives restent le premier contributeur à l’évolution de l’indice.',
      'La production manufacturière est soutenue par la demande intérieure.',
      'Les données sont brutes : les comparaisons sur un an sont les plus pertinentes.',
    ],
  },
  {
    area: 'ippi',
    ref: "l'IPPI",
    code: 'IPPI',
    short: 'IPPI',
    name: 'Indice des prix à la production industrielle',
    cadence: 'monthly',
    releaseDay: 26,
    annualMonth0: 2,
    subject: "l'indice des prix à la production industrielle (IPPI)",
    yoySubject: 'les prix à la production industrielle',
    yoyUp: 'augmentent',
    yoyDown: 'diminuent',
    componentsHeader: 'Branche',
    components: [
      ['Industries extractives', 244],
      ['Industries agroalimentaires', 251],
      ['Textile et habillement', 118],
      ['Matériaux de construction', 126],
      ['Chimie et pharmacie', 79],
      ['Électricité, gaz et eau', 182],
    ],
    driversUp: [
      'la hausse des prix de vente du ciment et des fers à béton',
      'le renchérissement des huiles alimentaires raffinées',
      'la révision à la hausse des tarifs de l’électricité industrielle',
    ],
    driversDown: [
      'la baisse des prix du coton fibre, en lien avec les cours mondiaux',
      'le recul des prix des produits pétroliers raffinés',
      'la baisse des prix des farines et aliments pour bétail',
    ],
    context: [
      'Les coûts de l’énergie et des intrants importés se répercutent progressivement sur les prix de sortie d’usine.',
      'Les prix des produits agroalimentaires restent le principal facteur de variation de l’indice.',
    ],
  },
  {
    area: 'ica_commerce',
    ref: "l'indice du commerce",
    code: 'ICA_COMMERCE',
    short: 'ICA commerce',
    name: "Indice du chiffre d'affaires du commerce",
    cadence: 'quarterly',
    releaseDay: 15,
    annualMonth0: 2,
    subject: "l'indice du chiffre d'affaires du commerce",
    yoySubject: "le chiffre d'affaires du commerce",
    yoyUp: 'progresse',
    yoyDown: 'recule',
    componentsHeader: 'Secteur',
    components: [
      ['Commerce de gros', 512],
      ['Commerce de détail', 356],
      ['Commerce et réparation automobiles', 132],
    ],
    driversUp: [
      'la bonne tenue des ventes de produits alimentaires en gros',
      'la hausse des ventes de matériaux de construction',
      'le dynamisme des ventes de véhicules et de pièces détachées',
    ],
    driversDown: [
      'le recul des ventes de produits pétroliers',
      'la baisse des ventes de détail en dehors de la capitale',
      'le ralentissement des importations de véhicules d’occasion',
    ],
    context: [
      'Les fêtes de fin d’année soutiennent traditionnellement l’activité du quatrième trimestre.',
      'L’indice est exprimé en valeur : il reflète à la fois l’évolution des volumes et celle des prix.',
    ],
  },
  {
    area: 'ica_service',
    ref: "l'indice des services",
    code: 'ICA_SERVICE',
    short: 'ICA services',
    name: "Indice du chiffre d'affaires des services",
    cadence: 'quarterly',
    releaseDay: 18,
    annualMonth0: 2,
    subject: "l'indice du chiffre d'affaires des services",
    yoySubject: "le chiffre d'affaires des services",
    yoyUp: 'progresse',
    yoyDown: 'recule',
    componentsHeader: 'Secteur',
    components: [
      ['Transports et entreposage', 318],
      ['Information et communication', 264],
      ['Hébergement et restauration', 142],
      ['Activités spécialisées, scientifiques et techniques', 171],
      ['Services administratifs et de soutien', 105],
    ],
    driversUp: [
      'la croissance du trafic de données mobiles et des services de paiement',
      'la reprise du transport de marchandises vers les pays voisins',
      'la hausse de la fréquentation hôtelière liée aux conférences internationales',
    ],
    driversDown: [
      'la baisse du transport routier de voyageurs',
      'le recul des prestations d’ingénierie après l’achèvement de grands chantiers',
      'la baisse de la fréquentation des restaurants pendant la saison des pluies',
    ],
    context: [
      'Les télécommunications restent le moteur de la croissance des services marchands.',
      'L’indice est exprimé en valeur : il reflète à la fois l’évolution des volumes et celle des prix.',
    ],
  },
  {
    area: 'ice',
    ref: "l'indice de valeur unitaire",
    code: 'ICE',
    short: 'ICE',
    name: 'Indice du commerce extérieur',
    cadence: 'quarterly',
    releaseDay: 25,
    annualMonth0: 3,
    subject: "l'indice de valeur unitaire des exportations",
    yoySubject: 'les prix à l’exportation',
    yoyUp: 'augmentent',
    yoyDown: 'diminuent',
    componentsHeader: 'Produit exporté',
    components: [
      ['Or non monétaire', 412],
      ['Coton fibre', 231],
      ['Animaux vivants', 128],
      ['Arachide', 87],
      ['Sésame', 76],
      ['Noix de cajou', 66],
    ],
    driversUp: [
      'la hausse du cours de l’or sur les marchés internationaux',
      'le renchérissement du sésame, porté par la demande asiatique',
      'la hausse des prix du bétail exporté vers les pays côtiers',
    ],
    driversDown: [
      'la baisse des cours mondiaux du coton',
      'le repli des prix de l’arachide décortiquée',
      'la baisse des prix de la noix de cajou brute',
    ],
    context: [
      'Les termes de l’échange dépendent fortement de l’évolution du cours de l’or.',
      'Les indices de valeur unitaire sont calculés à partir des déclarations en douane.',
    ],
  },
];

/**
 * The English of each profile, item for item (same order and length as the French lists: a note's
 * random picks are made in French and looked up here by position).
 */
type IndexProfileEn = {
  name: string;
  short: string;
  subject: string;
  ref: string;
  yoySubject: string;
  yoyUp: string;
  yoyDown: string;
  componentsHeader: string;
  components: string[];
  total: string;
  driversUp: string[];
  driversDown: string[];
  context: string[];
};

const profilesEn: Record<IndexProfile['area'], IndexProfileEn> = {
  ipc: {
    name: 'Consumer price index',
    short: 'CPI',
    subject: 'the consumer price index (CPI)',
    ref: 'the CPI',
    yoySubject: 'consumer prices',
    yoyUp: 'rose',
    yoyDown: 'fell',
    componentsHeader: 'Consumption division',
    components: [
      'Food and non-alcoholic beverages',
      'Alcoholic beverages and tobacco',
      'Clothing and footwear',
      'Housing, water, electricity and gas',
      'Furnishings and household maintenance',
      'Health',
      'Transport',
      'Information and communication',
      'Education',
      'Restaurants and accommodation services',
      'Miscellaneous goods and services',
    ],
    total: 'All items',
    driversUp: [
      'higher prices for local cereals (millet, sorghum, maize) during the lean season',
      'rising prices for fresh produce, particularly fish and beef',
      'higher fares for intercity transport',
      'rising rents in the capital',
    ],
    driversDown: [
      'lower prices for fresh vegetables as the harvest came in',
      'a fall in the price of imported rice',
      'lower mobile communication tariffs',
      'the seasonal fall in fruit prices',
    ],
    context: [
      'Core inflation, which excludes fresh food and energy, remains contained.',
      'Prices of imported goods are rising more moderately than those of local products.',
      'In Djanta, prices are rising slightly faster than the national average.',
    ],
  },
  ipi: {
    name: 'Index of industrial production',
    short: 'IPI',
    subject: 'the index of industrial production (IPI)',
    ref: 'the IPI',
    yoySubject: 'industrial production',
    yoyUp: 'rose',
    yoyDown: 'fell',
    componentsHeader: 'Industry',
    components: [
      'Mining and quarrying',
      'Food processing',
      'Cotton ginning and textiles',
      'Construction materials',
      'Chemicals and pharmaceuticals',
      'Other manufacturing',
      'Electricity and gas',
      'Water and sanitation',
    ],
    total: 'Total industry',
    driversUp: [
      'the start of ginning for the new cotton season',
      'higher gold output from industrial mines',
      'strong cement production driven by public works',
      'increased electricity generation at the Ténéla solar plant',
    ],
    driversDown: [
      'a scheduled maintenance shutdown at a food processing plant',
      'lower gold output owing to the grade of the ore',
      'the end of the ginning season',
      'power cuts that weighed on manufacturing activity',
    ],
    context: [
      'Mining and quarrying remains the largest contributor to the change in the index.',
      'Manufacturing output is supported by domestic demand.',
      'The data are not seasonally adjusted: year-on-year comparisons are the most meaningful.',
    ],
  },
  ippi: {
    name: 'Industrial producer price index',
    short: 'IPPI',
    subject: 'the industrial producer price index (IPPI)',
    ref: 'the IPPI',
    yoySubject: 'industrial producer prices',
    yoyUp: 'rose',
    yoyDown: 'fell',
    componentsHeader: 'Industry',
    components: [
      'Mining and quarrying',
      'Food processing',
      'Textiles and clothing',
      'Construction materials',
      'Chemicals and pharmaceuticals',
      'Electricity, gas and water',
    ],
    total: 'Total industry',
    driversUp: [
      'higher selling prices for cement and reinforcing bars',
      'higher prices for refined edible oils',
      'the upward revision of industrial electricity tariffs',
    ],
    driversDown: [
      'lower prices for cotton lint, in line with world prices',
      'lower prices for refined petroleum products',
      'lower prices for flour and animal feed',
    ],
    context: [
      'Energy and imported input costs are gradually passing through to factory-gate prices.',
      'Prices of food products remain the main source of variation in the index.',
    ],
  },
  ica_commerce: {
    name: 'Turnover index for trade',
    short: 'Trade turnover index',
    subject: 'the turnover index for trade',
    ref: 'the trade index',
    yoySubject: 'trade turnover',
    yoyUp: 'rose',
    yoyDown: 'fell',
    componentsHeader: 'Sector',
    components: ['Wholesale trade', 'Retail trade', 'Motor trade and repair'],
    total: 'Total',
    driversUp: [
      'robust wholesale sales of food products',
      'higher sales of construction materials',
      'strong sales of vehicles and spare parts',
    ],
    driversDown: ['lower sales of petroleum products', 'lower retail sales outside the capital', 'slower imports of used vehicles'],
    context: [
      'The end-of-year festive season traditionally supports activity in the fourth quarter.',
      'The index is expressed in value terms: it reflects changes in both volumes and prices.',
    ],
  },
  ica_service: {
    name: 'Turnover index for services',
    short: 'Services turnover index',
    subject: 'the turnover index for services',
    ref: 'the services index',
    yoySubject: 'services turnover',
    yoyUp: 'rose',
    yoyDown: 'fell',
    componentsHeader: 'Sector',
    components: [
      'Transport and storage',
      'Information and communication',
      'Accommodation and food services',
      'Professional, scientific and technical activities',
      'Administrative and support services',
    ],
    total: 'Total',
    driversUp: [
      'growth in mobile data traffic and payment services',
      'a recovery in freight transport to neighbouring countries',
      'higher hotel occupancy linked to international conferences',
    ],
    driversDown: [
      'a fall in road passenger transport',
      'lower engineering services after the completion of major projects',
      'fewer restaurant visits during the rainy season',
    ],
    context: [
      'Telecommunications remain the driving force behind growth in market services.',
      'The index is expressed in value terms: it reflects changes in both volumes and prices.',
    ],
  },
  ice: {
    name: 'External trade index',
    short: 'Export unit value index',
    subject: 'the export unit value index',
    ref: 'the unit value index',
    yoySubject: 'export prices',
    yoyUp: 'rose',
    yoyDown: 'fell',
    componentsHeader: 'Export product',
    components: ['Non-monetary gold', 'Cotton lint', 'Live animals', 'Groundnuts', 'Sesame', 'Cashew nuts'],
    total: 'Total',
    driversUp: [
      'the rise in the price of gold on international markets',
      'higher sesame prices, driven by Asian demand',
      'higher prices for livestock exported to coastal countries',
    ],
    driversDown: ['the fall in world cotton prices', 'lower prices for shelled groundnuts', 'lower prices for raw cashew nuts'],
    context: ['The terms of trade depend heavily on the price of gold.', 'Unit value indices are compiled from customs declarations.'],
  },
};

type Period = { label: string; labelEn: string; start: string; end: string; axis: string; months: number[]; word: string };

function monthlyPeriod(m: number): Period {
  return {
    label: monthLabel(m),
    labelEn: monthLabelEn(m),
    start: monthPeriod(m),
    end: isoDate(monthEnd(m)),
    axis: monthAxis(m),
    months: [m],
    word: 'mois',
  };
}

function quarterlyPeriod(q: number): Period {
  const first = quarterFirstMonth(q);
  return {
    label: quarterLabel(q),
    labelEn: quarterLabelEn(q),
    start: monthPeriod(first),
    end: isoDate(monthEnd(first + 2)),
    axis: quarterAxis(q),
    months: [first, first + 1, first + 2],
    word: 'trimestre',
  };
}

function annualPeriod(year: number): Period {
  const months = Array.from({ length: 12 }, (_, i) => year * 12 + i);
  return {
    label: `Année ${year}`,
    labelEn: String(year),
    start: `${year}-01-01`,
    end: `${year}-12-31`,
    axis: String(year),
    months,
    word: 'année',
  };
}

const shift = (p: Period, months: number) => p.months.map((m) => m + months);

function buildIndexNote(
  profile: IndexProfile,
  obs: Map<number, Observation>,
  kind: 'monthly' | 'quarterly' | 'annual',
  period: Period,
  publishedAt: Date,
  nextRelease: Date | null,
  attachData: { xlsx: boolean; csv: boolean },
  english = false,
): PublicationDraft {
  const rnd = createRandom(`note:${profile.code}:${period.start}:${kind}`);
  const value = (months: number[]) => mean(months.map((m) => obs.get(m)?.value ?? NaN));
  const v = value(period.months);
  const step = kind === 'monthly' ? 1 : kind === 'quarterly' ? 3 : 12;
  const prev = value(shift(period, -step));
  const yearAgo = value(shift(period, -12));
  const short = change(v, prev);
  const yoy = change(v, yearAgo);
  const lastMonth = period.months[period.months.length - 1] as number;
  const trailing = Array.from({ length: 12 }, (_, i) => lastMonth - 11 + i);
  const avg12 = change(value(trailing), value(trailing.map((m) => m - 12)));

  const decimals = 1;
  const vText = formatNumber(v, decimals);
  const prevWord = kind === 'monthly' ? 'au mois précédent' : kind === 'quarterly' ? 'au trimestre précédent' : "à l'année précédente";

  const components = profile.components.map(([label, weight]) => {
    const level = v * (1 + rnd.range(-0.1, 0.12));
    const c1 = kind === 'annual' ? yoy + rnd.normal() * 1.6 : short + rnd.normal() * (kind === 'monthly' ? 0.8 : 1.5);
    const c2 = yoy + rnd.normal() * 2.2;
    return { label, weight, level: round1(level), c1: round1(c1), c2: round1(c2) };
  });
  const sorted = [...components].sort((a, b) => b.c1 - a.c1);
  const top = sorted[0]!;
  const bottom = sorted[sorted.length - 1]!;
  const drivers = short >= 0 || kind === 'annual' ? (yoy >= 0 ? profile.driversUp : profile.driversDown) : profile.driversDown;
  const counter = drivers === profile.driversUp ? profile.driversDown : profile.driversUp;

  const inPeriod =
    kind === 'monthly'
      ? `En ${monthNames[lastMonth % 12]} ${Math.floor(lastMonth / 12)}`
      : kind === 'quarterly'
        ? `Au ${period.label}`
        : `En ${period.label.replace('Année ', '')}`;
  const headline =
    kind === 'annual'
      ? `${inPeriod}, ${profile.subject} s'établit en moyenne à ${vText} (base 100 = 2020), ${movement(yoy)} par rapport ${prevWord}.`
      : `${inPeriod}, ${profile.subject} s'établit à ${vText} (base 100 = 2020), ${movement(short)} par rapport ${prevWord}. ` +
        `Sur un an, ${profile.yoySubject} ${yoy >= 0 ? profile.yoyUp : profile.yoyDown} de ${pct(yoy)} %.`;
  const driver = rnd.pick(drivers);
  const counterDriver = rnd.pick(counter);
  const analysis =
    `Cette évolution s'explique principalement par ${driver}, en partie compensée par ${counterDriver}. ` +
    `Le poste « ${top.label} » enregistre la plus forte variation (${signed(top.c1)} %), tandis que le poste « ${bottom.label} » ` +
    `${bottom.c1 < 0 ? 'recule' : 'progresse le moins'} (${signed(bottom.c1)} %).`;
  let average: string;
  let context: string;
  let extremes: { hi: number; lo: number; hiV: number; loV: number } | null = null;
  if (kind === 'annual') {
    const monthly = period.months.map((m) => ({ m, v: obs.get(m)!.value }));
    const hi = monthly.reduce((a, b) => (b.v > a.v ? b : a));
    const lo = monthly.reduce((a, b) => (b.v < a.v ? b : a));
    average =
      `Au cours de l'année, ${profile.ref} a atteint son niveau le plus élevé en ${monthNames[hi.m % 12]} (${formatNumber(hi.v, 1)}) ` +
      `et son niveau le plus bas en ${monthNames[lo.m % 12]} (${formatNumber(lo.v, 1)}). ${(context = rnd.pick(profile.context))}`;
    extremes = { hi: hi.m, lo: lo.m, hiV: hi.v, loV: lo.v };
  } else {
    average =
      `En moyenne sur les douze derniers mois, ${profile.ref} ${avg12 >= 0 ? 'progresse' : 'recule'} de ${pct(avg12)} % ` +
      `par rapport aux douze mois précédents. ${(context = rnd.pick(profile.context))}`;
  }

  const sections: DocSection[] = [
    { heading: 'Vue d’ensemble', paragraphs: [headline, average] },
    { heading: kind === 'annual' ? 'Les principales évolutions de l’année' : 'Les principaux facteurs', paragraphs: [analysis] },
  ];
  if (nextRelease) {
    sections.push({
      heading: 'Calendrier',
      paragraphs: [
        `Les résultats ${kind === 'annual' ? 'de l’année' : 'de cette période'} sont provisoires et peuvent être révisés. ` +
          `La prochaine publication est prévue le ${dateLabel(nextRelease)}, conformément au calendrier de diffusion de l'${institute.acronym}.`,
      ],
    });
  }

  const c1Header =
    kind === 'annual' ? 'Variation annuelle (%)' : kind === 'monthly' ? 'Variation mensuelle (%)' : 'Variation trimestrielle (%)';
  const table: DocTable = {
    caption: `Tableau 1 – ${profile.short} par ${profile.componentsHeader.toLowerCase()}, ${period.label.toLowerCase()}`,
    headers: [profile.componentsHeader, 'Pondération (‰)', 'Indice', c1Header, ...(kind === 'annual' ? [] : ['Glissement annuel (%)'])],
    decimals: [undefined, 0, 1, 1, 1],
    rows: [
      ...components.map((c) => [c.label, c.weight, c.level, c.c1, ...(kind === 'annual' ? [] : [c.c2])]),
      ['Ensemble', 1000, round1(v), round1(kind === 'annual' ? yoy : short), ...(kind === 'annual' ? [] : [round1(yoy)])],
    ],
  };
  // Chart: the last 12 months, the last 8 quarters or the last 5 years.
  let chart: DocChart;
  if (kind === 'monthly') {
    const ms = Array.from({ length: 12 }, (_, i) => lastMonth - 11 + i);
    chart = {
      title: `Graphique 1 – ${profile.short}, douze derniers mois`,
      labels: ms.map(monthAxis),
      values: ms.map((m) => obs.get(m)!.value),
    };
  } else if (kind === 'quarterly') {
    const first = period.months[0] as number;
    const qs = Array.from({ length: 8 }, (_, i) => first - 3 * (7 - i));
    chart = {
      title: `Graphique 1 – ${profile.short}, huit derniers trimestres (moyenne trimestrielle)`,
      labels: qs.map((m) => quarterAxis(Math.floor(m / 3))),
      values: qs.map((m) => round1(value([m, m + 1, m + 2]))),
    };
  } else {
    const ys = [3, 2, 1, 0].map((k) => Math.floor(lastMonth / 12) - k).filter((y) => obs.has(y * 12));
    chart = {
      title: `Graphique 1 – ${profile.short}, moyennes annuelles`,
      labels: ys.map(String),
      values: ys.map((y) => round1(value(annualPeriod(y).months))),
    };
  }

  const history = Array.from({ length: 24 }, (_, i) => lastMonth - 23 + i).filter((m) => obs.has(m) && obs.has(m - 12));
  const historyRows: Cell[][] = history.map((m) => {
    const o = obs.get(m)!;
    return [
      monthLabel(m),
      o.value,
      round1(change(o.value, obs.get(m - 1)?.value ?? o.value)),
      round1(change(o.value, obs.get(m - 12)!.value)),
    ];
  });
  const historyDecimals = [undefined, 1, 1, 1];
  const historyHeaders = ['Période', 'Indice (base 100 = 2020)', 'Variation mensuelle (%)', 'Glissement annuel (%)'];

  const base =
    kind === 'annual'
      ? `${profile.short} bilan ${period.label.replace('Année ', '')}`
      : `${profile.short} ${period.label.charAt(0).toLowerCase()}${period.label.slice(1)}`;
  const title =
    kind === 'annual' ? `${profile.name} : bilan de l'année ${period.label.replace('Année ', '')}` : `${profile.name} – ${period.label}`;
  const summary =
    kind === 'annual'
      ? `En moyenne annuelle, ${profile.subject} s'établit à ${vText}, ${movement(yoy)} par rapport à l'année précédente.`
      : `${inPeriod}, ${profile.ref} s'établit à ${vText}, ${movement(short)} sur ${kind === 'monthly' ? 'un mois' : 'un trimestre'} ` +
        (Math.abs(short) >= 0.05 && Math.sign(short) === Math.sign(yoy)
          ? `et de ${pct(yoy)} % sur un an.`
          : `et ${movement(yoy)} sur un an.`);

  let en: PublicationEnglish | undefined;
  if (english) {
    const e = profilesEn[profile.area];
    const fr = <T>(list: readonly T[], item: T, to: readonly string[]) => to[list.indexOf(item)] ?? '';
    const name = (label: string) =>
      fr(
        profile.components.map((c) => c[0]),
        label,
        e.components,
      );
    const inPeriodEn =
      kind === 'monthly'
        ? `In ${monthNamesEn[lastMonth % 12]} ${Math.floor(lastMonth / 12)}`
        : kind === 'quarterly'
          ? `In ${period.labelEn}`
          : `In ${period.labelEn}`;
    const prevEn = kind === 'monthly' ? 'the previous month' : kind === 'quarterly' ? 'the previous quarter' : 'the previous year';
    const vEn = formatNumberEn(v, decimals);
    const headlineEn =
      kind === 'annual'
        ? `${inPeriodEn}, ${e.subject} averaged ${vEn} (2020 = 100), ${movementEn(yoy)} on ${prevEn}.`
        : `${inPeriodEn}, ${e.subject} stood at ${vEn} (2020 = 100), ${movementEn(short)} on ${prevEn}. ` +
          `Over the year, ${e.yoySubject} ${yoy >= 0 ? e.yoyUp : e.yoyDown} by ${pctEn(yoy)}%.`;
    const analysisEn =
      `This change was mainly driven by ${fr(drivers, driver, drivers === profile.driversUp ? e.driversUp : e.driversDown)}, ` +
      `partly offset by ${fr(counter, counterDriver, counter === profile.driversUp ? e.driversUp : e.driversDown)}. ` +
      `The “${name(top.label)}” component recorded the largest change (${signedEn(top.c1)}%), while “${name(bottom.label)}” ` +
      `${bottom.c1 < 0 ? 'fell' : 'rose the least'} (${signedEn(bottom.c1)}%).`;
    const contextEn = fr(profile.context, context, e.context);
    const averageEn = extremes
      ? `Over the year, ${e.ref} reached its highest level in ${monthNamesEn[extremes.hi % 12]} (${formatNumberEn(extremes.hiV, 1)}) ` +
        `and its lowest in ${monthNamesEn[extremes.lo % 12]} (${formatNumberEn(extremes.loV, 1)}). ${contextEn}`
      : `On average over the last twelve months, ${e.ref} ${avg12 >= 0 ? 'rose' : 'fell'} by ${pctEn(avg12)}% ` +
        `compared with the previous twelve months. ${contextEn}`;
    const sectionsEn: DocSection[] = [
      { heading: 'Overview', paragraphs: [headlineEn, averageEn] },
      { heading: kind === 'annual' ? 'Main developments over the year' : 'Main drivers', paragraphs: [analysisEn] },
    ];
    if (nextRelease) {
      sectionsEn.push({
        heading: 'Release calendar',
        paragraphs: [
          `The results ${kind === 'annual' ? 'for the year' : 'for this period'} are provisional and may be revised. ` +
            `The next release is scheduled for ${dateLabelEn(nextRelease)}, in line with the ${institute.acronym} release calendar.`,
        ],
      });
    }
    const c1HeaderEn = kind === 'annual' ? 'Annual change (%)' : kind === 'monthly' ? 'Monthly change (%)' : 'Quarterly change (%)';
    const tableEn: DocTable = {
      caption: `Table 1 – ${e.short} by ${e.componentsHeader.toLowerCase()}, ${period.labelEn}`,
      headers: [e.componentsHeader, 'Weight (‰)', 'Index', c1HeaderEn, ...(kind === 'annual' ? [] : ['Year-on-year change (%)'])],
      decimals: table.decimals,
      rows: table.rows.map((row, i) => [i < e.components.length ? (e.components[i] ?? '') : e.total, ...row.slice(1)]),
    };
    const summaryEn =
      kind === 'annual'
        ? `On an annual average basis, ${e.subject} stood at ${vEn}, ${movementEn(yoy)} on the previous year.`
        : `${inPeriodEn}, ${e.ref} stood at ${vEn}, ${movementEn(short)} on ${kind === 'monthly' ? 'the month' : 'the quarter'} ` +
          (Math.abs(short) >= 0.05 && Math.sign(short) === Math.sign(yoy)
            ? `and ${pctEn(yoy)}% over the year.`
            : `and ${movementEn(yoy)} over the year.`);
    en = {
      title: kind === 'annual' ? `${e.name}: review of ${period.labelEn}` : `${e.name} – ${period.labelEn}`,
      summary: summaryEn,
      sections: sectionsEn,
      table: tableEn,
      periodLabel: period.labelEn,
    };
  }

  return {
    area: profile.area,
    slug: slugify(base),
    title,
    summary,
    sections,
    table,
    chart,
    periodLabel: period.label,
    periodStart: period.start,
    periodEnd: period.end,
    publishedAt,
    status: 'published',
    fields: {},
    en,
    fileBase: kind === 'annual' ? `Bilan ${base.replace(' bilan', '')}` : `Note ${base}`,
    xlsx: attachData.xlsx
      ? [
          {
            name: 'Série',
            title: `${profile.name} (base 100 = 2020)`,
            headers: historyHeaders,
            rows: historyRows,
            decimals: historyDecimals,
          },
          { name: 'Composantes', title: table.caption, headers: table.headers, rows: table.rows, decimals: table.decimals },
        ]
      : undefined,
    csv: attachData.csv
      ? {
          headers: ['Période (AAAA-MM)', ...historyHeaders.slice(1)],
          rows: historyRows.map((r, i) => [monthPeriod(history[i] as number).slice(0, 7), ...r.slice(1)]),
          decimals: historyDecimals,
        }
      : undefined,
  };
}

function indexPublications(now: Date, observations: Map<SeriesCode, Observation[]>) {
  const publications: PublicationDraft[] = [];
  const releases: ReleaseDraft[] = [];
  const lastMonth = monthIndex(now) - 1;

  for (const profile of profiles) {
    const obs = new Map((observations.get(profile.code) ?? []).map((o) => [o.month, o]));
    const notes: PublicationDraft[] = [];
    const monthlyRelease = (m: number) => weekday(utc(Math.floor((m + 1) / 12), (m + 1) % 12, profile.releaseDay, 10));
    // A quarter's note comes out in the second month after it ends.
    const quarterlyRelease = (q: number) => {
      const m = quarterFirstMonth(q) + 4;
      return weekday(utc(Math.floor(m / 12), m % 12, profile.releaseDay, 10));
    };
    let upcoming: { period: Period; at: Date }[] = [];

    if (profile.cadence === 'monthly') {
      let m = lastMonth;
      while (monthlyRelease(m) >= now) m -= 1;
      for (let i = 0; i < 4; i++) {
        const month = m - i;
        notes.push(
          buildIndexNote(
            profile,
            obs,
            'monthly',
            monthlyPeriod(month),
            monthlyRelease(month),
            i === 0 ? monthlyRelease(m + 1) : null,
            {
              xlsx: i === 0 || i === 2,
              csv: i === 0,
            },
            i < 2,
          ),
        );
      }
      upcoming = [1, 2].map((k) => ({ period: monthlyPeriod(m + k), at: monthlyRelease(m + k) }));
    } else {
      let q = Math.floor(lastMonth / 3);
      while (quarterlyRelease(q) >= now) q -= 1;
      for (let i = 0; i < 3; i++) {
        notes.push(
          buildIndexNote(
            profile,
            obs,
            'quarterly',
            quarterlyPeriod(q - i),
            quarterlyRelease(q - i),
            i === 0 ? quarterlyRelease(q + 1) : null,
            {
              xlsx: i === 0,
              csv: i === 0 && profile.code === 'ICE',
            },
            i === 0,
          ),
        );
      }
      upcoming = [{ period: quarterlyPeriod(q + 1), at: quarterlyRelease(q + 1) }];
    }
    for (let skip = 0; skip < 2; skip++) {
      const at = weekday(lastAnnual(now, profile.annualMonth0, profile.releaseDay, skip));
      const year = at.getUTCFullYear() - 1;
      notes.push(buildIndexNote(profile, obs, 'annual', annualPeriod(year), at, null, { xlsx: skip === 0, csv: false }, skip === 0));
    }
    publications.push(...notes);

    upcoming.forEach((u, i) => {
      if (u.at.getTime() - now.getTime() > 95 * 86_400_000) return;
      releases.push({
        area: profile.area,
        title: `${profile.name} – ${u.period.label}`,
        titleEn: `${profilesEn[profile.area].name} – ${u.period.labelEn}`,
        scheduledAt: u.at,
        status: i === 0 && profile.cadence === 'monthly' ? 'confirmed' : 'announced',
      });
    });
    if (profile.area === 'ipc' || profile.area === 'ipi') {
      const latest = notes[0]!;
      releases.push({
        area: profile.area,
        title: latest.title,
        titleEn: latest.en!.title,
        scheduledAt: latest.publishedAt!,
        status: 'published',
        publication: `${latest.area}/${latest.slug}`,
      });
    }
  }
  return { publications, releases };
}

// ─── Other areas ───────────────────────────────────────────────────────────────────────────

type When =
  | { ago: number }
  | { annual: [month0: number, day: number]; skip: number }
  /** The `skip`-th latest quarter already released on day `quarterly` of the second month after it. */
  | { quarterly: number; skip: number };
type Ctx = {
  date: Date;
  year: number;
  rnd: Random;
  now: Date;
  /** Reference date of the third census (RGPH-3), about 950 days before now. */
  census: Date;
  /** For quarterly items, the quarter covered (absolute index). */
  quarter: number;
};
type Built = {
  title: string;
  summary: string;
  sections: DocSection[];
  table?: DocTable;
  chart?: DocChart;
  period?: { label: string; start: string; end: string } | null;
  fields?: Record<string, unknown>;
  fileBase: string;
  slug?: string;
  xlsx?: boolean;
  csv?: boolean;
  /** Rows of the CSV when longer than the table shown. */
  csvRows?: Cell[][];
  /**
   * English title, summary and body; its table is the French table's figures with English caption,
   * headers and first-column labels (`rowLabels`; absent: the first column is kept, « Ensemble » read « Total »).
   */
  en?: {
    title: string;
    summary: string;
    sections: DocSection[];
    periodLabel?: string;
    table?: { caption: string; headers: string[]; rowLabels?: string[] };
  };
  draft?: boolean;
};
type Item = { when: When; build: (c: Ctx) => Built };

const yearPeriod = (y: number) => ({ label: `Année ${y}`, start: `${y}-01-01`, end: `${y}-12-31` });
const yearsPeriod = (a: number, b: number) => ({ label: `Période ${a}-${b}`, start: `${a}-01-01`, end: `${b}-12-31` });
const grow = (base: number, rate: number, k: number) => base * (1 + rate) ** k;

function regionTable(
  caption: string,
  headers: string[],
  value: (r: (typeof regions)[number], rnd: Random) => Cell[],
  rnd: Random,
  total?: Cell[],
): DocTable {
  const rows = regions.map((r) => [r.name, ...value(r, rnd)]);
  return { caption, headers, rows: total ? [...rows, ['Ensemble', ...total]] : rows };
}

const fmtInt = (n: number) => formatNumber(Math.round(n), 0);
const fmtIntEn = (n: number) => formatNumberEn(Math.round(n), 0);

/** A quarter's bulletin comes out on this day of the second month after the quarter. */
const BULLETIN_DAY = 28;
const quarterRelease = (q: number, day: number) => {
  const m = quarterFirstMonth(q) + 4;
  return weekday(utc(Math.floor(m / 12), m % 12, day, 10));
};

const otherAreas: Record<string, Item[]> = {
  snds: [
    {
      when: { ago: 860 },
      build: ({ year }) => ({
        title: `Stratégie nationale de développement de la statistique ${year}-${year + 4}`,
        summary: `La SNDS ${year}-${year + 4} fixe les priorités du système statistique national pour cinq ans autour de quatre axes stratégiques et d'un budget pluriannuel.`,
        period: yearsPeriod(year, year + 4),
        fileBase: `SNDS ${year}-${year + 4}`,
        sections: [
          {
            heading: 'Une stratégie pour cinq ans',
            paragraphs: [
              `Adoptée en Conseil des ministres, la stratégie nationale de développement de la statistique (SNDS) ${year}-${year + 4} est le cadre de référence de l'ensemble des producteurs de statistiques publiques de Sahelia. Elle a été élaborée de manière participative avec les ministères sectoriels, les collectivités, le secteur privé et les partenaires techniques et financiers.`,
              'Elle vise à produire des données de qualité, à jour et accessibles pour le pilotage des politiques publiques et le suivi des objectifs de développement durable.',
            ],
            bullets: [
              'Axe 1 : renforcer le cadre institutionnel et la coordination du système statistique national',
              'Axe 2 : améliorer la production et la qualité des statistiques',
              'Axe 3 : développer la diffusion et l’utilisation des données',
              'Axe 4 : renforcer les ressources humaines, matérielles et financières',
            ],
          },
        ],
        table: {
          caption: 'Tableau 1 – Budget prévisionnel par axe (millions de FSH)',
          headers: ['Axe stratégique', `${year}`, `${year + 1}`, `${year + 2}`, `${year + 3}`, `${year + 4}`],
          rows: [
            ['Cadre institutionnel', 410, 385, 360, 340, 330],
            ['Production statistique', 3120, 4480, 2960, 3050, 5210],
            ['Diffusion et utilisation', 520, 560, 610, 640, 690],
            ['Ressources', 1340, 1260, 1190, 1180, 1150],
          ],
        },
        xlsx: true,
      }),
    },
    {
      when: { annual: [4, 28], skip: 0 },
      build: ({ year }) => ({
        title: `Rapport de suivi de la SNDS – Année ${year - 1}`,
        summary: `Le rapport de suivi présente l'état d'exécution des activités programmées en ${year - 1} et le niveau des indicateurs de performance de la stratégie.`,
        period: yearPeriod(year - 1),
        fileBase: `Rapport de suivi SNDS ${year - 1}`,
        sections: [
          {
            heading: 'Exécution du programme',
            paragraphs: [
              `En ${year - 1}, 78 % des activités inscrites au programme statistique annuel ont été réalisées, contre 71 % l'année précédente. Les enquêtes prioritaires ont été conduites dans les délais, à l'exception de l'enquête agricole, dont la collecte a été décalée de deux mois.`,
              "Le taux de mobilisation des ressources atteint 83 % des besoins. La contribution de l'État progresse, tandis que les financements extérieurs se concentrent sur le recensement et les enquêtes auprès des ménages.",
            ],
          },
          {
            heading: 'Perspectives',
            paragraphs: [
              "Le comité de pilotage recommande de renforcer les services statistiques des ministères sectoriels et d'accélérer la mise en ligne des bases de données.",
            ],
          },
        ],
        en: {
          title: `NSDS monitoring report – ${year - 1}`,
          summary: `The monitoring report sets out how far the activities planned for ${year - 1} were carried out and the level of the strategy's performance indicators.`,
          periodLabel: String(year - 1),
          sections: [
            {
              heading: 'Implementation of the programme',
              paragraphs: [
                `In ${year - 1}, 78% of the activities in the annual statistical programme were carried out, compared with 71% the previous year. The priority surveys were conducted on schedule, with the exception of the agricultural survey, whose fieldwork was postponed by two months.`,
                "Resources mobilised reached 83% of requirements. The Government's contribution is rising, while external funding is concentrated on the census and household surveys.",
              ],
            },
            {
              heading: 'Outlook',
              paragraphs: [
                'The steering committee recommends strengthening the statistical services of the line ministries and speeding up the online publication of databases.',
              ],
            },
          ],
          table: {
            caption: 'Table 1 – Implementation rate by strategic pillar (%)',
            headers: ['Pillar', 'Planned activities', 'Activities carried out', 'Rate (%)'],
            rowLabels: ['Institutional framework', 'Statistical production', 'Dissemination and use', 'Resources'],
          },
        },
        table: {
          caption: 'Tableau 1 – Taux de réalisation par axe (%)',
          headers: ['Axe', 'Activités prévues', 'Activités réalisées', 'Taux (%)'],
          rows: [
            ['Cadre institutionnel', 14, 12, 85.7],
            ['Production statistique', 46, 35, 76.1],
            ['Diffusion et utilisation', 18, 15, 83.3],
            ['Ressources', 22, 16, 72.7],
          ],
        },
      }),
    },
    {
      when: { ago: 150 },
      build: ({ year }) => ({
        title: `Programme statistique annuel ${year}`,
        summary: `Le programme statistique annuel ${year} recense les opérations statistiques prévues par l'INSS et les services statistiques des ministères.`,
        period: yearPeriod(year),
        fileBase: `Programme statistique annuel ${year}`,
        sections: [
          {
            paragraphs: [
              `Le programme statistique annuel ${year} a été adopté par le Conseil national de la statistique. Il comprend 96 opérations, dont 14 enquêtes auprès des ménages ou des entreprises, 38 exploitations de sources administratives et 44 publications périodiques.`,
              "Les opérations phares de l'année sont l'enquête harmonisée sur les conditions de vie des ménages, le changement de base de l'indice de la production industrielle et la publication des comptes nationaux définitifs.",
            ],
          },
        ],
      }),
    },
  ],
  bulletin: [0, 1, 2].map((k) => ({
    when: { quarterly: BULLETIN_DAY, skip: k },
    build: ({ quarter: q, rnd }: Ctx): Built => {
      const first = quarterFirstMonth(q);
      const exp = rnd.range(310, 380);
      const imp = rnd.range(420, 510);
      const quarterChange = rnd.range(-6, 9);
      const products: [string, number][] = [
        ['Or non monétaire', 0.46],
        ['Coton fibre', 0.19],
        ['Animaux vivants', 0.12],
        ['Sésame', 0.08],
        ['Arachide', 0.06],
        ['Autres produits', 0.09],
      ];
      return {
        title: `Bulletin trimestriel des statistiques du commerce extérieur – ${quarterLabel(q)}`,
        summary: `Au ${quarterLabel(q)}, les exportations atteignent ${fmtInt(exp)} milliards de FSH et les importations ${fmtInt(imp)} milliards, soit un déficit commercial de ${fmtInt(imp - exp)} milliards.`,
        period: { label: quarterLabel(q), start: monthPeriod(first), end: isoDate(monthEnd(first + 2)) },
        fileBase: `Bulletin commerce extérieur ${quarterLabel(q)}`,
        sections: [
          {
            heading: 'Les échanges du trimestre',
            paragraphs: [
              `Au ${quarterLabel(q)}, la valeur des exportations de biens s'élève à ${fmtInt(exp)} milliards de FSH, ${movement(quarterChange)} par rapport au trimestre précédent. Les importations atteignent ${fmtInt(imp)} milliards de FSH ; le taux de couverture s'établit à ${formatNumber((exp / imp) * 100, 1)} %.`,
              "L'or non monétaire reste le premier produit exporté, suivi du coton fibre et du bétail. Les produits pétroliers, les céréales et les machines dominent les importations.",
            ],
          },
          {
            heading: 'Principaux partenaires',
            paragraphs: [
              'Les pays de la sous-région absorbent près du tiers des exportations, principalement sous forme de bétail et de produits agricoles, tandis que l’or est essentiellement exporté vers les marchés internationaux.',
            ],
          },
        ],
        table: {
          caption: 'Tableau 1 – Exportations par produit (milliards de FSH)',
          headers: ['Produit', 'Valeur', 'Part (%)'],
          rows: products.map(([p, s]) => [p, round1(exp * s), round1(s * 100)]),
        },
        xlsx: k === 0,
        en:
          k === 0
            ? {
                title: `External trade statistics bulletin – ${quarterLabelEn(q)}`,
                summary: `In ${quarterLabelEn(q)}, exports reached FSH ${fmtIntEn(exp)} billion and imports FSH ${fmtIntEn(imp)} billion, giving a trade deficit of FSH ${fmtIntEn(imp - exp)} billion.`,
                periodLabel: quarterLabelEn(q),
                sections: [
                  {
                    heading: 'Trade in the quarter',
                    paragraphs: [
                      `In ${quarterLabelEn(q)}, goods exports amounted to FSH ${fmtIntEn(exp)} billion, ${movementEn(quarterChange)} on the previous quarter. Imports reached FSH ${fmtIntEn(imp)} billion; the export coverage ratio stood at ${formatNumberEn((exp / imp) * 100, 1)}%.`,
                      'Non-monetary gold remains the leading export, followed by cotton lint and livestock. Imports are dominated by petroleum products, cereals and machinery.',
                    ],
                  },
                  {
                    heading: 'Main partners',
                    paragraphs: [
                      'Countries in the sub-region take almost a third of exports, mainly livestock and agricultural products, while gold is exported mostly to international markets.',
                    ],
                  },
                ],
                table: {
                  caption: 'Table 1 – Exports by product (FSH billion)',
                  headers: ['Product', 'Value', 'Share (%)'],
                  rowLabels: ['Non-monetary gold', 'Cotton lint', 'Live animals', 'Sesame', 'Groundnuts', 'Other products'],
                },
              }
            : undefined,
      };
    },
  })),
  nace: [0, 1, 2].map((skip) => ({
    when: { annual: [4, 20], skip },
    build: ({ year, rnd }: Ctx): Built => {
      const y = year - 1;
      const exp = rnd.range(1250, 1480);
      const imp = rnd.range(1700, 1950);
      const narrows = rnd.next() > 0.5;
      return {
        title: `Note annuelle du commerce extérieur – Année ${y}`,
        summary: `En ${y}, le déficit de la balance commerciale s'établit à ${fmtInt(imp - exp)} milliards de FSH ; les exportations sont portées par l'or et le coton.`,
        period: yearPeriod(y),
        fileBase: `Note annuelle commerce extérieur ${y}`,
        sections: [
          {
            heading: 'Vue d’ensemble',
            paragraphs: [
              `En ${y}, les exportations de biens de Sahelia atteignent ${fmtInt(exp)} milliards de FSH et les importations ${fmtInt(imp)} milliards. Le déficit commercial se ${narrows ? 'réduit' : 'creuse'} et le taux de couverture des importations par les exportations s'établit à ${formatNumber((exp / imp) * 100, 1)} %.`,
              "La structure des échanges reste concentrée : trois produits (or, coton fibre, bétail) représentent plus des trois quarts des exportations. Les importations sont dominées par les produits pétroliers, les produits alimentaires et les biens d'équipement.",
            ],
          },
          {
            heading: 'Évolution des prix et des volumes',
            paragraphs: [
              "Les indices de valeur unitaire montrent une hausse des prix à l'exportation plus forte que celle des prix à l'importation, ce qui améliore les termes de l'échange.",
            ],
          },
        ],
        table: {
          caption: 'Tableau 1 – Balance commerciale (milliards de FSH)',
          headers: ['Agrégat', `${y - 2}`, `${y - 1}`, `${y}`],
          rows: [
            ['Exportations', round1(exp * 0.88), round1(exp * 0.94), round1(exp)],
            ['Importations', round1(imp * 0.91), round1(imp * 0.96), round1(imp)],
            ['Solde', round1(exp * 0.88 - imp * 0.91), round1(exp * 0.94 - imp * 0.96), round1(exp - imp)],
          ],
        },
        chart: {
          title: 'Graphique 1 – Exportations (milliards de FSH)',
          labels: [`${y - 2}`, `${y - 1}`, `${y}`],
          values: [round1(exp * 0.88), round1(exp * 0.94), round1(exp)],
        },
        en:
          skip === 0
            ? {
                title: `Annual external trade note – ${y}`,
                summary: `In ${y}, the trade deficit stood at FSH ${fmtIntEn(imp - exp)} billion; exports were driven by gold and cotton.`,
                periodLabel: String(y),
                sections: [
                  {
                    heading: 'Overview',
                    paragraphs: [
                      `In ${y}, Sahelia's goods exports reached FSH ${fmtIntEn(exp)} billion and imports FSH ${fmtIntEn(imp)} billion. The trade deficit ${narrows ? 'narrowed' : 'widened'} and the coverage of imports by exports stood at ${formatNumberEn((exp / imp) * 100, 1)}%.`,
                      'Trade remains highly concentrated: three products (gold, cotton lint and livestock) account for more than three quarters of exports. Imports are dominated by petroleum products, food products and capital goods.',
                    ],
                  },
                  {
                    heading: 'Prices and volumes',
                    paragraphs: [
                      'Unit value indices show export prices rising faster than import prices, which improves the terms of trade.',
                    ],
                  },
                ],
                table: {
                  caption: 'Table 1 – Trade balance (FSH billion)',
                  headers: ['Aggregate', `${y - 2}`, `${y - 1}`, `${y}`],
                  rowLabels: ['Exports', 'Imports', 'Balance'],
                },
              }
            : undefined,
      };
    },
  })),
  annuaire_exterieur: [0, 1, 2].map((skip) => ({
    when: { annual: [6, 15], skip },
    build: ({ year, rnd }: Ctx): Built => {
      const y = year - 1;
      const partners = ['Pays côtiers de la sous-région', 'Union européenne', 'Chine', 'Inde', 'Émirats arabes unis', 'Autres pays'];
      return {
        title: `Annuaire des statistiques du commerce extérieur ${y}`,
        summary: `L'annuaire ${y} présente les importations et exportations de Sahelia par produit, par partenaire, par bureau de douane et par mode de transport.`,
        period: yearPeriod(y),
        fileBase: `Annuaire commerce extérieur ${y}`,
        sections: [
          {
            paragraphs: [
              `L'annuaire des statistiques du commerce extérieur ${y} rassemble l'ensemble des données issues des déclarations en douane de l'année, traitées par l'INSS en collaboration avec la Direction générale des douanes.`,
              'Les produits sont présentés selon le système harmonisé (SH) à deux, quatre et huit chiffres ; les pays partenaires selon la nomenclature des pays des Nations unies. Les valeurs sont exprimées en millions de FSH, FOB pour les exportations et CAF pour les importations.',
            ],
          },
        ],
        table: {
          caption: 'Tableau 1 – Échanges par partenaire (millions de FSH)',
          headers: ['Partenaire', 'Exportations', 'Importations'],
          rows: partners.map((p) => [p, Math.round(rnd.range(60_000, 420_000)), Math.round(rnd.range(90_000, 520_000))]),
        },
        xlsx: true,
      };
    },
  })),
  annuaire_statistique: [0, 1, 2].map((skip) => ({
    when: { annual: [8, 30], skip },
    build: ({ year, rnd, census }: Ctx): Built => {
      const y = year - 1;
      const k = y - census.getUTCFullYear();
      return {
        title: `Annuaire statistique de Sahelia ${y}`,
        summary: `L'édition ${y} de l'annuaire statistique rassemble en 18 chapitres les principales données démographiques, économiques et sociales du pays.`,
        period: yearPeriod(y),
        fileBase: `Annuaire statistique ${y}`,
        sections: [
          {
            heading: 'Présentation',
            paragraphs: [
              `L'annuaire statistique ${y} est le fruit de la collaboration entre l'INSS et les services statistiques des ministères, des établissements publics et des organismes privés. Il couvre notamment le territoire et le climat, la population, l'éducation, la santé, l'emploi, l'agriculture, l'industrie, les transports, les prix et les finances publiques.`,
              'Chaque chapitre comporte une courte analyse, des tableaux détaillés et les définitions des principaux concepts. Les séries sont présentées sur cinq ans lorsque les données sont disponibles.',
            ],
          },
        ],
        table: {
          caption: 'Tableau 1 – Quelques indicateurs clés',
          headers: ['Indicateur', `${y - 1}`, `${y}`],
          rows: [
            [
              'Population (milliers)',
              Math.round(grow(totalPopulation, 0.029, k - 1) / 1000),
              Math.round(grow(totalPopulation, 0.029, k) / 1000),
            ],
            ['PIB nominal (milliards de FSH)', round1(rnd.range(8400, 8800)), round1(rnd.range(9100, 9500))],
            ['Croissance du PIB réel (%)', round1(rnd.range(4, 6)), round1(rnd.range(4.2, 6.4))],
            ['Taux net de scolarisation primaire (%)', round1(rnd.range(66, 70)), round1(rnd.range(69, 72))],
            ['Taux d’accès à l’électricité (%)', round1(rnd.range(41, 44)), round1(rnd.range(44, 47))],
          ],
        },
        xlsx: skip === 0,
        en:
          skip === 0
            ? {
                title: `Statistical yearbook of Sahelia ${y}`,
                summary: `The ${y} edition of the statistical yearbook brings together, in 18 chapters, the main demographic, economic and social data on the country.`,
                periodLabel: String(y),
                sections: [
                  {
                    heading: 'Introduction',
                    paragraphs: [
                      `The ${y} statistical yearbook is the result of collaboration between the INSS and the statistical services of ministries, public bodies and private organisations. Its coverage includes territory and climate, population, education, health, employment, agriculture, industry, transport, prices and public finance.`,
                      'Each chapter contains a short analysis, detailed tables and the definitions of the main concepts. Series are presented over five years where data are available.',
                    ],
                  },
                ],
                table: {
                  caption: 'Table 1 – Selected key indicators',
                  headers: ['Indicator', `${y - 1}`, `${y}`],
                  rowLabels: [
                    'Population (thousands)',
                    'Nominal GDP (FSH billion)',
                    'Real GDP growth (%)',
                    'Net primary school enrolment rate (%)',
                    'Access to electricity (%)',
                  ],
                },
              }
            : undefined,
      };
    },
  })),
  demographie: [
    {
      when: { annual: [0, 31], skip: 0 },
      build: ({ year, census }) => {
        const k = year - census.getUTCFullYear();
        const total = grow(totalPopulation, 0.029, k);
        return {
          title: `Estimations de la population au 1er janvier ${year}`,
          summary: `Au 1er janvier ${year}, la population de Sahelia est estimée à ${fmtInt(total)} habitants, en hausse de 2,9 % sur un an.`,
          period: { label: `1er janvier ${year}`, start: `${year}-01-01`, end: `${year}-01-01` },
          fileBase: `Estimations population ${year}`,
          sections: [
            {
              heading: 'Une croissance démographique soutenue',
              paragraphs: [
                `Au 1er janvier ${year}, Sahelia compte ${fmtInt(total)} habitants selon les estimations de l'INSS, établies à partir des résultats du troisième recensement général de la population et de l'habitat et des tendances de la natalité, de la mortalité et des migrations.`,
                "La population reste très jeune : près d'un habitant sur deux a moins de 15 ans. La région de Djanta, qui abrite la capitale, concentre 17 % de la population.",
              ],
            },
          ],
          table: regionTable(
            'Tableau 1 – Population estimée par région',
            ['Région', 'Population', 'Part (%)'],
            (r) => [Math.round(grow(r.population, 0.029, k)), round1((r.population / totalPopulation) * 100)],
            createRandom('demo'),
            [Math.round(total), 100],
          ),
          xlsx: true,
          csv: true,
          en: {
            title: `Population estimates at 1 January ${year}`,
            summary: `At 1 January ${year}, the population of Sahelia is estimated at ${fmtIntEn(total)}, up 2.9% on a year earlier.`,
            periodLabel: `1 January ${year}`,
            sections: [
              {
                heading: 'Sustained population growth',
                paragraphs: [
                  `According to INSS estimates, Sahelia had ${fmtIntEn(total)} inhabitants at 1 January ${year}. The estimates are based on the results of the third General Population and Housing Census and on trends in births, deaths and migration.`,
                  'The population remains very young: almost one inhabitant in two is under 15. The Djanta region, home to the capital, accounts for 17% of the population.',
                ],
              },
            ],
            table: { caption: 'Table 1 – Estimated population by region', headers: ['Region', 'Population', 'Share (%)'] },
          },
        };
      },
    },
    {
      when: { ago: 420 },
      build: ({ year }) => ({
        title: `Statistiques de l'état civil ${year - 2}`,
        summary: `Naissances, décès et mariages enregistrés à l'état civil en ${year - 2} : le taux d'enregistrement des naissances progresse encore.`,
        period: yearPeriod(year - 2),
        fileBase: `Etat civil ${year - 2}`,
        sections: [
          {
            paragraphs: [
              `En ${year - 2}, 612 480 naissances ont été enregistrées par les centres d'état civil, soit 82 % des naissances estimées. Ce taux d'enregistrement progresse de quatre points en deux ans grâce à la numérisation des registres et aux audiences foraines.`,
              "L'enregistrement des décès reste faible (31 %), en particulier en milieu rural. L'INSS et la Direction de l'état civil poursuivent la modernisation du système d'enregistrement.",
            ],
          },
        ],
        table: regionTable(
          'Tableau 1 – Naissances enregistrées par région',
          ['Région', 'Naissances enregistrées', "Taux d'enregistrement (%)"],
          (r, rnd) => [Math.round(r.population * 0.0335), round1(rnd.range(68, 94))],
          createRandom(`etat-civil-${year}`),
        ),
      }),
    },
    {
      when: { ago: 980 },
      build: ({ year }) => ({
        title: `Perspectives démographiques de Sahelia ${year}-${year + 30}`,
        summary: `Selon le scénario central, Sahelia compterait environ 38 millions d'habitants en ${year + 30}.`,
        period: yearsPeriod(year, year + 30),
        fileBase: `Perspectives démographiques ${year}-${year + 30}`,
        sections: [
          {
            heading: 'Trois scénarios',
            paragraphs: [
              'Les perspectives démographiques reposent sur trois hypothèses d’évolution de la fécondité. Dans le scénario central, l’indice synthétique de fécondité passerait de 5,6 enfants par femme à 3,9 en fin de période.',
              "L'espérance de vie à la naissance continuerait de progresser, de 62 ans à 68 ans. La population urbaine dépasserait la population rurale vers la fin de la période de projection.",
            ],
          },
        ],
        table: {
          caption: 'Tableau 1 – Population projetée (millions), scénario central',
          headers: ['Année', 'Population', 'Part des moins de 15 ans (%)'],
          rows: [0, 10, 20, 30].map((d) => [
            String(year + d),
            round1(grow(totalPopulation / 1e6, 0.026 - d * 0.0003, d + 1)),
            round1(47 - d * 0.35),
          ]),
        },
      }),
    },
  ],
  economie: [
    {
      when: { annual: [5, 30], skip: 0 },
      build: ({ year, rnd }) => ({
        title: `Comptes nationaux provisoires ${year - 1}`,
        summary: `En ${year - 1}, le produit intérieur brut progresse de ${pct(rnd.range(4.5, 5.8))} % en volume, porté par les industries extractives et les services.`,
        period: yearPeriod(year - 1),
        fileBase: `Comptes nationaux provisoires ${year - 1}`,
        sections: [
          {
            heading: 'La croissance économique',
            paragraphs: [
              `Selon les comptes provisoires, l'économie de Sahelia a crû de ${pct(rnd.range(4.5, 5.8))} % en volume en ${year - 1}. Le secteur primaire progresse modérément en raison d'une pluviométrie contrastée, tandis que le secteur secondaire est tiré par la production aurifère.`,
              'Le secteur tertiaire, qui représente près de la moitié du PIB, bénéficie du dynamisme des télécommunications, du commerce et des services financiers.',
            ],
          },
        ],
        table: {
          caption: 'Tableau 1 – Croissance en volume par secteur (%)',
          headers: ['Secteur', `${year - 3}`, `${year - 2}`, `${year - 1}`],
          rows: ['Secteur primaire', 'Secteur secondaire', 'Secteur tertiaire', 'PIB'].map((s) => [
            s,
            round1(rnd.range(2, 8)),
            round1(rnd.range(2, 8)),
            round1(rnd.range(2, 8)),
          ]),
        },
        xlsx: true,
      }),
    },
    {
      when: { ago: 760 },
      build: ({ year }) => ({
        title: `Répertoire des entreprises : démographie des entreprises ${year - 1}`,
        summary: `En ${year - 1}, 18 240 entreprises ont été créées à Sahelia, dont 62 % dans le commerce et les services.`,
        period: yearPeriod(year - 1),
        fileBase: `Démographie des entreprises ${year - 1}`,
        sections: [
          {
            paragraphs: [
              `Le répertoire national des entreprises, tenu par l'INSS, compte ${fmtInt(96_420)} entreprises actives au 31 décembre ${year - 1}. Au cours de l'année, 18 240 entreprises ont été créées, soit une hausse de 7 % par rapport à l'année précédente.`,
              'Les créations restent concentrées dans la région de Djanta (58 %). Les entreprises individuelles représentent trois créations sur quatre ; les sociétés à responsabilité limitée progressent grâce à la simplification des formalités au guichet unique.',
            ],
          },
        ],
        table: {
          caption: "Tableau 1 – Créations d'entreprises par secteur",
          headers: ['Secteur', 'Créations', 'Part (%)'],
          rows: [
            ['Commerce', 7320, 40.1],
            ['Services', 4010, 22.0],
            ['Bâtiment et travaux publics', 2480, 13.6],
            ['Industrie', 1830, 10.0],
            ['Agriculture et élevage', 1420, 7.8],
            ['Autres', 1180, 6.5],
          ],
        },
      }),
    },
    {
      when: { ago: 10 },
      build: ({ year }) => ({
        title: `Comptes nationaux définitifs ${year - 3}`,
        summary: 'Projet en cours de relecture.',
        period: yearPeriod(year - 3),
        fileBase: `Comptes nationaux définitifs ${year - 3}`,
        draft: true,
        sections: [{ paragraphs: ['Document de travail en cours de validation par le comité des comptes nationaux. Ne pas diffuser.'] }],
      }),
    },
    {
      when: { annual: [3, 15], skip: 2 },
      build: ({ year }) => ({
        title: `Situation économique et financière de Sahelia en ${year - 1}`,
        summary: `Ce rapport dresse le bilan de l'économie de Sahelia en ${year - 1} : croissance, prix, finances publiques, échanges extérieurs et monnaie.`,
        period: yearPeriod(year - 1),
        fileBase: `Situation économique ${year - 1}`,
        sections: [
          {
            paragraphs: [
              `En ${year - 1}, l'activité économique est restée soutenue malgré un contexte international marqué par le renchérissement de l'énergie. L'inflation a été maîtrisée grâce aux mesures de suspension des droits de douane sur les produits de première nécessité.`,
              'Le déficit budgétaire s’établit à 4,1 % du PIB et la dette publique à 52 % du PIB. Le déficit du compte courant se réduit grâce à la hausse des exportations d’or.',
              'Les perspectives restent favorables, sous réserve d’une bonne campagne agricole et de la poursuite des investissements publics.',
            ],
          },
        ],
      }),
    },
  ],
  sociale: [
    {
      when: { annual: [2, 15], skip: 0 },
      build: ({ year, rnd }) => {
        const unemployment = rnd.range(7, 9);
        return {
          title: `Enquête nationale sur l'emploi ${year - 1} : principaux résultats`,
          summary: `En ${year - 1}, le taux de chômage au sens du BIT s'établit à ${pct(unemployment)} % ; le secteur informel occupe près de 8 actifs occupés sur 10.`,
          period: yearPeriod(year - 1),
          fileBase: `Enquête emploi ${year - 1}`,
          sections: [
            {
              heading: 'Le marché du travail',
              paragraphs: [
                `L'enquête nationale sur l'emploi ${year - 1} a été réalisée auprès de 12 600 ménages répartis sur l'ensemble du territoire. Le taux d'activité des 15 ans ou plus s'établit à 61,4 % ; il est nettement plus élevé chez les hommes (72,8 %) que chez les femmes (50,6 %).`,
                'Le chômage touche surtout les jeunes diplômés des zones urbaines. Le sous-emploi lié à la durée du travail concerne un actif occupé sur cinq, en particulier dans l’agriculture.',
              ],
            },
          ],
          table: regionTable(
            'Tableau 1 – Indicateurs du marché du travail par région (%)',
            ['Région', "Taux d'activité", 'Taux de chômage', "Part de l'emploi informel"],
            (_r, rnd) => [round1(rnd.range(55, 68)), round1(rnd.range(4.5, 12.5)), round1(rnd.range(70, 88))],
            createRandom(`emploi-${year}`),
          ),
          xlsx: true,
          en: {
            title: `National employment survey ${year - 1}: main results`,
            summary: `In ${year - 1}, the ILO unemployment rate stood at ${pctEn(unemployment)}%; the informal sector accounts for almost 8 in 10 employed people.`,
            periodLabel: String(year - 1),
            sections: [
              {
                heading: 'The labour market',
                paragraphs: [
                  `The ${year - 1} national employment survey covered 12,600 households across the country. The labour force participation rate of people aged 15 and over stands at 61.4%; it is markedly higher for men (72.8%) than for women (50.6%).`,
                  'Unemployment mainly affects young graduates in urban areas. Time-related underemployment concerns one employed person in five, particularly in agriculture.',
                ],
              },
            ],
            table: {
              caption: 'Table 1 – Labour market indicators by region (%)',
              headers: ['Region', 'Participation rate', 'Unemployment rate', 'Share of informal employment'],
            },
          },
        };
      },
    },
    {
      when: { ago: 540 },
      build: ({ year }) => ({
        title: `Enquête harmonisée sur les conditions de vie des ménages ${year - 1} : profil de pauvreté`,
        summary: `L'incidence de la pauvreté monétaire est estimée à 38,2 % en ${year - 1}, en recul de 3,1 points par rapport à la précédente enquête.`,
        period: yearPeriod(year - 1),
        fileBase: `EHCVM ${year - 1} profil de pauvreté`,
        sections: [
          {
            paragraphs: [
              `L'enquête harmonisée sur les conditions de vie des ménages (EHCVM) ${year - 1} a porté sur 8 400 ménages. Elle mesure la consommation, l'accès aux services sociaux de base et les conditions de logement.`,
              'La pauvreté recule en milieu urbain comme en milieu rural, mais les écarts entre régions restent marqués. Les ménages dirigés par une personne sans instruction sont les plus exposés.',
            ],
          },
        ],
        table: regionTable(
          'Tableau 1 – Incidence de la pauvreté par région (%)',
          ['Région', 'Incidence de la pauvreté'],
          (_r, rnd) => [round1(rnd.range(14, 56))],
          createRandom(`ehcvm-${year}`),
        ),
      }),
    },
    {
      when: { ago: 240 },
      build: ({ year }) => ({
        title: `Annuaire des statistiques scolaires ${year - 2}-${year - 1}`,
        summary: `L'annuaire présente les effectifs d'élèves, d'enseignants et d'établissements de l'année scolaire ${year - 2}-${year - 1}.`,
        period: { label: `Année scolaire ${year - 2}-${year - 1}`, start: `${year - 2}-10-01`, end: `${year - 1}-07-31` },
        fileBase: `Statistiques scolaires ${year - 2}-${year - 1}`,
        sections: [
          {
            paragraphs: [
              `Réalisé avec le ministère de l'Éducation nationale, l'annuaire des statistiques scolaires ${year - 2}-${year - 1} couvre 16 280 écoles primaires et 3 940 établissements d'enseignement secondaire.`,
              "Le taux brut de scolarisation au primaire atteint 94,7 % ; l'indice de parité entre filles et garçons s'établit à 0,97. Le nombre d'élèves par enseignant recule légèrement grâce aux recrutements de l'année.",
            ],
          },
        ],
      }),
    },
    {
      when: { ago: 4 },
      build: ({ year }) => ({
        title: `Enquête démographique et de santé ${year - 1} : rapport préliminaire`,
        summary: 'Rapport préliminaire en cours de validation.',
        period: yearPeriod(year - 1),
        fileBase: `EDS ${year - 1} rapport préliminaire`,
        draft: true,
        sections: [{ paragraphs: ['Version de travail soumise au comité technique. Les indicateurs sont susceptibles d’être modifiés.'] }],
      }),
    },
  ],
  autres: [0, 1, 2].map((skip) => ({
    when: { annual: [3, 30], skip },
    build: ({ year }: Ctx): Built => ({
      title: `Rapport d'activité ${year - 1} de l'INSS`,
      summary: `Le rapport d'activité ${year - 1} retrace les opérations statistiques, les publications et la vie de l'institut au cours de l'année.`,
      period: yearPeriod(year - 1),
      fileBase: `Rapport d'activité ${year - 1}`,
      sections: [
        {
          heading: "L'année en bref",
          paragraphs: [
            `En ${year - 1}, l'INSS a publié ${40 + skip * 3} notes et rapports, conduit ${5 + skip} enquêtes de terrain et répondu à plus de ${1200 - skip * 150} demandes de données. Le site internet a enregistré ${fmtInt(412_000 - skip * 61_000)} visites.`,
            "L'institut a poursuivi la modernisation de ses outils : collecte sur tablettes, diffusion des séries en données ouvertes et dématérialisation des procédures internes.",
          ],
          bullets: [
            'Ressources humaines : 312 agents, dont 41 % de cadres statisticiens',
            'Formation continue : 2 140 jours de formation',
            'Partenariats : 9 conventions signées ou renouvelées',
          ],
        },
      ],
      table: {
        caption: 'Tableau 1 – Exécution budgétaire (millions de FSH)',
        headers: ['Rubrique', 'Prévision', 'Exécution', 'Taux (%)'],
        rows: [
          ['Personnel', 2140, 2098, 98.0],
          ['Fonctionnement', 860, 791, 92.0],
          ['Enquêtes et recensements', 3250, 2747, 84.5],
          ['Investissements', 640, 502, 78.4],
        ],
      },
      en:
        skip === 0
          ? {
              title: `INSS annual report ${year - 1}`,
              summary: `The ${year - 1} annual report reviews the statistical operations, the publications and the life of the institute over the year.`,
              periodLabel: String(year - 1),
              sections: [
                {
                  heading: 'The year at a glance',
                  paragraphs: [
                    `In ${year - 1}, the INSS published ${40 + skip * 3} notes and reports, conducted ${5 + skip} field surveys and answered more than ${fmtIntEn(1200 - skip * 150)} data requests. The website recorded ${fmtIntEn(412_000 - skip * 61_000)} visits.`,
                    'The institute continued to modernise its tools: tablet-based data collection, dissemination of series as open data and the digitisation of internal procedures.',
                  ],
                  bullets: [
                    'Human resources: 312 staff, 41% of them statistical officers',
                    'Continuing training: 2,140 training days',
                    'Partnerships: 9 agreements signed or renewed',
                  ],
                },
              ],
              table: {
                caption: 'Table 1 – Budget execution (FSH million)',
                headers: ['Item', 'Budget', 'Outturn', 'Rate (%)'],
                rowLabels: ['Staff', 'Operating costs', 'Surveys and censuses', 'Investment'],
              },
            }
          : undefined,
    }),
  })),
  rgph: [
    {
      when: { ago: 560 },
      build: ({ census }) => {
        const c = monthIndex(census);
        return {
          title: 'RGPH-3 : résultats définitifs',
          summary: `Le troisième recensement général de la population et de l'habitat dénombre ${fmtInt(totalPopulation)} habitants au ${dateLabel(census)}.`,
          period: { label: monthLabel(c), start: monthPeriod(c), end: isoDate(monthEnd(c)) },
          slug: 'rgph-3-resultats-definitifs',
          fileBase: 'RGPH-3 résultats définitifs',
          sections: [
            {
              heading: 'La population de Sahelia',
              paragraphs: [
                `Au ${dateLabel(census)}, date de référence du recensement, la République de Sahelia compte ${fmtInt(totalPopulation)} habitants, répartis dans ${fmtInt(regions.reduce((s, r) => s + r.households, 0))} ménages. Le taux d'accroissement annuel moyen depuis le précédent recensement est de 3,0 %.`,
                'Les femmes représentent 50,7 % de la population. La taille moyenne des ménages est de 6,3 personnes ; elle est plus faible à Djanta (5,4) que dans les régions rurales.',
              ],
            },
          ],
          table: regionTable(
            'Tableau 1 – Population et ménages par région',
            ['Région', 'Population', 'Ménages', 'Taille moyenne'],
            (r) => [r.population, r.households, round1(r.population / r.households)],
            createRandom('rgph'),
            [
              totalPopulation,
              regions.reduce((s, r) => s + r.households, 0),
              round1(totalPopulation / regions.reduce((s, r) => s + r.households, 0)),
            ],
          ),
          xlsx: true,
          csv: true,
        };
      },
    },
    {
      when: { ago: 380 },
      build: () => ({
        title: 'RGPH-3 : rapport thématique « Habitat et conditions de vie des ménages »',
        summary:
          "Ce rapport analyse les caractéristiques des logements et l'accès des ménages à l'eau potable, à l'électricité et à l'assainissement.",
        fileBase: 'RGPH-3 habitat et conditions de vie',
        sections: [
          {
            paragraphs: [
              "Six ménages sur dix vivent dans un logement en banco ou en terre battue ; cette proportion dépasse 80 % en milieu rural. L'accès à une source d'eau améliorée concerne 74 % des ménages.",
              "L'électricité est la principale source d'éclairage pour 43 % des ménages, devant les lampes solaires (31 %), en forte progression depuis le précédent recensement.",
            ],
          },
        ],
        table: {
          caption: 'Tableau 1 – Accès aux services de base (% des ménages)',
          headers: ['Service', 'Urbain', 'Rural', 'Ensemble'],
          rows: [
            ['Eau potable', 92.4, 65.8, 74.1],
            ['Électricité', 81.7, 24.3, 43.0],
            ['Toilettes améliorées', 71.2, 28.6, 41.9],
          ],
        },
      }),
    },
    {
      when: { ago: 1010 },
      build: () => ({
        title: "RGPH-3 : manuel de l'agent recenseur",
        summary:
          'Le manuel décrit les concepts, les procédures de dénombrement et les consignes de remplissage du questionnaire sur tablette.',
        fileBase: "RGPH-3 manuel de l'agent recenseur",
        sections: [
          {
            paragraphs: [
              'Ce manuel est destiné aux 14 000 agents recenseurs mobilisés pour le dénombrement. Il précise les définitions de ménage, de résident habituel et de logement, ainsi que les règles de parcours des zones de dénombrement.',
              "Chaque agent dispose d'une tablette équipée de l'application de collecte et de la cartographie numérique de sa zone. Les données sont transmises quotidiennement au serveur central de l'INSS.",
            ],
            bullets: [
              'Identifier et numéroter les constructions',
              'Dénombrer les ménages et leurs membres',
              'Contrôler la cohérence des réponses avant transmission',
            ],
          },
        ],
      }),
    },
  ],
  methodes: [
    {
      when: { ago: 1020 },
      build: () => ({
        title: "Note méthodologique de l'indice des prix à la consommation (base 100 = 2020)",
        summary:
          "Champ, pondérations, échantillon de produits et de points de vente, méthodes de calcul : tout ce qu'il faut savoir sur l'IPC.",
        fileBase: 'Méthodologie IPC base 2020',
        sections: [
          {
            heading: 'Champ et pondérations',
            paragraphs: [
              "L'IPC couvre la consommation monétaire des ménages résidant dans la capitale et les chefs-lieux de région. Les pondérations sont issues de l'enquête harmonisée sur les conditions de vie des ménages et actualisées chaque année.",
              "Les prix sont relevés par des enquêteurs sur tablette, aux mêmes points de vente et pour les mêmes variétés d'un mois à l'autre. Les produits saisonniers font l'objet d'un traitement spécifique.",
            ],
          },
          {
            heading: 'Calcul',
            paragraphs: [
              'Les indices élémentaires sont des moyennes géométriques de rapports de prix (formule de Jevons) ; les agrégats sont calculés selon une formule de Laspeyres chaînée.',
            ],
          },
        ],
      }),
    },
    {
      when: { ago: 610 },
      build: () => ({
        title: 'Nomenclature des activités de Sahelia (NAS rév. 2)',
        summary:
          'La deuxième révision de la nomenclature nationale des activités, compatible avec la CITI rév. 4, entre en vigueur pour toutes les statistiques d’entreprises.',
        fileBase: 'NAS rév 2',
        sections: [
          {
            paragraphs: [
              'La nomenclature des activités de Sahelia (NAS rév. 2) comprend 21 sections, 88 divisions, 236 groupes et 412 classes. Elle est directement articulée avec la classification internationale type des industries (CITI rév. 4).',
              "Elle s'impose à l'ensemble des administrations pour la classification des unités économiques, notamment au répertoire national des entreprises.",
            ],
          },
        ],
        table: {
          caption: 'Tableau 1 – Structure de la nomenclature',
          headers: ['Niveau', 'Nombre de postes'],
          rows: [
            ['Sections', 21],
            ['Divisions', 88],
            ['Groupes', 236],
            ['Classes', 412],
          ],
        },
      }),
    },
    {
      when: { ago: 200 },
      build: () => ({
        title: 'Concepts et définitions des statistiques du commerce extérieur',
        summary:
          'Système commercial, évaluation des marchandises, pays partenaires : les concepts utilisés dans les publications du commerce extérieur.',
        fileBase: 'Concepts commerce extérieur',
        sections: [
          {
            paragraphs: [
              'Les statistiques du commerce extérieur de Sahelia sont établies selon le système du commerce général, conformément aux recommandations internationales. Les exportations sont évaluées FOB et les importations CAF.',
              "Le pays partenaire est le pays d'origine pour les importations et le pays de dernière destination connue pour les exportations. Les données proviennent des déclarations en douane, complétées par des sources sur l'or et l'électricité.",
            ],
          },
        ],
      }),
    },
  ],
  lois: [
    {
      when: { ago: 1090 },
      build: ({ date }) =>
        law(
          date,
          '014',
          'portant organisation et réglementation des activités statistiques',
          'Cette loi définit les principes de la statistique publique (indépendance professionnelle, confidentialité, qualité), le système statistique national et les obligations de réponse aux enquêtes.',
          'loi-statistique',
          [
            'La présente loi a pour objet d’organiser et de réglementer les activités statistiques menées sur le territoire de la République de Sahelia.',
            'La statistique publique est élaborée dans le respect des principes d’indépendance professionnelle, d’impartialité, d’objectivité, de confidentialité et de qualité.',
            'Le système statistique national comprend le Conseil national de la statistique, l’Institut national de la statistique et les services statistiques des ministères et des collectivités.',
            'Les personnes physiques et morales sollicitées dans le cadre des enquêtes statistiques obligatoires sont tenues de répondre avec exactitude et dans les délais prescrits.',
            'Les informations individuelles recueillies ne peuvent en aucun cas être utilisées à des fins de contrôle fiscal, de répression économique ou de poursuites judiciaires.',
          ],
        ),
    },
    {
      when: { ago: 1150 },
      build: ({ date }) =>
        law(
          date,
          '027',
          'relative au troisième recensement général de la population et de l’habitat',
          'La loi rend obligatoire la participation au RGPH-3, fixe la date de référence du dénombrement et garantit la confidentialité des informations individuelles.',
          'loi-rgph',
          [
            'Il est procédé au troisième recensement général de la population et de l’habitat (RGPH-3) sur l’ensemble du territoire national.',
            'Toute personne résidant sur le territoire national est tenue de fournir les renseignements demandés par les agents recenseurs dûment identifiés.',
            'Les agents du recensement sont astreints au secret professionnel. Les données individuelles ne peuvent être communiquées à quiconque.',
            'Les modalités d’exécution du recensement sont fixées par décret pris en Conseil des ministres.',
          ],
        ),
    },
    {
      when: { ago: 240 },
      build: ({ date }) =>
        law(
          date,
          '009',
          'relative à la protection des données à caractère personnel',
          'La loi encadre la collecte et le traitement des données personnelles, y compris à des fins statistiques, et institue une autorité de protection des données.',
          'loi-donnees',
          [
            'La présente loi s’applique à tout traitement de données à caractère personnel effectué sur le territoire de la République de Sahelia.',
            'Le traitement de données à des fins statistiques est compatible avec les finalités initiales de la collecte, sous réserve de garanties appropriées.',
            'Il est institué une Autorité de protection des données à caractère personnel, autorité administrative indépendante.',
            'Les données publiées à des fins statistiques ne doivent pas permettre l’identification directe ou indirecte des personnes concernées.',
          ],
        ),
    },
  ],
  decrets: [
    {
      when: { ago: 1050 },
      build: ({ date }) =>
        decree(
          date,
          '0457',
          "portant attributions, organisation et fonctionnement de l'Institut national de la statistique de Sahelia",
          "Le décret fixe les missions de l'INSS, établissement public à caractère administratif, ainsi que la composition de son conseil d'administration et de ses directions techniques.",
          [
            "L'Institut national de la statistique de Sahelia est un établissement public à caractère administratif doté de la personnalité morale et de l'autonomie financière.",
            "L'institut a pour missions de produire, d'analyser et de diffuser les statistiques officielles et de coordonner les activités du système statistique national.",
            "Les organes de l'institut sont le conseil d'administration et la direction générale.",
            "La direction générale comprend cinq directions techniques, une direction de l'administration et des finances et des directions régionales.",
          ],
        ),
    },
    {
      when: { ago: 1100 },
      build: ({ date }) =>
        decree(
          date,
          '0112',
          'fixant les modalités d’exécution du troisième recensement général de la population et de l’habitat',
          'Le décret précise le calendrier du recensement, les organes de pilotage (commission nationale, comités régionaux) et le statut des agents recenseurs.',
          [
            'Le dénombrement du troisième recensement général de la population et de l’habitat se déroule sur une période de vingt et un jours.',
            'Il est créé une Commission nationale du recensement, présidée par le ministre chargé de l’Économie, et des comités régionaux présidés par les gouverneurs.',
            "L'Institut national de la statistique est chargé de l'exécution technique du recensement.",
          ],
        ),
    },
    {
      when: { ago: 160 },
      build: ({ date }) =>
        decree(
          date,
          '0683',
          'portant composition et fonctionnement du Conseil national de la statistique',
          'Le Conseil national de la statistique, présidé par le ministre chargé de l’Économie, adopte le programme statistique annuel et veille à la coordination du système statistique national.',
          [
            'Le Conseil national de la statistique est l’organe de coordination et d’orientation du système statistique national.',
            'Il comprend des représentants des ministères, de la Banque centrale, des collectivités, du secteur privé, des syndicats et de l’université.',
            'Le Conseil se réunit en session ordinaire deux fois par an sur convocation de son président.',
            "Le secrétariat du Conseil est assuré par l'Institut national de la statistique.",
          ],
        ),
    },
  ],
  echantillonage: [
    {
      when: { ago: 640 },
      build: () => {
        const rnd = createRandom('zd');
        const rows: Cell[][] = [];
        regions.forEach((r, ri) => {
          for (let i = 1; i <= 8; i++) {
            const hh = rnd.int(120, 260);
            rows.push([
              r.name,
              `${r.name} ${['Centre', 'Nord', 'Sud', 'Est', 'Ouest'][i % 5]}`,
              `ZD-${String(ri + 1).padStart(2, '0')}-${String(i * 37).padStart(4, '0')}`,
              i % 3 === 0 ? 'Urbain' : 'Rural',
              hh,
              Math.round(hh * rnd.range(5.2, 7.1)),
            ]);
          }
        });
        return {
          title: 'Base de sondage issue du RGPH-3 : zones de dénombrement',
          summary:
            'Liste des zones de dénombrement (ZD) avec leur nombre de ménages et leur population, utilisée comme base de sondage des enquêtes auprès des ménages.',
          fileBase: 'Base de sondage ZD RGPH-3',
          sections: [
            {
              paragraphs: [
                'La base de sondage comprend les 17 850 zones de dénombrement du RGPH-3, avec leurs effectifs de ménages et de population, leur milieu de résidence et leurs coordonnées géographiques. Le fichier joint en présente un extrait.',
                "Son utilisation est réservée aux agents de l'INSS et aux partenaires ayant signé un accord de confidentialité. Toute diffusion à des tiers est interdite.",
              ],
            },
          ],
          table: {
            caption: 'Extrait – zones de dénombrement',
            headers: ['Région', 'Département', 'Code ZD', 'Milieu', 'Ménages', 'Population'],
            rows: rows.slice(0, 12),
          },
          csv: true,
          csvRows: rows,
        };
      },
    },
    {
      when: { annual: [1, 10], skip: 0 },
      build: ({ year }) => ({
        title: `Plan de sondage de l'enquête nationale sur l'emploi ${year}`,
        summary: `Tirage à deux degrés stratifié par région et milieu : 630 zones de dénombrement et 12 600 ménages.`,
        period: yearPeriod(year),
        fileBase: `Plan de sondage enquête emploi ${year}`,
        sections: [
          {
            paragraphs: [
              "L'échantillon est tiré selon un plan stratifié à deux degrés. Au premier degré, 630 zones de dénombrement sont tirées avec une probabilité proportionnelle à leur nombre de ménages ; au second degré, 20 ménages sont tirés par zone après dénombrement.",
              'Les poids de sondage sont calés sur les projections de population par région, milieu, sexe et groupe d’âge.',
            ],
          },
        ],
        table: regionTable(
          'Tableau 1 – Allocation de l’échantillon',
          ['Région', 'ZD tirées', 'Ménages'],
          (r) => [Math.round((r.households / 3_000_000) * 630 * 0.9 + 8), Math.round((r.households / 3_000_000) * 630 * 0.9 + 8) * 20],
          createRandom('emploi-plan'),
        ),
        xlsx: true,
      }),
    },
    {
      when: { ago: 930 },
      build: () => ({
        title: "Échantillon des points de vente et des variétés de l'IPC",
        summary: "Liste des points de vente et des variétés suivies pour le calcul de l'indice des prix à la consommation.",
        fileBase: 'Échantillon points de vente IPC',
        sections: [
          {
            paragraphs: [
              "L'échantillon de l'IPC comprend environ 1 800 points de vente (marchés, boutiques, supermarchés, prestataires de services) répartis dans la capitale et les chefs-lieux de région, et 620 variétés.",
              'Les points de vente sont renouvelés par rotation d’un cinquième chaque année afin de tenir compte de l’évolution des circuits de distribution.',
            ],
          },
        ],
        table: regionTable(
          'Tableau 1 – Points de vente par ville',
          ['Chef-lieu', 'Points de vente', 'Relevés mensuels'],
          (r, rnd) => {
            const n = r.name === 'Djanta' ? 620 : rnd.int(130, 220);
            return [n, n * 9];
          },
          createRandom('pdv'),
        ),
        csv: true,
      }),
    },
  ],
};

const articleList = (articles: string[]): DocSection[] =>
  articles.map((a, i) => ({ heading: i === 0 ? 'Article premier' : `Article ${i + 1}`, paragraphs: [a] }));

function law(date: Date, number: string, object: string, text: string, slug: string, articles: string[]): Built {
  const signed = addDays(date, -(20 + (date.getUTCDate() % 20)));
  const y = signed.getUTCFullYear();
  const num = `Loi n° ${y}-${number}`;
  return {
    title: `${num} du ${dateLabel(signed)} ${object}`,
    summary: text,
    slug: `${slug}-${y}`,
    fields: { number: num, signedOn: isoDate(signed) },
    fileBase: num.replace('n° ', 'n°'),
    sections: [
      {
        paragraphs: [
          `${text}`,
          "L'Assemblée nationale a délibéré et adopté, le Président de la République promulgue la loi dont la teneur suit :",
        ],
      },
      ...articleList(articles),
      {
        heading: `Article ${articles.length + 1}`,
        paragraphs: [
          'La présente loi abroge toutes dispositions antérieures contraires. Elle sera exécutée comme loi de l’État et publiée au Journal officiel de la République de Sahelia.',
        ],
      },
    ],
  };
}

function decree(date: Date, number: string, object: string, text: string, articles: string[]): Built {
  const signed = addDays(date, -(15 + (date.getUTCDate() % 15)));
  const y = signed.getUTCFullYear();
  const num = `Décret n° ${y}-${number}/PR`;
  return {
    title: `${num} du ${dateLabel(signed)} ${object}`,
    summary: text,
    slug: `decret-${y}-${number}`,
    fields: { number: num, signedOn: isoDate(signed) },
    fileBase: `Décret ${y}-${number}`,
    sections: [
      {
        paragraphs: [
          `${text}`,
          "Le Président de la République, sur rapport du ministre de l'Économie et des Finances, le Conseil des ministres entendu, décrète :",
        ],
      },
      ...articleList(articles),
      {
        heading: `Article ${articles.length + 1}`,
        paragraphs: [
          'Le ministre de l’Économie et des Finances est chargé de l’exécution du présent décret, qui sera publié au Journal officiel de la République de Sahelia.',
        ],
      },
    ],
  };
}

function whenDate(when: When, now: Date): { date: Date; quarter: number } {
  if ('ago' in when) return { date: weekday(daysFrom(now, -when.ago, 10)), quarter: 0 };
  if ('annual' in when) return { date: weekday(lastAnnual(now, when.annual[0], when.annual[1], when.skip)), quarter: 0 };
  let q = Math.floor(monthIndex(now) / 3);
  while (quarterRelease(q, when.quarterly) >= now) q -= 1;
  q -= when.skip;
  return { date: quarterRelease(q, when.quarterly), quarter: q };
}

function englishOf(en: NonNullable<Built['en']>, table: DocTable | undefined): PublicationEnglish {
  const t = en.table && table ? en.table : null;
  return {
    title: en.title,
    summary: en.summary,
    sections: en.sections,
    periodLabel: en.periodLabel ?? null,
    table: t
      ? {
          ...table!,
          caption: t.caption,
          headers: t.headers,
          rows: table!.rows.map((row, i) => [t.rowLabels?.[i] ?? (row[0] === 'Ensemble' ? 'Total' : (row[0] ?? '')), ...row.slice(1)]),
          source: null,
        }
      : undefined,
  };
}

function otherPublications(now: Date): PublicationDraft[] {
  const out: PublicationDraft[] = [];
  const c = daysFrom(now, -950);
  const census = utc(c.getUTCFullYear(), c.getUTCMonth(), 15);
  for (const [area, items] of Object.entries(otherAreas)) {
    const slugs = new Set<string>();
    items.forEach((item, i) => {
      const { date, quarter } = whenDate(item.when, now);
      const built = item.build({ date, year: date.getUTCFullYear(), rnd: createRandom(`${area}:${i}`), now, census, quarter });
      let slug = built.slug ?? slugify(built.title);
      if (slug === 'annee' || slug === 'page') slug = `${slug}-${i}`;
      while (slugs.has(slug)) slug = `${slug}-${i}`;
      slugs.add(slug);
      const table = built.table;
      out.push({
        area,
        slug,
        title: built.title,
        summary: built.summary,
        sections: built.sections,
        table,
        chart: built.chart,
        periodLabel: built.period?.label ?? null,
        periodStart: built.period?.start ?? null,
        periodEnd: built.period?.end ?? null,
        publishedAt: built.draft ? null : date,
        status: built.draft ? 'draft' : 'published',
        fields: built.fields ?? {},
        en: built.en ? englishOf(built.en, table) : undefined,
        fileBase: built.fileBase,
        xlsx:
          built.xlsx && table
            ? [{ name: 'Données', title: table.caption, headers: table.headers, rows: table.rows, decimals: table.decimals }]
            : undefined,
        csv: built.csv && table ? { headers: table.headers, rows: built.csvRows ?? table.rows, decimals: table.decimals } : undefined,
      });
    });
  }
  return out;
}

/** Releases of the non-index publications (the foreign-trade bulletin). */
function otherReleases(now: Date): ReleaseDraft[] {
  const out: ReleaseDraft[] = [];
  let q = Math.floor(monthIndex(now) / 3);
  while (quarterRelease(q, BULLETIN_DAY) >= now) q -= 1;
  q += 1;
  const at = quarterRelease(q, BULLETIN_DAY);
  if (at.getTime() - now.getTime() < 95 * 86_400_000) {
    out.push({
      area: 'bulletin',
      title: `Bulletin trimestriel des statistiques du commerce extérieur – ${quarterLabel(q)}`,
      titleEn: `External trade statistics bulletin – ${quarterLabelEn(q)}`,
      scheduledAt: at,
      status: 'announced',
    });
  }
  return out;
}

export function buildPublications(now: Date, observations: Map<SeriesCode, Observation[]>) {
  const index = indexPublications(now, observations);
  return { publications: [...index.publications, ...otherPublications(now)], releases: [...index.releases, ...otherReleases(now)] };
}
