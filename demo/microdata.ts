/**
 * The demo's two surveys (issue 50), invented and seeded like the rest of the demo: the household
 * living-conditions survey EHCVM 2024 (five data files, some 300 variables with their questions,
 * categories and frequencies; public-use, licensed and one open teaching extract) and the 10 %
 * sample of the third census (licensed). Each is written once as a DDI Codebook 2.5 file kept in
 * `demo/microdata/` (`tsx demo/write-microdata-ddi.ts`), and the seed imports those files through
 * the application's own reader (lib/microdata/ddi/parse.ts) and writes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/db/open';
import { publications } from '@/lib/db/schema';
import { parseDdi } from '@/lib/microdata/ddi/parse';
import { emptyStudy, type AccessTier, type Codebook, type DataKind, type Variable, type VariableCategory } from '@/lib/microdata/model';
import { findSurvey } from '@/lib/microdata/queries';
import { surveyDocuments } from '@/lib/microdata/schema';
import { setFileAccess, setSurveyPublication, writeSurveyVersion } from '@/lib/microdata/write';
import type { Actor } from '@/lib/versions/model';
import { createRandom, type Random } from './random';

export const demoDdiFolder = path.resolve(process.cwd(), 'demo/microdata');

const regions = [
  'Capitale',
  'Région du Nord',
  'Région du Sud',
  'Région de l’Est',
  'Région de l’Ouest',
  'Région du Centre',
  'Région du Fleuve',
  'Région des Plateaux',
];
const yesNo = ['Oui', 'Non'];

/** Categories with frequencies that add up to `total` (seeded shares, the last category takes the rest). */
function categories(random: Random, labels: string[], total: number, missing = true): VariableCategory[] {
  const weights = labels.map(() => 0.3 + random.next());
  const sum = weights.reduce((a, b) => a + b, 0);
  const answered = Math.round(total * (missing ? 0.985 : 1));
  let left = answered;
  const cats = labels.map((label, i) => {
    const freq = i === labels.length - 1 ? left : Math.round((answered * weights[i]!) / sum);
    left -= freq;
    return { value: String(i + 1), label, freq, missing: false };
  });
  return missing ? [...cats, { value: '9', label: 'Ne sait pas / non déclaré', freq: total - answered, missing: true }] : cats;
}

type VarSpec = {
  name: string;
  label: string;
  question?: string;
  universe?: string;
  cats?: string[];
  contin?: { mean: number; sd: number; min: number; max: number };
  type?: 'character';
};

function variables(random: Random, fileId: string, records: number, specs: VarSpec[]): Variable[] {
  return specs.map((s, i) => {
    const r = random.fork(s.name);
    const stats: Variable['stats'] = {};
    let cats: VariableCategory[] = [];
    if (s.cats) cats = categories(r, s.cats, records);
    if (s.contin) {
      const valid = Math.round(records * (0.97 + 0.03 * r.next()));
      Object.assign(stats, {
        vald: valid,
        invd: records - valid,
        min: s.contin.min,
        max: s.contin.max,
        mean: Math.round(s.contin.mean * (0.95 + 0.1 * r.next()) * 100) / 100,
        stdev: Math.round(s.contin.sd * 100) / 100,
      });
    } else if (s.cats)
      Object.assign(stats, {
        vald: records - (cats.at(-1)?.missing ? cats.at(-1)!.freq! : 0),
        invd: cats.at(-1)?.missing ? cats.at(-1)!.freq! : 0,
      });
    return {
      name: s.name,
      ddiId: `${fileId}_V${i + 1}`,
      fileId,
      label: s.label,
      question: s.question ?? '',
      universe: s.universe ?? '',
      notes: '',
      concept: '',
      interval: s.contin ? 'contin' : 'discrete',
      valueType: s.type ?? 'numeric',
      decimals: 0,
      categories: cats,
      stats,
    };
  });
}

const foods = [
  'Riz local',
  'Riz importé',
  'Maïs en grain',
  'Farine de maïs',
  'Mil',
  'Sorgho',
  'Fonio',
  'Blé',
  'Pain',
  'Pâtes alimentaires',
  'Manioc frais',
  'Gari',
  'Igname',
  'Patate douce',
  'Pomme de terre',
  'Plantain',
  'Niébé',
  'Arachide décortiquée',
  'Pâte d’arachide',
  'Sésame',
  'Viande de bœuf',
  'Viande de mouton',
  'Viande de chèvre',
  'Poulet',
  'Abats',
  'Poisson frais',
  'Poisson fumé',
  'Poisson séché',
  'Sardines en conserve',
  'Œufs',
  'Lait frais',
  'Lait en poudre',
  'Lait caillé',
  'Fromage local',
  'Huile d’arachide',
  'Huile de palme',
  'Beurre de karité',
  'Tomate fraîche',
  'Concentré de tomate',
  'Oignon',
  'Gombo',
  'Aubergine',
  'Chou',
  'Carotte',
  'Feuilles de baobab',
  'Piment',
  'Ail',
  'Mangue',
  'Banane douce',
  'Orange',
  'Pastèque',
  'Sucre en poudre',
  'Sucre en morceaux',
  'Miel',
  'Sel',
  'Bouillon cube',
  'Soumbala',
  'Poivre',
  'Café',
  'Thé',
  'Eau minérale',
  'Boissons gazeuses',
  'Jus de fruits',
  'Bière locale',
  'Kola',
  'Dattes',
  'Biscuits',
  'Bonbons',
  'Repas pris hors du ménage',
  'Beignets',
];
const nonFoods = [
  'Loyer',
  'Électricité',
  'Eau courante',
  'Gaz butane',
  'Bois de chauffe',
  'Charbon de bois',
  'Pétrole lampant',
  'Savon',
  'Produits d’entretien',
  'Téléphone et crédit',
  'Internet',
  'Transport en commun',
  'Carburant',
  'Réparation de véhicules',
  'Vêtements d’homme',
  'Vêtements de femme',
  'Vêtements d’enfant',
  'Chaussures',
  'Coiffure',
  'Produits de beauté',
  'Frais de scolarité',
  'Fournitures scolaires',
  'Uniformes scolaires',
  'Consultations médicales',
  'Médicaments',
  'Hospitalisation',
  'Lunettes',
  'Ustensiles de cuisine',
  'Literie',
  'Mobilier',
  'Cérémonies familiales',
  'Dons à des proches',
  'Cotisations religieuses',
  'Journaux et livres',
  'Loisirs',
  'Assurance',
  'Impôts et taxes',
  'Frais bancaires',
  'Piles et ampoules',
  'Entretien du logement',
];
const durables = [
  'Radio',
  'Téléviseur',
  'Antenne parabolique',
  'Téléphone portable',
  'Smartphone',
  'Ordinateur',
  'Réfrigérateur',
  'Congélateur',
  'Ventilateur',
  'Climatiseur',
  'Cuisinière',
  'Fer à repasser',
  'Groupe électrogène',
  'Panneau solaire',
  'Bicyclette',
  'Motocyclette',
  'Voiture',
  'Charrette',
  'Charrue',
  'Pirogue',
  'Lit',
  'Matelas',
  'Table',
  'Chaises',
  'Armoire',
  'Machine à coudre',
  'Moulin',
  'Pompe à eau',
  'Lampe solaire',
  'Montre',
];

