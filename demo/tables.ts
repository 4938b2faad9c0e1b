/**
 * The demo yearbook as tables (issue 27), in French and English, invented figures (seeded):
 * population by region × sex × age group × year — imported from the PX file kept beside this one
 * (`tables/population.px`, written by `populationPx()` below: `tsx demo/write-population-px.ts`) —,
 * exports by product × partner × year, and the consumer price index by product group × month.
 * Each goes through the application's own import path (lib/tables/import, lib/tables/versions).
 */
import fs from 'node:fs';
import type { Db } from '@/lib/db/open';
import { statusByte } from '@/lib/tables/cells';
import { parsePx } from '@/lib/tables/import/px';
import { cellCountOf, type Dimension, type TablePayload, type TableStructure } from '@/lib/tables/model';
import { defineSlice } from '@/lib/tables/slices';
import { createTable, writeTableVersion, type Actor } from '@/lib/tables/versions';
import { createRandom } from './random';

const regions: [string, string, string, number][] = [
  ['CAP', 'Capitale', 'Capital', 1_650_000],
  ['NOR', 'Région du Nord', 'Northern Region', 980_000],
  ['SUD', 'Région du Sud', 'Southern Region', 1_240_000],
  ['EST', 'Région de l’Est', 'Eastern Region', 870_000],
  ['OUE', 'Région de l’Ouest', 'Western Region', 1_090_000],
  ['CEN', 'Région du Centre', 'Central Region', 1_410_000],
  ['FLE', 'Région du Fleuve', 'River Region', 760_000],
  ['PLA', 'Région des Plateaux', 'Plateaux Region', 640_000],
];
const ages: [string, string, string, number][] = [
  ['Y0T14', '0 à 14 ans', '0 to 14 years', 0.45],
  ['Y15T24', '15 à 24 ans', '15 to 24 years', 0.2],
  ['Y25T64', '25 à 64 ans', '25 to 64 years', 0.32],
  ['Y_GE65', '65 ans ou plus', '65 years or over', 0.03],
];
const populationYears = ['2019', '2020', '2021', '2022', '2023', '2024', '2025'];

/**
 * The population table as a PX file, French and English, iso-8859-1 as PC-Axis files often are:
 * STUB région, sexe, groupe d’âge; HEADING année. The last year of the Plateaux is not yet known
 * (`".."`), and a cell and a region carry notes.
 */
export function populationPx(): Uint8Array {
  const random = createRandom('tables:population');
  const q = (items: string[]) => items.map((v) => `"${v}"`).join(',');
  const lines = [
    'CHARSET="ANSI";',
    'CODEPAGE="iso-8859-1";',
    'AXIS-VERSION="2013";',
    'LANGUAGE="fr";',
    'LANGUAGES="fr","en";',
    'DECIMALS=0;',
    'MATRIX="POP_RSA";',
    'TITLE="Population résidente par région, sexe et groupe d\'âge";',
    'TITLE[en]="Resident population by region, sex and age group";',
    'CONTENTS="Population résidente au 1er janvier";',
    'CONTENTS[en]="Resident population on 1 January";',
    'UNITS="personnes";',
    'UNITS[en]="persons";',
    'STUB="région","sexe","groupe d\'âge";',
    'STUB[en]="region","sex","age group";',
    'HEADING="année";',
    'HEADING[en]="year";',
    `VALUES("région")=${q(regions.map((r) => r[1].replace('’', "'")))};`,
    `VALUES[en]("region")=${q(regions.map((r) => r[2]))};`,
    `CODES("région")=${q(regions.map((r) => r[0]))};`,
    `CODES[en]("region")=${q(regions.map((r) => r[0]))};`,
    'VALUES("sexe")="Femmes","Hommes";',
    'VALUES[en]("sex")="Women","Men";',
    'CODES("sexe")="F","M";',
    'CODES[en]("sex")="F","M";',
    `VALUES("groupe d'âge")=${q(ages.map((a) => a[1]))};`,
    `VALUES[en]("age group")=${q(ages.map((a) => a[2]))};`,
    `CODES("groupe d'âge")=${q(ages.map((a) => a[0]))};`,
    `CODES[en]("age group")=${q(ages.map((a) => a[0]))};`,
    `VALUES("année")=${q(populationYears)};`,
    `VALUES[en]("year")=${q(populationYears)};`,
    `TIMEVAL("année")=TLIST(A1),${q(populationYears)};`,
    `TIMEVAL[en]("year")=TLIST(A1),${q(populationYears)};`,
    'VARIABLE-CODE("région")="REGION";',
    'VARIABLE-CODE[en]("region")="REGION";',
    'VARIABLE-CODE("sexe")="SEXE";',
    'VARIABLE-CODE[en]("sex")="SEXE";',
    'VARIABLE-CODE("groupe d\'âge")="AGE";',
    'VARIABLE-CODE[en]("age group")="AGE";',
    'VARIABLE-CODE("année")="ANNEE";',
    'VARIABLE-CODE[en]("year")="ANNEE";',
    'NOTE="Estimations au 1er janvier établies à partir du troisième recensement général de la population et de l\'habitat, "',
    '"actualisées chaque année par l\'état civil et les enquêtes auprès des ménages.";',
    'NOTE[en]="Estimates on 1 January based on the third general population and housing census, updated each year "',
    '"from civil registration and household surveys.";',
    'NOTE("région")="Découpage administratif en vigueur depuis 2019.";',
    'NOTE[en]("region")="Administrative boundaries in force since 2019.";',
    'VALUENOTE("région","Région des Plateaux")="Estimation de 2025 en attente de l\'enquête régionale.";',
    'VALUENOTE[en]("region","Plateaux Region")="The 2025 estimate awaits the regional survey.";',
    'CELLNOTE("Capitale","Femmes","0 à 14 ans","2020")="Rupture : nouvelle méthode d\'estimation des naissances.";',
    'CELLNOTE[en]("Capital","Women","0 to 14 years","2020")="Break: new method for estimating births.";',
    'SOURCE="Institut national de la statistique, recensement général de la population et état civil";',
    'SOURCE[en]="National Institute of Statistics, general population census and civil registration";',
    'DATA=',
  ];
  for (const [code, , , total] of regions) {
    for (const sex of ['F', 'M']) {
      for (const [, , , share] of ages) {
        let level = (total * share * (sex === 'F' ? 0.507 : 0.493)) / Math.pow(1.028, 6);
        const row: string[] = [];
        for (const year of populationYears) {
          level *= 1.024 + 0.008 * random.next();
          row.push(code === 'PLA' && year === '2025' ? '".."' : String(Math.round(level / 10) * 10));
        }
        lines.push(row.join(' '));
      }
    }
  }
  lines[lines.length - 1] += ';';
  const text = `${lines.join('\r\n')}\r\n`;
  // iso-8859-1, as declared.
  return Uint8Array.from(text, (c) => (c.charCodeAt(0) < 256 ? c.charCodeAt(0) : 63));
}