const slug = (label: string) =>
  label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '')
    .slice(0, 10)
    .toUpperCase();

/** The household living-conditions survey EHCVM 2024: description and variables. */
export function householdCodebook(): Codebook {
  const random = createRandom('ehcvm-2024');
  const study = emptyStudy();
  Object.assign(study, {
    title: 'Enquête harmonisée sur les conditions de vie des ménages 2024',
    altTitle: 'EHCVM 2024',
    idno: 'SAH-INSS-EHCVM-2024-v01',
    authors: [{ name: 'Institut national de la statistique et des études économiques de Sahelia', abbr: 'INSS' }],
    producers: [{ name: 'Institut national de la statistique', abbr: 'INSS', role: 'Conception et collecte' }],
    funders: [
      { name: 'Banque mondiale', abbr: 'BM' },
      { name: 'Commission de l’UEMOA', abbr: 'UEMOA' },
    ],
    distributor: 'Institut national de la statistique',
    series: 'Enquêtes harmonisées sur les conditions de vie des ménages',
    version: 'Version 1.0 des microdonnées anonymisées (mars 2025)',
    abstract:
      'L’EHCVM 2024 mesure le niveau de vie des ménages, la pauvreté monétaire et non monétaire et l’accès aux services sociaux de base. ' +
      'Elle couvre la consommation alimentaire et non alimentaire, l’éducation, la santé, l’emploi, les revenus, le logement et les biens durables.\n\n' +
      'Elle fait suite à l’EHCVM 2018-2019 et en reprend le questionnaire harmonisé, ce qui permet de suivre l’évolution de la pauvreté.',
    keywords: ['pauvreté', 'consommation', 'éducation', 'fréquentation scolaire', 'santé', 'emploi', 'logement', 'biens durables'],
    topics: ['Pauvreté et conditions de vie', 'Éducation', 'Emploi'],
    nations: ['Sahelia'],
    geogCover: 'Ensemble du territoire national, milieux urbain et rural des huit régions',
    geogUnit: 'Région, milieu de résidence',
    analysisUnit: 'Ménages et individus',
    universe:
      'Les ménages ordinaires résidant sur le territoire national, à l’exclusion des ménages collectifs (casernes, internats, hôpitaux).',
    timePeriods: { start: '2024', end: '2024' },
    collectionDates: { start: '2024-03-04', end: '2024-07-12' },
    dataKindText: 'Enquête par sondage',
    sampling:
      'Sondage aréolaire stratifié à deux degrés. Au premier degré, 540 zones de dénombrement (ZD) du recensement de 2023 ont été tirées ' +
      'avec une probabilité proportionnelle à leur taille dans 16 strates (8 régions × 2 milieux). Au second degré, 15 ménages ont été tirés ' +
      'à probabilités égales dans chaque ZD après un dénombrement exhaustif.\n\nÉchantillon prévu : 8 100 ménages ; ménages enquêtés : 7 962.',
    collectionMode: 'Entretien en face à face assisté par ordinateur (CAPI)',
    responseRate: '98,3 % des ménages ; 99,1 % des individus éligibles.',
    weighting:
      'Les poids de sondage sont l’inverse des probabilités d’inclusion, corrigés de la non-réponse par strate et calés sur les projections ' +
      'démographiques de 2024 (variable HHWEIGHT).',
    accessConditions:
      'Les fichiers sont anonymisés. Leur utilisation est réservée à des fins statistiques et de recherche ; toute tentative d’identification ' +
      'd’un ménage ou d’une personne est interdite. Les publications tirées des données citent la source et en transmettent un exemplaire à l’institut.',
    restrictions: 'Les fichiers de consommation, plus détaillés, sont diffusés sous licence, sur demande motivée.',
    citation:
      'Institut national de la statistique (INSS). Enquête harmonisée sur les conditions de vie des ménages 2024 (EHCVM 2024), ' +
      'version 1.0 des microdonnées. Ville-Capitale : INSS, 2025.',
  });
  const files: [string, string, string, number, VarSpec[]][] = [];
  const ind: VarSpec[] = [
    { name: 'HHID', label: 'Identifiant du ménage', type: 'character' },
    { name: 'S01Q00A', label: 'Numéro d’ordre de l’individu', contin: { mean: 3.4, sd: 2.1, min: 1, max: 28 } },
    { name: 'S01Q01', label: 'Sexe', question: 'Quel est le sexe de [NOM] ?', cats: ['Masculin', 'Féminin'] },
    {
      name: 'S01Q02',
      label: 'Lien de parenté avec le chef de ménage',
      question: 'Quel est le lien de parenté de [NOM] avec le chef de ménage ?',
      cats: [
        'Chef de ménage',
        'Conjoint(e)',
        'Fils ou fille',
        'Père ou mère',
        'Frère ou sœur',
        'Petit-fils ou petite-fille',
        'Autre parent',
        'Sans lien de parenté',
      ],
    },
    {
      name: 'S01Q03',
      label: 'Âge en années révolues',
      question: 'Quel âge a [NOM] (en années révolues) ?',
      contin: { mean: 21.8, sd: 17.6, min: 0, max: 98 },
    },
    {
      name: 'S01Q07',
      label: 'Situation matrimoniale',
      question: 'Quelle est la situation matrimoniale actuelle de [NOM] ?',
      universe: 'Individus de 12 ans ou plus',
      cats: ['Célibataire', 'Marié(e) monogame', 'Marié(e) polygame', 'Union libre', 'Veuf ou veuve', 'Divorcé(e) ou séparé(e)'],
    },
    { name: 'S01Q14', label: 'Possède un acte de naissance', question: '[NOM] possède-t-il un acte de naissance ?', cats: yesNo },
    {
      name: 'S02Q01',
      label: 'Sait lire et écrire',
      question: '[NOM] sait-il lire et écrire une phrase simple dans une langue quelconque ?',
      universe: 'Individus de 3 ans ou plus',
      cats: yesNo,
    },
    {
      name: 'S02Q03',
      label: 'A déjà fréquenté l’école',
      question: '[NOM] a-t-il déjà fréquenté l’école ?',
      universe: 'Individus de 3 ans ou plus',
      cats: yesNo,
    },
    {
      name: 'S02Q12',
      label: 'Fréquentation scolaire au cours de l’année scolaire 2023-2024',
      question: 'Est-ce que [NOM] fréquente l’école au cours de l’année scolaire 2023-2024 ?',
      universe: 'Individus de 3 à 35 ans',
      cats: yesNo,
    },
    {
      name: 'S02Q14',
      label: 'Niveau d’études en cours',
      question: 'Dans quel niveau d’études [NOM] est-il inscrit cette année ?',
      universe: 'Individus qui fréquentent l’école',
      cats: ['Préscolaire', 'Primaire', 'Secondaire premier cycle', 'Secondaire second cycle', 'Enseignement technique', 'Supérieur'],
    },
    {
      name: 'S02Q20',
      label: 'Raison de la non-fréquentation scolaire',
      question: 'Pour quelle raison principale [NOM] ne fréquente-t-il pas l’école ?',
      universe: 'Individus de 6 à 16 ans qui ne fréquentent pas l’école',
      cats: [
        'Trop jeune',
        'École trop éloignée',
        'Coût trop élevé',
        'Travaille',
        'Mariage',
        'Pas intéressé',
        'Maladie ou handicap',
        'Autre',
      ],
    },
    {
      name: 'S02Q29',
      label: 'Plus haut niveau d’études atteint',
      question: 'Quel est le plus haut niveau d’études atteint par [NOM] ?',
      cats: ['Aucun', 'Primaire', 'Secondaire premier cycle', 'Secondaire second cycle', 'Supérieur'],
    },
    {
      name: 'S02Q31',
      label: 'Dépense de scolarité de l’année (FCFA)',
      question: 'Combien le ménage a-t-il dépensé pour la scolarité de [NOM] cette année ?',
      contin: { mean: 48_500, sd: 61_000, min: 0, max: 1_500_000 },
    },
    {
      name: 'S03Q01',
      label: 'Malade au cours des 30 derniers jours',
      question: '[NOM] a-t-il souffert d’une maladie ou d’une blessure au cours des 30 derniers jours ?',
      cats: yesNo,
    },
    {
      name: 'S03Q05',
      label: 'A consulté un personnel de santé',
      question: '[NOM] a-t-il consulté un personnel de santé pour cette maladie ?',
      universe: 'Individus malades au cours des 30 derniers jours',
      cats: yesNo,
    },
    {
      name: 'S03Q07',
      label: 'Lieu de la consultation',
      question: 'Où [NOM] a-t-il consulté ?',
      cats: ['Hôpital public', 'Centre de santé public', 'Clinique privée', 'Cabinet privé', 'Tradipraticien', 'Pharmacie', 'Autre'],
    },
    { name: 'S03Q13', label: 'Dépense de santé des 30 derniers jours (FCFA)', contin: { mean: 9_800, sd: 21_000, min: 0, max: 850_000 } },
    {
      name: 'S03Q20',
      label: 'Couvert par une assurance maladie',
      question: '[NOM] est-il couvert par une assurance maladie ?',
      cats: yesNo,
    },
    {
      name: 'S03Q25',
      label: 'Moustiquaire la nuit dernière',
      question: '[NOM] a-t-il dormi sous une moustiquaire la nuit dernière ?',
      cats: yesNo,
    },
    {
      name: 'S04Q06',
      label: 'A travaillé au cours des 7 derniers jours',
      question: 'Au cours des 7 derniers jours, [NOM] a-t-il travaillé, ne serait-ce qu’une heure ?',
      universe: 'Individus de 10 ans ou plus',
      cats: yesNo,
    },
    {
      name: 'S04Q10',
      label: 'A cherché un emploi',
      question: 'Au cours des 30 derniers jours, [NOM] a-t-il cherché un emploi ?',
      universe: 'Individus de 10 ans ou plus sans emploi',
      cats: yesNo,
    },
    {
      name: 'S04Q29',
      label: 'Branche d’activité de l’emploi principal',
      cats: [
        'Agriculture',
        'Élevage et pêche',
        'Industrie',
        'Commerce',
        'Transport',
        'Administration publique',
        'Éducation et santé',
        'Autres services',
      ],
    },
    {
      name: 'S04Q31',
      label: 'Statut dans l’emploi principal',
      cats: ['Salarié du public', 'Salarié du privé', 'Employeur', 'Travailleur pour compte propre', 'Aide familial', 'Apprenti'],
    },
    { name: 'S04Q36', label: 'Heures travaillées par semaine', contin: { mean: 38, sd: 16, min: 1, max: 98 } },
    {
      name: 'S04Q43',
      label: 'Revenu mensuel de l’emploi principal (FCFA)',
      question: 'Quel est le revenu mensuel de [NOM] dans son emploi principal ?',
      contin: { mean: 62_000, sd: 85_000, min: 0, max: 3_000_000 },
    },
    {
      name: 'S04Q50',
      label: 'Emploi secondaire',
      question: '[NOM] a-t-il exercé un emploi secondaire au cours des 12 derniers mois ?',
      cats: yesNo,
    },
    { name: 'S06Q01', label: 'Possède un compte bancaire', cats: yesNo },
    { name: 'S06Q03', label: 'Possède un compte de monnaie électronique', cats: yesNo },
    { name: 'S06Q08', label: 'A obtenu un crédit au cours des 12 derniers mois', cats: yesNo },
    {
      name: 'S07Q01',
      label: 'Handicap : difficulté à voir',
      cats: ['Aucune difficulté', 'Quelque difficulté', 'Beaucoup de difficulté', 'Ne peut pas du tout'],
    },
    {
      name: 'S07Q02',
      label: 'Handicap : difficulté à entendre',
      cats: ['Aucune difficulté', 'Quelque difficulté', 'Beaucoup de difficulté', 'Ne peut pas du tout'],
    },
    {
      name: 'S07Q03',
      label: 'Handicap : difficulté à marcher',
      cats: ['Aucune difficulté', 'Quelque difficulté', 'Beaucoup de difficulté', 'Ne peut pas du tout'],
    },
    { name: 'S08Q01', label: 'Utilise un téléphone portable', cats: yesNo },
    { name: 'S08Q02', label: 'A utilisé internet au cours des 12 derniers mois', cats: yesNo },
    { name: 'PERSWEIGHT', label: 'Poids de sondage de l’individu', contin: { mean: 265, sd: 140, min: 18, max: 1_420 } },
  ];
  const men: VarSpec[] = [
    { name: 'HHID', label: 'Identifiant du ménage', type: 'character' },
    { name: 'GRAPPE', label: 'Numéro de la zone de dénombrement', contin: { mean: 270, sd: 156, min: 1, max: 540 } },
    { name: 'REGION', label: 'Région', cats: regions },
    { name: 'MILIEU', label: 'Milieu de résidence', cats: ['Urbain', 'Rural'] },
    { name: 'HHSIZE', label: 'Taille du ménage', contin: { mean: 5.9, sd: 3.4, min: 1, max: 36 } },
    {
      name: 'S11Q01',
      label: 'Type de logement',
      question: 'Dans quel type de logement vit le ménage ?',
      cats: ['Maison individuelle', 'Concession', 'Appartement', 'Case traditionnelle', 'Baraque', 'Autre'],
    },
    {
      name: 'S11Q04',
      label: 'Statut d’occupation du logement',
      cats: ['Propriétaire avec titre', 'Propriétaire sans titre', 'Locataire', 'Logé gratuitement', 'Autre'],
    },
    {
      name: 'S11Q18',
      label: 'Matériau principal des murs',
      cats: ['Ciment ou béton', 'Briques cuites', 'Banco', 'Paille ou bois', 'Autre'],
    },
    { name: 'S11Q19', label: 'Matériau principal du toit', cats: ['Tôle', 'Béton', 'Tuiles', 'Chaume ou paille', 'Terre', 'Autre'] },
    { name: 'S11Q20', label: 'Matériau principal du sol', cats: ['Ciment', 'Carreaux', 'Terre battue', 'Sable', 'Autre'] },
    {
      name: 'S11Q27',
      label: 'Principale source d’eau de boisson',
      question: 'Quelle est la principale source d’eau de boisson du ménage ?',
      cats: [
        'Robinet dans le logement',
        'Robinet public',
        'Forage',
        'Puits protégé',
        'Puits non protégé',
        'Eau de surface',
        'Eau en sachet ou bouteille',
      ],
    },
    { name: 'S11Q28', label: 'Temps pour aller chercher l’eau (minutes)', contin: { mean: 18, sd: 22, min: 0, max: 240 } },
    {
      name: 'S11Q37',
      label: 'Type de toilettes',
      cats: ['Chasse d’eau', 'Latrines améliorées', 'Latrines simples', 'Pas de toilettes (nature)', 'Autre'],
    },
    {
      name: 'S11Q40',
      label: 'Principale source d’éclairage',
      cats: ['Électricité du réseau', 'Panneau solaire', 'Groupe électrogène', 'Lampe à pile', 'Lampe à pétrole', 'Bois', 'Autre'],
    },
    {
      name: 'S11Q44',
      label: 'Principal combustible pour la cuisine',
      cats: ['Bois', 'Charbon de bois', 'Gaz', 'Électricité', 'Pétrole', 'Résidus agricoles', 'Autre'],
    },
    {
      name: 'S11Q50',
      label: 'Mode d’évacuation des ordures',
      cats: ['Ramassage public', 'Ramassage privé', 'Dépotoir', 'Brûlées', 'Dans la nature', 'Autre'],
    },
    ...durables.map((d, i) => ({
      name: `S12Q${String(i + 1).padStart(2, '0')}`,
      label: `Possède : ${d.toLowerCase()}`,
      question: `Le ménage possède-t-il un(e) ${d.toLowerCase()} en état de marche ?`,
      cats: yesNo,
    })),
    {
      name: 'S13Q01',
      label: 'A reçu un transfert d’argent',
      question: 'Au cours des 12 derniers mois, le ménage a-t-il reçu de l’argent d’un parent ou d’un ami vivant ailleurs ?',
      cats: yesNo,
    },
    { name: 'S14Q01', label: 'A subi un choc au cours des 3 dernières années', cats: yesNo },
    { name: 'S15Q01', label: 'Bénéficie d’un programme de filets sociaux', cats: yesNo },
    { name: 'S16Q01', label: 'Pratique l’agriculture', cats: yesNo },
    { name: 'S17Q01', label: 'Possède du bétail', cats: yesNo },
    { name: 'HHWEIGHT', label: 'Poids de sondage du ménage', contin: { mean: 298, sd: 151, min: 21, max: 1_510 } },
    {
      name: 'DTOT',
      label: 'Dépense annuelle totale du ménage (FCFA)',
      contin: { mean: 2_450_000, sd: 1_900_000, min: 95_000, max: 48_000_000 },
    },
    { name: 'PCEXP', label: 'Dépense annuelle par tête (FCFA)', contin: { mean: 512_000, sd: 410_000, min: 31_000, max: 9_800_000 } },
    { name: 'QUINTILE', label: 'Quintile de dépense par tête', cats: ['1 (les plus pauvres)', '2', '3', '4', '5 (les plus aisés)'] },
    { name: 'PAUVRE', label: 'Ménage sous le seuil de pauvreté', cats: yesNo },
  ];
  const conso: VarSpec[] = [{ name: 'HHID', label: 'Identifiant du ménage', type: 'character' }];
  foods.forEach((f, i) => {
    const code = `A${String(i + 1).padStart(3, '0')}`;
    conso.push({
      name: `${code}_CONS`,
      label: `Consommation de ${f.toLowerCase()} (7 jours)`,
      question: `Au cours des 7 derniers jours, le ménage a-t-il consommé : ${f.toLowerCase()} ?`,
      cats: yesNo,
    });
    conso.push({
      name: `${code}_DEP`,
      label: `Dépense en ${f.toLowerCase()} (7 jours, FCFA)`,
      question: `Combien le ménage a-t-il dépensé pour acheter : ${f.toLowerCase()} ?`,
      universe: 'Ménages qui en ont consommé',
      contin: { mean: 900 + 4_000 * createRandom(f).next(), sd: 2_500, min: 0, max: 150_000 },
    });
  });
  const nonAlim: VarSpec[] = [{ name: 'HHID', label: 'Identifiant du ménage', type: 'character' }];
  nonFoods.forEach((f, i) =>
    nonAlim.push({
      name: `NA${String(i + 1).padStart(2, '0')}_${slug(f)}`,
      label: `Dépense annuelle : ${f.toLowerCase()} (FCFA)`,
      question: `Au cours des 12 derniers mois, combien le ménage a-t-il dépensé pour : ${f.toLowerCase()} ?`,
      contin: { mean: 5_000 + 60_000 * createRandom(f).next(), sd: 40_000, min: 0, max: 2_500_000 },
    }),
  );
  const pedag: VarSpec[] = [
    { name: 'ID', label: 'Identifiant anonyme', type: 'character' },
    { name: 'REGION', label: 'Région', cats: regions },
    { name: 'MILIEU', label: 'Milieu de résidence', cats: ['Urbain', 'Rural'] },
    { name: 'SEXE', label: 'Sexe', cats: ['Masculin', 'Féminin'] },
    { name: 'AGEGR', label: 'Groupe d’âge', cats: ['0 à 14 ans', '15 à 24 ans', '25 à 64 ans', '65 ans ou plus'] },
    { name: 'SCOL', label: 'Fréquentation scolaire (6 à 16 ans)', cats: yesNo },
    { name: 'EMPLOI', label: 'En emploi', cats: yesNo },
    { name: 'QUINTILE', label: 'Quintile de dépense par tête', cats: ['1', '2', '3', '4', '5'] },
  ];
  files.push(
    [
      'MEN',
      'ehcvm_menage_2024',
      'Caractéristiques du ménage, logement, biens durables, agrégats de consommation et pauvreté (un enregistrement par ménage)',
      7_962,
      men,
    ],
    [
      'IND',
      'ehcvm_individu_2024',
      'Caractéristiques des individus : démographie, éducation, santé, emploi (un enregistrement par individu)',
      46_815,
      ind,
    ],
    ['CONSOA', 'ehcvm_conso_alimentaire_2024', 'Consommation alimentaire des 7 derniers jours, par produit', 7_962, conso],
    ['CONSONA', 'ehcvm_conso_non_alimentaire_2024', 'Dépenses non alimentaires des 12 derniers mois, par article', 7_962, nonAlim],
    [
      'PEDAG',
      'ehcvm_extrait_pedagogique_2024',
      'Extrait pédagogique de 2 000 individus tirés au hasard, variables regroupées',
      2_000,
      pedag,
    ],
  );
  study.files = files.map(([id, name, contents, records, specs]) => ({
    id,
    name,
    contents,
    records,
    variables: specs.length,
    format: id === 'PEDAG' ? 'CSV' : 'Stata (.dta)',
  }));
  // Names are unique across the survey: a variable repeated in several files keeps its file's prefix.
  const seen = new Set<string>();
  const all = files.flatMap(([id, , , records, specs]) =>
    variables(random.fork(id), id, records, specs).map((v) => {
      const name = seen.has(v.name) ? `${id}_${v.name}` : v.name;
      seen.add(name);
      return { ...v, name };
    }),
  );
  return { study, variables: all };
}

/** The 10 % sample of the third general population and housing census (RGPH-3, 2023). */
export function censusCodebook(): Codebook {
  const random = createRandom('rgph-3-echantillon');
  const study = emptyStudy();
  Object.assign(study, {
    title: 'Troisième recensement général de la population et de l’habitat 2023 — échantillon de 10 %',
    altTitle: 'RGPH-3, échantillon de microdonnées',
    idno: 'SAH-INSS-RGPH3-2023-ECH10',
    producers: [{ name: 'Institut national de la statistique', abbr: 'INSS', role: 'Bureau central du recensement' }],
    funders: [{ name: 'État de Sahelia' }, { name: 'Fonds des Nations unies pour la population', abbr: 'UNFPA' }],
    distributor: 'Institut national de la statistique',
    series: 'Recensements généraux de la population et de l’habitat',
    version: 'Version 1.0 de l’échantillon anonymisé (janvier 2025)',
    abstract:
      'Échantillon systématique de 10 % des ménages ordinaires dénombrés lors du troisième recensement général de la population et de ' +
      'l’habitat (RGPH-3), avec l’ensemble des personnes de ces ménages. Il permet des analyses démographiques et sociales fines ' +
      'que les tableaux publiés ne donnent pas.',
    keywords: ['recensement', 'population', 'ménages', 'habitat', 'migration', 'fécondité', 'fréquentation scolaire'],
    topics: ['Démographie', 'Éducation'],
    nations: ['Sahelia'],
    geogCover: 'Ensemble du territoire national',
    geogUnit: 'Région, département (codes régionaux seulement dans l’échantillon)',
    analysisUnit: 'Ménages et personnes',
    universe: 'Les ménages ordinaires et leurs membres présents ou absents depuis moins de six mois à la date du recensement.',
    timePeriods: { start: '2023-11-15', end: '2023-11-15' },
    collectionDates: { start: '2023-11-15', end: '2023-12-20' },
    dataKindText: 'Recensement (échantillon)',
    sampling:
      'Tirage systématique d’un ménage sur dix dans chaque zone de dénombrement, à partir d’un départ aléatoire, sur le fichier apuré du recensement.',
    collectionMode: 'Entretien en face à face sur tablette (CAPI)',
    responseRate: 'Couverture estimée par l’enquête post-censitaire : 97,6 %.',
    weighting: 'Poids uniforme de 10 (variable POIDS), corrigé par zone de dénombrement pour retrouver les effectifs recensés.',
    accessConditions:
      'L’échantillon est diffusé sous licence : la demande précise l’usage prévu, l’institution et l’équipe. Les données ne peuvent être ' +
      'ni redistribuées ni croisées avec d’autres sources pour identifier des personnes.',
    restrictions: 'Les codes géographiques fins (département, commune, zone de dénombrement) sont retirés.',
    citation:
      'Institut national de la statistique (INSS). Troisième recensement général de la population et de l’habitat 2023, échantillon de 10 %, ' +
      'version 1.0. Ville-Capitale : INSS, 2025.',
  });
  const persons: VarSpec[] = [
    { name: 'MENID', label: 'Identifiant du ménage', type: 'character' },
    { name: 'P01', label: 'Numéro d’ordre de la personne', contin: { mean: 3.2, sd: 2.0, min: 1, max: 40 } },
    {
      name: 'P02',
      label: 'Lien de parenté avec le chef de ménage',
      cats: ['Chef de ménage', 'Conjoint(e)', 'Enfant', 'Père ou mère', 'Autre parent', 'Sans lien'],
    },
    { name: 'P03', label: 'Sexe', question: 'Quel est le sexe de [NOM] ?', cats: ['Masculin', 'Féminin'] },
    { name: 'P04', label: 'Âge en années révolues', question: 'Quel âge a [NOM] ?', contin: { mean: 20.9, sd: 17.9, min: 0, max: 105 } },
    { name: 'P05', label: 'Situation de résidence', cats: ['Résident présent', 'Résident absent', 'Visiteur'] },
    { name: 'P07', label: 'Région de naissance', cats: [...regions, 'Étranger'] },
    { name: 'P08', label: 'Nationalité', cats: ['Sahélienne', 'Pays voisin', 'Autre pays d’Afrique', 'Hors d’Afrique'] },
    { name: 'P10', label: 'Région de résidence il y a 5 ans', cats: [...regions, 'Étranger'] },
    { name: 'P12', label: 'Religion', cats: ['Islam', 'Christianisme', 'Religion traditionnelle', 'Autre', 'Sans religion'] },
    { name: 'P14', label: 'Sait lire et écrire', cats: ['Oui', 'Non'] },
    {
      name: 'P15',
      label: 'Fréquentation scolaire',
      question: '[NOM] fréquente-t-il actuellement l’école ?',
      universe: 'Personnes de 3 ans ou plus',
      cats: ['Fréquente actuellement', 'A fréquenté', 'N’a jamais fréquenté'],
    },
    { name: 'P16', label: 'Niveau d’instruction', cats: ['Aucun', 'Primaire', 'Secondaire', 'Supérieur'] },
    {
      name: 'P18',
      label: 'Situation d’activité',
      universe: 'Personnes de 10 ans ou plus',
      cats: ['Occupé', 'Chômeur', 'Au foyer', 'Élève ou étudiant', 'Retraité', 'Autre inactif'],
    },
    {
      name: 'P19',
      label: 'Profession (grand groupe CITP)',
      cats: [
        'Directeurs et cadres',
        'Professions intellectuelles',
        'Professions intermédiaires',
        'Employés administratifs',
        'Services et vente',
        'Agriculteurs',
        'Artisans',
        'Conducteurs',
        'Professions élémentaires',
      ],
    },
    { name: 'P20', label: 'Situation dans la profession', cats: ['Salarié', 'Employeur', 'Indépendant', 'Aide familial', 'Apprenti'] },
    { name: 'P21', label: 'Handicap', cats: ['Aucun', 'Visuel', 'Auditif', 'Moteur', 'Mental', 'Autre'] },
    {
      name: 'P22',
      label: 'État matrimonial',
      universe: 'Personnes de 12 ans ou plus',
      cats: ['Célibataire', 'Marié(e)', 'Union libre', 'Veuf ou veuve', 'Divorcé(e)'],
    },
    { name: 'P25', label: 'Enfants nés vivants', universe: 'Femmes de 12 à 49 ans', contin: { mean: 2.9, sd: 2.6, min: 0, max: 18 } },
    { name: 'P26', label: 'Enfants survivants', universe: 'Femmes de 12 à 49 ans', contin: { mean: 2.6, sd: 2.3, min: 0, max: 16 } },
    { name: 'P27', label: 'Naissance au cours des 12 derniers mois', universe: 'Femmes de 12 à 49 ans', cats: ['Oui', 'Non'] },
    { name: 'P30', label: 'Utilise un téléphone portable', cats: ['Oui', 'Non'] },
    { name: 'P31', label: 'Possède un acte de naissance', cats: ['Oui', 'Non'] },
    { name: 'REGION', label: 'Région de résidence', cats: regions },
    { name: 'MILIEU', label: 'Milieu de résidence', cats: ['Urbain', 'Rural'] },
    { name: 'POIDS', label: 'Poids de l’échantillon', contin: { mean: 10, sd: 0.4, min: 8.2, max: 12.1 } },
  ];
  const households: VarSpec[] = [
    { name: 'MENID', label: 'Identifiant du ménage', type: 'character' },
    { name: 'H_REGION', label: 'Région', cats: regions },
    { name: 'H_MILIEU', label: 'Milieu de résidence', cats: ['Urbain', 'Rural'] },
    { name: 'H01', label: 'Taille du ménage', contin: { mean: 5.7, sd: 3.3, min: 1, max: 42 } },
    { name: 'H02', label: 'Type de construction', cats: ['Maison moderne', 'Maison en banco', 'Case', 'Baraque', 'Autre'] },
    { name: 'H03', label: 'Nombre de pièces', contin: { mean: 3.1, sd: 1.8, min: 1, max: 25 } },
    { name: 'H04', label: 'Statut d’occupation', cats: ['Propriétaire', 'Locataire', 'Logé gratuitement', 'Autre'] },
    { name: 'H05', label: 'Matériau des murs', cats: ['Ciment', 'Banco', 'Paille', 'Autre'] },
    { name: 'H06', label: 'Matériau du toit', cats: ['Tôle', 'Béton', 'Chaume', 'Terre', 'Autre'] },
    {
      name: 'H07',
      label: 'Source d’eau de boisson',
      cats: ['Robinet', 'Forage', 'Puits protégé', 'Puits non protégé', 'Eau de surface', 'Autre'],
    },
    { name: 'H08', label: 'Mode d’éclairage', cats: ['Électricité', 'Solaire', 'Lampe à pile', 'Pétrole', 'Autre'] },
    { name: 'H09', label: 'Combustible de cuisine', cats: ['Bois', 'Charbon', 'Gaz', 'Électricité', 'Autre'] },
    { name: 'H10', label: 'Type de toilettes', cats: ['Chasse d’eau', 'Latrines', 'Nature', 'Autre'] },
    { name: 'H11', label: 'Possède une radio', cats: ['Oui', 'Non'] },
    { name: 'H12', label: 'Possède un téléviseur', cats: ['Oui', 'Non'] },
    { name: 'H13', label: 'Possède un réfrigérateur', cats: ['Oui', 'Non'] },
    { name: 'H14', label: 'Possède une motocyclette', cats: ['Oui', 'Non'] },
    { name: 'H15', label: 'Possède une voiture', cats: ['Oui', 'Non'] },
    { name: 'H16', label: 'Accès à internet', cats: ['Oui', 'Non'] },
    { name: 'H17', label: 'Décès au cours des 12 derniers mois', cats: ['Oui', 'Non'] },
    { name: 'H_POIDS', label: 'Poids du ménage', contin: { mean: 10, sd: 0.4, min: 8.2, max: 12.1 } },
  ];
  study.files = [
    {
      id: 'PERS',
      name: 'rgph3_echantillon_personnes',
      contents: 'Une ligne par personne des ménages tirés',
      records: 812_406,
      variables: persons.length,
      format: 'Stata (.dta)',
    },
    {
      id: 'MEN',
      name: 'rgph3_echantillon_menages',
      contents: 'Une ligne par ménage tiré',
      records: 142_530,
      variables: households.length,
      format: 'Stata (.dta)',
    },
  ];
  return {
    study,
    variables: [...variables(random.fork('PERS'), 'PERS', 812_406, persons), ...variables(random.fork('MEN'), 'MEN', 142_530, households)],
  };
}