const dim = (code: string, fr: string, en: string, values: [string, string, string][], role: 'time' | 'plain' = 'plain'): Dimension => ({
  code,
  label: { fr, en },
  role,
  values: values.map(([c, f, e]) => ({ code: c, label: f === e ? { fr: f } : { fr: f, en: e } })),
});

/** Fills a structure's cells from a value function over its positions. */
function fill(structure: TableStructure, value: (at: number[]) => number | null): TablePayload {
  const count = cellCountOf(structure);
  const values = new Float64Array(count);
  const statuses = new Uint8Array(count);
  const sizes = structure.dimensions.map((d) => d.values.length);
  const at = new Array<number>(sizes.length).fill(0);
  for (let i = 0; i < count; i++) {
    const v = value(at);
    values[i] = v ?? NaN;
    if (v === null) statuses[i] = statusByte('O');
    for (let d = sizes.length - 1; d >= 0; d--) {
      at[d]! += 1;
      if (at[d]! < sizes[d]!) break;
      at[d] = 0;
    }
  }
  return { structure, values, statuses, notes: {} };
}

const tradeYears = ['2019', '2020', '2021', '2022', '2023', '2024', '2025'];

/** Exports by product × partner × year, millions of CFA francs; the last year provisional. */
function exportsPayload(): TablePayload {
  const random = createRandom('tables:exports');
  const products: [string, string, string, number][] = [
    ['OR', 'Or non monétaire', 'Non-monetary gold', 420_000],
    ['COTON', 'Coton fibre', 'Cotton lint', 95_000],
    ['BETAIL', 'Bétail sur pied', 'Live cattle', 62_000],
    ['OIGNON', 'Oignons', 'Onions', 28_000],
    ['SESAME', 'Sésame', 'Sesame seeds', 34_000],
    ['KARITE', 'Amandes de karité', 'Shea nuts', 12_000],
  ];
  const partners: [string, string, string, number][] = [
    ['CN', 'Chine', 'China', 0.22],
    ['AE', 'Émirats arabes unis', 'United Arab Emirates', 0.3],
    ['CH', 'Suisse', 'Switzerland', 0.18],
    ['CI', 'Côte d’Ivoire', 'Côte d’Ivoire', 0.12],
    ['NG', 'Nigéria', 'Nigeria', 0.1],
    ['FR', 'France', 'France', 0.08],
  ];
  const structure: TableStructure = {
    dimensions: [
      dim(
        'PRODUIT',
        'Produit',
        'Product',
        products.map(([c, f, e]) => [c, f, e]),
      ),
      dim(
        'PARTENAIRE',
        'Pays partenaire',
        'Partner country',
        partners.map(([c, f, e]) => [c, f, e]),
      ),
      dim(
        'ANNEE',
        'Année',
        'Year',
        tradeYears.map((y) => [y, y, y]),
        'time',
      ),
    ],
    measures: [
      {
        code: 'VALEUR_FOB',
        label: { fr: 'Valeur des exportations (FOB)', en: 'Value of exports (FOB)' },
        unit: { fr: 'millions de francs CFA', en: 'CFA franc millions' },
        unitCode: 'XOF',
        unitMult: 6,
        decimals: 1,
      },
    ],
  };
  const payload = fill(structure, ([p, c, y]) => {
    const base = products[p!]![3] * partners[c!]![3];
    // Gold goes to refiners (Emirates, Switzerland), not to Nigeria; livestock and onions to the neighbours.
    const fit = p === 0 ? [0.2, 2, 2, 0.1, 0, 0.05][c!]! : p! >= 2 && p! <= 3 ? [0.1, 0, 0, 3, 4, 0.05][c!]! : 1;
    if (fit === 0) return null;
    const trend = Math.pow(1.06, y!) * (1 + 0.15 * (random.next() - 0.5));
    return Math.round(base * fit * trend) / 10;
  });
  // The last year is provisional.
  const years = tradeYears.length;
  for (let i = years - 1; i < payload.values.length; i += years)
    if (!Number.isNaN(payload.values[i]!)) payload.statuses[i] = statusByte('P');
  return payload;
}