/** The demo's surveys: their DDI file in demo/microdata, their address, area, kind, files' tiers. */
export const demoSurveys: {
  file: string;
  slug: string;
  area: string;
  dataKind: DataKind;
  build: () => Codebook;
  access: Record<string, AccessTier>;
}[] = [
  {
    file: 'ehcvm-2024.ddi.xml',
    slug: 'ehcvm-2024',
    area: 'sociale',
    dataKind: 'enquete',
    build: householdCodebook,
    access: { MEN: 'public-use', IND: 'public-use', CONSOA: 'licensed', CONSONA: 'licensed', PEDAG: 'open' },
  },
  {
    file: 'rgph-3-echantillon.ddi.xml',
    slug: 'rgph-3-echantillon',
    area: 'rgph',
    dataKind: 'recensement',
    build: censusCodebook,
    access: { PERS: 'licensed', MEN: 'licensed' },
  },
];

/** The demo's teaching extract as CSV: what the open file of EHCVM 2024 holds (invented rows). */
export function teachingExtractCsv(): Buffer {
  const random = createRandom('ehcvm-2024-pedagogique');
  const lines = ['ID;REGION;MILIEU;SEXE;AGEGR;SCOL;EMPLOI;QUINTILE'];
  for (let i = 1; i <= 2000; i++)
    lines.push(
      [
        `P${String(i).padStart(4, '0')}`,
        random.int(1, 8),
        random.int(1, 2),
        random.int(1, 2),
        random.int(1, 4),
        random.int(1, 2),
        random.int(1, 2),
        random.int(1, 5),
      ].join(';'),
    );
  // With a BOM, as the demo's other CSV files: Excel then reads it as UTF-8.
  return Buffer.from(`\ufeff${lines.join('\r\n')}\r\n`, 'utf8');
}