/**
 * The CPI by product group × month (base 100 = 2020), the last 36 months up to the month before `now`.
 * Its « Ensemble » row is the demo's IPC series (`allItems`, by first day of the month), value and
 * status: that series is a slice of this table (lib/tables/slices.ts) and the two agree.
 */
function cpiPayload(now: Date, allItems: ReadonlyMap<string, { value: number; status: 'A' | 'P' }>): TablePayload {
  const random = createRandom('tables:cpi');
  const groups: [string, string, string, number][] = [
    ['CP00', 'Ensemble', 'All items', 0.03],
    ['CP01', 'Produits alimentaires et boissons non alcoolisées', 'Food and non-alcoholic beverages', 0.045],
    ['CP02', 'Boissons alcoolisées et tabac', 'Alcoholic beverages and tobacco', 0.02],
    ['CP03', 'Articles d’habillement et chaussures', 'Clothing and footwear', 0.015],
    ['CP04', 'Logement, eau, électricité, gaz', 'Housing, water, electricity, gas', 0.035],
    ['CP06', 'Santé', 'Health', 0.01],
    ['CP07', 'Transports', 'Transport', 0.05],
    ['CP08', 'Communication', 'Communication', -0.01],
    ['CP10', 'Enseignement', 'Education', 0.02],
    ['CP11', 'Restaurants et hôtels', 'Restaurants and hotels', 0.03],
  ];
  const months: string[] = [];
  for (let k = 36; k >= 1; k--) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - k, 1));
    months.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  const monthLabel = (m: string, locale: string) =>
    new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${m}-01T00:00:00Z`));
  const structure: TableStructure = {
    dimensions: [
      dim(
        'GROUPE',
        'Groupe de produits (COICOP)',
        'Product group (COICOP)',
        groups.map(([c, f, e]) => [c, f, e]),
      ),
      dim(
        'MOIS',
        'Mois',
        'Month',
        months.map((m) => [m, monthLabel(m, 'fr-FR'), monthLabel(m, 'en-GB')]),
        'time',
      ),
    ],
    measures: [
      {
        code: 'INDICE',
        label: { fr: 'Indice', en: 'Index' },
        unit: { fr: 'base 100 = 2020', en: '2020 = 100' },
        unitCode: 'IX',
        unitMult: 0,
        decimals: 1,
      },
    ],
  };
  const levels = groups.map((g) => 108 + 10 * g[3]);
  const payload = fill(structure, ([g, m]) => {
    levels[g!] = levels[g!]! * (1 + groups[g!]![3] / 12 + 0.004 * (random.next() - 0.5));
    const series = g === 0 ? allItems.get(`${months[m!]}-01`) : undefined;
    return series ? series.value : Math.round(levels[g!]! * 10) / 10;
  });
  // The last month is provisional; « Ensemble » has the series' statuses.
  for (let i = months.length - 1; i < payload.values.length; i += months.length) payload.statuses[i] = statusByte('P');
  months.forEach((m, t) => {
    const series = allItems.get(`${m}-01`);
    if (series) payload.statuses[t] = statusByte(series.status);
  });
  return payload;
}

type Texts = { title: string; description: string; source: string; method: string };
type DemoTable = Texts & { code: string; area: string; en: Texts };

const definitions: DemoTable[] = [
  {
    code: 'POP_REGION_SEXE_AGE',
    area: 'demographie',
    title: 'Population résidente par région, sexe et groupe d’âge',
    description: 'Population au 1er janvier de chaque année, par région, sexe et grand groupe d’âge.',
    source: 'Institut national de la statistique, recensement général de la population et état civil',
    method: 'Projection par composantes à partir du recensement, ajustée chaque année sur l’état civil et les enquêtes auprès des ménages.',
    en: {
      title: 'Resident population by region, sex and age group',
      description: 'Population on 1 January of each year, by region, sex and broad age group.',
      source: 'National Institute of Statistics, general population census and civil registration',
      method: 'Cohort-component projection from the census, adjusted each year to civil registration and household surveys.',
    },
  },
  {
    code: 'EXPORTS_PRODUIT_PARTENAIRE',
    area: 'annuaire_exterieur',
    title: 'Exportations par produit et pays partenaire',
    description: 'Valeur FOB des exportations des principaux produits, par pays de destination.',
    source: 'Institut national de la statistique, d’après les déclarations en douane',
    method: 'Commerce spécial ; valeurs FOB converties au cours moyen de l’année. La dernière année est provisoire.',
    en: {
      title: 'Exports by product and partner country',
      description: 'FOB value of the main exported products, by country of destination.',
      source: 'National Institute of Statistics, from customs declarations',
      method: 'Special trade; FOB values converted at the year’s average rate. The last year is provisional.',
    },
  },
  {
    code: 'IPC_GROUPES',
    area: 'ipc',
    title: 'Indice des prix à la consommation par groupe de produits',
    description: 'Indice mensuel des prix à la consommation, ensemble et principaux groupes de la COICOP.',
    source: 'Institut national de la statistique, relevés mensuels des prix',
    method: 'Indice de Laspeyres chaîné annuellement, pondéré par l’enquête harmonisée sur les conditions de vie des ménages.',
    en: {
      title: 'Consumer price index by product group',
      description: 'Monthly consumer price index, all items and main COICOP groups.',
      source: 'National Institute of Statistics, monthly price collection',
      method: 'Annually chain-linked Laspeyres index, weighted with the harmonised household living conditions survey.',
    },
  },
];

/**
 * Creates the demo tables and publishes one version of each (approved, under the demo's
 * self-approval), through the application's own writes. `user`: the demo administrator.
 */
export async function seedDemoTables(
  db: Db,
  now: Date,
  user: Actor['user'],
  allItems: ReadonlyMap<string, { value: number; status: 'A' | 'P' }> = new Map(),
): Promise<number> {
  const actor: Actor = { user, ip: null };
  const px = parsePx(fs.existsSync(pxPath) ? new Uint8Array(fs.readFileSync(pxPath)) : populationPx());
  if (!px.payload) throw new Error(`Fichier PX de démonstration refusé : ${px.errors.map((e) => e.message).join(' ')}`);
  const payloads = [
    { payload: px.payload, file: 'population.px' },
    { payload: exportsPayload(), file: 'exportations.csv' },
    { payload: cpiPayload(now, allItems), file: 'ipc-groupes.csv' },
  ];
  let cells = 0;
  for (const [i, d] of definitions.entries()) {
    const created = await createTable(db, {
      meta: { code: d.code, area: d.area, title: d.title, description: d.description, source: d.source, method: d.method, notes: '' },
      english: { title: d.en.title, description: d.en.description, source: d.en.source, method: d.en.method },
      actor,
    });
    if (!created.ok) throw new Error(created.error);
    const { payload, file } = payloads[i]!;
    const written = await writeTableVersion(db, {
      code: d.code,
      source: { payload, sourceFile: file },
      kind: 'revision',
      reason: 'Première publication du tableau.',
      actor,
      approver: true,
      now: new Date(now.getTime() - 8 * 24 * 3_600_000),
    });
    if (!written.ok) throw new Error(written.error);
    cells += written.value.cellCount;
  }
  // The IPC key figure follows the table's « Ensemble » row from now on (their values agree: no new version).
  if (allItems.size > 0) {
    const sliced = await defineSlice(db, {
      seriesCode: 'IPC',
      tableCode: 'IPC_GROUPES',
      slice: { selection: { GROUPE: 'CP00' }, measure: 'INDICE' },
      actor,
      approver: true,
      now,
    });
    if (!sliced.ok) throw new Error(sliced.error);
    if (sliced.value.number !== null) throw new Error('Démonstration : la série IPC ne concorde pas avec le tableau IPC_GROUPES.');
  }
  return cells;
}

/** The PX file the population table is imported from, kept in the repository. */
export const pxPath = new URL('./tables/population.px', import.meta.url);