const conditionsOf: Record<AccessTier, string> = {
  open: 'Libre réutilisation, en citant la source.',
  'public-use':
    'Réservé aux lecteurs inscrits qui acceptent les conditions d’utilisation : usage statistique et de recherche, sans tentative d’identification.',
  licensed: 'Sur demande précisant l’usage prévu, l’institution et l’équipe, approuvée par l’institut ; accès limité dans le temps.',
  'on-site': 'Consultation dans la salle de traitement sécurisée de l’institut, sur rendez-vous.',
  none: 'Ce fichier n’est pas diffusé.',
};
const conditionsEnOf: Record<AccessTier, string> = {
  open: 'Free reuse, citing the source.',
  'public-use': 'For registered readers who accept the terms of use: statistical and research use, no attempt at identification.',
  licensed: 'On a request naming the intended use, institution and team, approved by the institute; time-limited access.',
  'on-site': 'Consultation in the institute’s secure data room, by appointment.',
  none: 'This file is not distributed.',
};

/**
 * Imports the demo's DDI files (demo/microdata) through the application's reader and writes, sets
 * their files' tiers, links the census's publications and puts both surveys online. `openFileId`:
 * the stored CSV of EHCVM's open teaching extract.
 */
export async function seedDemoSurveys(db: Db, input: { now: Date; actor: Actor; openFileId: string | null }): Promise<number> {
  let variableCount = 0;
  for (const demo of demoSurveys) {
    const parsed = parseDdi(fs.readFileSync(path.join(demoDdiFolder, demo.file)));
    if (!parsed.ok) throw new Error(`Démo ${demo.file} : ${parsed.error}`);
    const written = await writeSurveyVersion(db, {
      target: { slug: demo.slug, area: demo.area, dataKind: demo.dataKind },
      codebook: parsed.codebook,
      source: `ddi-${parsed.version}`,
      report: [...parsed.report.read, ...parsed.report.leftOut],
      actor: input.actor,
    });
    if (!written.ok) throw new Error(`Démo ${demo.slug} : ${written.error}`);
    variableCount += parsed.codebook.variables.length;
    const survey = (await findSurvey(db, demo.slug))!;
    for (const f of survey.files) {
      const access = demo.access[f.ddiId] ?? 'licensed';
      await setFileAccess(db, {
        surveyId: survey.id,
        fileId: f.id,
        access,
        conditions: conditionsOf[access],
        conditionsEn: conditionsEnOf[access],
        storedFileId: access === 'open' ? input.openFileId : null,
        actor: input.actor,
      });
    }
    const related = await db
      .select({ id: publications.id })
      .from(publications)
      .where(and(eq(publications.area, demo.area), eq(publications.status, 'published'), inArray(publications.area, ['rgph', 'sociale'])))
      .limit(3);
    if (related.length > 0)
      await db
        .insert(surveyDocuments)
        .values(related.map((p, i) => ({ surveyId: survey.id, publicationId: p.id, kind: i === 0 ? 'rapport' : 'autre', position: i })));
    await setSurveyPublication(db, { surveyId: survey.id, at: new Date(input.now.getTime() - 30 * 86_400_000), actor: input.actor });
  }
  return variableCount;
}
