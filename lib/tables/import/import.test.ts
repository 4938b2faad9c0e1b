import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { statusOfByte } from '../cells';
import type { TablePayload } from '../model';
import { parsePx, sdmxPeriod } from './px';
import type { ParsedTable } from './result';
import { parseTidy } from './tidy';

const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(__dirname, 'fixtures', name)));
const px = (text: string) => parsePx(new TextEncoder().encode(text));
const csv = (text: string, options = {}) => parseTidy({ bytes: new TextEncoder().encode(text), filename: 'cellules.csv' }, options);
const cells = (p: TablePayload) => Array.from(p.values, (v, i) => [Number.isNaN(v) ? null : v, statusOfByte(p.statuses[i]!)]);
const messages = (r: ParsedTable) => r.errors.map((e) => e.message);

/** A minimal valid PX file, with `extra` statements and `data` replacing the defaults. */
const minimal = ({ extra = '', data = '1 2 3 4' } = {}) =>
  `LANGUAGE="fr";\nSTUB="sexe";\nHEADING="année";\nVALUES("sexe")="Femmes","Hommes";\nVALUES("année")="2023","2024";\n` +
  `TIMEVAL("année")=TLIST(A1),"2023","2024";\n${extra}DATA=\n${data};\n`;

describe('PX files', () => {
  it('reads a real-shaped two-language file in iso-8859-1: stub then heading, codes, time, notes, missing symbols', () => {
    const result = parsePx(fixture('population.px'));
    expect(result.errors).toEqual([]);
    expect(result.languages).toEqual(['fr', 'en']);
    const { structure, notes } = result.payload!;
    expect(structure.dimensions.map((d) => [d.code, d.role, d.label])).toEqual([
      ['REGION', 'plain', { fr: 'région', en: 'region' }],
      ['SEXE', 'plain', { fr: 'sexe', en: 'sex' }],
      ['ANNEE', 'time', { fr: 'année', en: 'year' }],
    ]);
    const regions = structure.dimensions[0]!;
    // A value split over two lines is one; accents read from iso-8859-1.
    expect(regions.values.map((v) => [v.code, v.label])).toEqual([
      ['R01', { fr: 'Région du Nord', en: 'Northern Region' }],
      ['R02', { fr: 'Région du Sud', en: 'Southern Region' }],
      ['R03', { fr: "Région de l'Est", en: 'Eastern Region' }],
    ]);
    expect(regions.note).toEqual({ fr: 'Découpage administratif de 2019.', en: 'Administrative boundaries of 2019.' });
    expect(regions.values[2]!.note).toEqual({ fr: 'Région créée en 2019.', en: 'Region created in 2019.' });
    expect(structure.measures).toEqual([
      {
        code: 'VALEUR',
        label: { fr: 'Population résidente', en: 'Resident population' },
        unit: { fr: 'habitants', en: 'inhabitants' },
        // PX has no unit codes: read from the label.
        unitCode: 'PS',
        unitMult: 0,
        decimals: 0,
      },
    ]);
    expect(structure.notes).toEqual({
      fr: "Population au 1er janvier. Les effectifs de l'Est sont provisoires.",
      en: 'Population on 1 January.',
    });
    // DATA is stub-major: region, then sex, then the heading's years.
    expect(cells(result.payload!).slice(0, 9)).toEqual([
      [512300, 'A'],
      [518900, 'A'],
      [null, 'O'],
      [498700, 'A'],
      [505100, 'A'],
      [511000, 'A'],
      [402100, 'A'],
      [null, 'M'],
      [409800, 'A'],
    ]);
    expect(cells(result.payload!)[14]).toEqual([null, 'O']);
    // R02, M, 2024 is cell (1 × 2 + 1) × 3 + 2 = 11.
    expect(notes).toEqual({ '11': { fr: 'Estimation.', en: 'Estimate.' } });
    expect(result.meta.title).toEqual({ fr: 'Population par région, sexe et année', en: 'Population by region, sex and year' });
    expect(result.warnings).toEqual(['3 cellule(s) sans valeur (symboles « .. » ou « - »).']);
  });

  it('puts the heading after the stub, whatever their number, and reads UTF-8 with several heading variables', () => {
    const result = px(
      'LANGUAGE="fr";\nSTUB="produit";\nHEADING="partenaire","année";\n' +
        'VALUES("produit")="Coton","Or";\nVALUES("partenaire")="Chine","France";\nVALUES("année")="2023","2024";\n' +
        'TIMEVAL("année")=TLIST(A1,"2023"-"2024");\nUNITS="millions de francs CFA";\nDECIMALS=1;\n' +
        'DATA=\n1.5 2.5 3.5 4.5\n5 6 7 8;\n',
    );
    expect(result.errors).toEqual([]);
    const { structure, values } = result.payload!;
    expect(structure.dimensions.map((d) => d.code)).toEqual(['PRODUIT', 'PARTENAIRE', 'ANNEE']);
    // Values without CODES get codes made from their labels.
    expect(structure.dimensions[1]!.values.map((v) => v.code)).toEqual(['CHINE', 'FRANCE']);
    expect(structure.measures[0]!.decimals).toBe(1);
    // Coton × France × 2024 = (0 × 2 + 1) × 2 + 1 = 3.
    expect(values[3]).toBe(4.5);
    expect(values[4]).toBe(5);
  });

  it('turns PX periods into SDMX ones (months, quarters, halves) and reads TLIST ranges', () => {
    expect(['2026', '2026M03', '2026Q2', '2026K4', '2026H1', '2026S2', '2026-10'].map(sdmxPeriod)).toEqual([
      '2026',
      '2026-03',
      '2026-Q2',
      '2026-Q4',
      '2026-S1',
      '2026-S2',
      '2026-10',
    ]);
    const result = px(
      'STUB="groupe";\nHEADING="mois";\nVALUES("groupe")="Alimentation";\nVALUES("mois")="2025M11","2025M12","2026M01";\n' +
        'TIMEVAL("mois")=TLIST(M1,"2025M11"-"2026M01");\nDATA=\n101.2 101.9 102.4;\n',
    );
    expect(result.errors).toEqual([]);
    expect(result.payload!.structure.dimensions[1]!.values.map((v) => v.code)).toEqual(['2025-11', '2025-12', '2026-01']);
  });

  it('says that a CONTVARIABLE is read as a plain dimension', () => {
    const result = px(minimal({ extra: 'CONTVARIABLE="sexe";\n' }));
    expect(result.errors).toEqual([]);
    expect(result.warnings).toContain(
      'CONTVARIABLE="sexe" : ses contenus sont lus comme les valeurs d’une dimension, avec une seule unité (celle de UNITS) ; ' +
        'importez un fichier par mesure si leurs unités diffèrent.',
    );
  });

  it('finds the time variable without TIMEVAL when only one variable holds periods', () => {
    const result = px('STUB="sexe";\nHEADING="année";\nVALUES("sexe")="F","H";\nVALUES("année")="2023","2024";\nDATA=1 2 3 4;\n');
    expect(result.errors).toEqual([]);
    expect(result.warnings).toContain('Pas de TIMEVAL : « année » est prise pour la dimension du temps.');
  });

  it('refuses, with a French message and its line, everything a wrong file can hold', () => {
    expect(messages(px('bonjour'))).toEqual(['Ligne 1 : Instruction sans « = » : « bonjour ».']);
    expect(messages(px('STUB="a";\nVALUES("a")="x"'))).toEqual(['Ligne 2 : Le mot-clé VALUES ne se termine pas par « ; ».']);
    expect(messages(px('STU B="a";'))).toEqual(['Ligne 1 : Mot-clé illisible : « STU B ».']);
    expect(messages(px(''))).toEqual(['Ce fichier n’est pas un fichier PX : aucun mot-clé (STUB, HEADING, VALUES, DATA…).']);
    expect(messages(px('TITLE="x";\nDATA=1;'))).toEqual([
      'Le fichier ne déclare ni STUB ni HEADING : impossible de savoir quelles sont ses dimensions.',
    ]);
    expect(messages(px('STUB="a";\nVALUES("a")="2024";\n'))).toEqual(['Le fichier n’a pas de DATA : aucune cellule à importer.']);
    expect(messages(px('STUB="sexe";\nHEADING="année";\nVALUES("sexe")="F";\nDATA=1;'))).toEqual([
      'La variable « année » n’a pas de VALUES : ses valeurs sont inconnues.',
    ]);
    expect(messages(px(minimal({ extra: 'CODES("sexe")="F";\n' })))).toEqual(['La variable « sexe » a 2 VALUES mais 1 CODES.']);
    expect(
      messages(px(minimal({ extra: 'LANGUAGES="fr","en";\nSTUB[en]="sex";\nHEADING[en]="year";\nVALUES[en]("sex")="Women";\n' }))),
    ).toEqual(['La variable « sexe » a 2 valeurs en « fr » mais 1 en « en ».']);
    expect(messages(px(minimal({ data: '1 2 3' })))).toEqual([
      'Ligne 7 : DATA contient 3 valeurs, le tableau en attend 4 (2 sexe × 2 année).',
    ]);
    expect(messages(px(minimal({ data: '1 2,5 3 4' })))).toEqual([
      'Ligne 8 : « 2,5 » n’est ni un nombre ni un symbole de valeur manquante (".." ou "-") — le séparateur décimal des fichiers PX est le point.',
    ]);
    expect(messages(px(minimal({ data: '1 2\nabc 4' })))).toEqual([
      'Ligne 9 : « abc » n’est ni un nombre ni un symbole de valeur manquante (".." ou "-").',
    ]);
    expect(messages(px(minimal({ extra: 'DECIMALS=9;\n' })))).toEqual(['DECIMALS="9" : un nombre entier de 0 à 6 est attendu.']);
    expect(
      messages(
        px('STUB="sexe";\nHEADING="année";\nVALUES("sexe")="F";\nVALUES("année")="2024";\nTIMEVAL("année")=TLIST(W1),"2024W01";\nDATA=1;'),
      ),
    ).toEqual(['Ligne 5 : les périodes hebdomadaires (TLIST(W1)) ne sont pas prises en charge.']);
    expect(
      messages(
        px('STUB="sexe";\nHEADING="année";\nVALUES("sexe")="F";\nVALUES("année")="vingt";\nTIMEVAL("année")=TLIST(A1),"vingt";\nDATA=1;'),
      ),
    ).toEqual(['Période illisible dans « année » : « vingt » (attendu 2026, 2026Q3, 2026M10…).']);
    expect(
      messages(
        px(
          'STUB="sexe";\nHEADING="année";\nVALUES("sexe")="F";\nVALUES("année")="2024";\nTIMEVAL("année")=TLIST(A1),"2023","2024";\nDATA=1;',
        ),
      ),
    ).toEqual(['TIMEVAL de « année » compte 2 périodes pour 1 valeurs.']);
    expect(messages(px('STUB="sexe";\nHEADING="zone";\nVALUES("sexe")="F";\nVALUES("zone")="Nord";\nDATA=1;'))).toEqual([
      'Aucune variable n’est le temps : ajoutez TIMEVAL("…")=TLIST(A1),… pour la variable des années, trimestres ou mois.',
    ]);
    expect(
      messages(px('STUB="sexe";\nHEADING="année";\nVALUES("sexe")="F","F";\nVALUES("année")="2024";\nCODES("sexe")="F","F";\nDATA=1 2;')),
    ).toEqual(['Dimension « SEXE » : la valeur « F » apparaît deux fois.']);
    expect(messages(parsePx(new TextEncoder().encode('CODEPAGE="klingon";\n' + minimal())))).toEqual([
      'Encodage inconnu : CODEPAGE="klingon". Enregistrez le fichier en UTF-8 ou en iso-8859-1.',
    ]);
    const latin1 = new Uint8Array([
      ...new TextEncoder().encode('CODEPAGE="utf-8";\nTITLE="'),
      0xe9,
      ...new TextEncoder().encode('";\n' + minimal()),
    ]);
    expect(messages(parsePx(latin1))).toEqual(['Le fichier annonce l’encodage « utf-8 » mais contient des caractères invalides pour lui.']);
  });
});

describe('tidy CSV and XLSX files', () => {
  const frenchCsv =
    'REGION;REGION:fr;REGION:en;SEXE;annee;valeur;statut;note\n' +
    'R01;Région du Nord;Northern Region;F;2023;512 300;;\n' +
    'R01;Région du Nord;Northern Region;F;2024;518 900,5;P;Estimation\n' +
    'R02;Région du Sud;Southern Region;F;2024;..;;\n' +
    'R02;Région du Sud;Southern Region;F;2023;-;M;\n';

  it('reads a French Excel CSV: `;`, decimal comma, thousands spaces, statuses, labels in two languages, notes, missing cells', async () => {
    const result = await csv(frenchCsv);
    expect(result.errors).toEqual([]);
    expect(result.format).toBe('csv-fr');
    const { structure, notes } = result.payload!;
    expect(structure.dimensions.map((d) => [d.code, d.role, d.values.map((v) => v.code)])).toEqual([
      ['REGION', 'plain', ['R01', 'R02']],
      ['SEXE', 'plain', ['F']],
      ['annee', 'time', ['2023', '2024']],
    ]);
    expect(structure.dimensions[0]!.values[0]!.label).toEqual({ fr: 'Région du Nord', en: 'Northern Region' });
    expect(cells(result.payload!)).toEqual([
      [512300, 'A'],
      [518900.5, 'P'],
      [null, 'M'],
      [null, 'O'],
    ]);
    expect(notes).toEqual({ '1': { fr: 'Estimation' } });
    expect(structure.measures[0]!.decimals).toBe(1);
  });

  it('reads an English CSV, fills absent cells as missing, and keeps the previous version’s labels and order', async () => {
    const previous = (await csv(frenchCsv)).payload!.structure;
    const result = await csv('SEXE,REGION,annee,value\nF,R02,2025,10.5\nF,R01,2025,"1,200.25"\nF,R03,2024,7\n', { previous });
    expect(result.errors).toEqual([]);
    const { structure, values } = result.payload!;
    // The previous order of dimensions and values, new ones after; time sorted.
    expect(structure.dimensions.map((d) => d.code)).toEqual(['REGION', 'SEXE', 'annee']);
    expect(structure.dimensions[0]!.values.map((v) => [v.code, v.label.fr])).toEqual([
      ['R01', 'Région du Nord'],
      ['R02', 'Région du Sud'],
      ['R03', 'R03'],
    ]);
    expect(structure.dimensions[2]!.values.map((v) => v.code)).toEqual(['2024', '2025']);
    expect(Array.from(values, (v) => (Number.isNaN(v) ? null : v))).toEqual([null, 1200.25, null, 10.5, 7, null]);
    expect(result.warnings).toEqual(['3 cellule(s) absente(s) du fichier : sans valeur (statut O).']);
  });

  it('reads the first sheet of an XLSX file, numbers as numbers', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Cellules');
    sheet.addRows([
      ['PRODUIT', 'PARTENAIRE', 'annee', 'valeur', 'statut'],
      ['COTON', 'CN', 2024, 1523.4, 'P'],
      ['COTON', 'FR', 2024, 98, null],
    ]);
    const bytes = new Uint8Array(await book.xlsx.writeBuffer());
    const result = await parseTidy({ bytes, filename: 'export.xlsx' });
    expect(result.errors).toEqual([]);
    expect(result.format).toBe('xlsx');
    expect(cells(result.payload!)).toEqual([
      [1523.4, 'P'],
      [98, 'A'],
    ]);
  });

  it('refuses every wrong line with its number and a French message, and a wrong file as a whole', async () => {
    const header = 'REGION;annee;valeur;statut\n';
    expect(messages(await csv(''))).toEqual(['Le fichier est vide.']);
    expect(messages(await csv(header))).toEqual(['Le fichier ne contient que son en-tête : aucune cellule à importer.']);
    expect(messages(await csv('REGION;annee;nombre\nR01;2024;1\n'))).toEqual([
      'Colonne des valeurs introuvable : nommez-la « valeur » (ou value, OBS_VALUE) dans la première ligne.',
    ]);
    expect(messages(await csv('valeur;statut\n1;A\n'))).toEqual([
      'Aucune colonne de dimension : une colonne par dimension (région, sexe, année…) précède la valeur.',
    ]);
    expect(messages(await csv('REGION;SEXE;valeur\nR01;F;1\n'))).toEqual([
      'Aucune colonne de temps : nommez « annee », « periode » ou « TIME_PERIOD » la colonne des années, trimestres ou mois.',
    ]);
    expect(messages(await csv('annee;periode;valeur\n2024;2024;1\n'))).toEqual([
      'Plusieurs colonnes de temps (annee, periode) : une seule dimension est le temps.',
    ]);
    expect(messages(await csv('REGION;REGION;annee;valeur\nR;R;2024;1\n'))).toEqual([
      'Deux colonnes ont le même nom de dimension : « REGION ».',
    ]);
    expect(messages(await csv('REGION;SEXE:fr;annee;valeur\nR;F;2024;1\n'))).toEqual([
      'La colonne « SEXE:fr » donne des libellés d’une dimension absente (« SEXE »).',
    ]);
    expect(messages(await csv('REGION;annee;valeur\n"R01;2024;1\n'))).toEqual([
      'Fichier CSV illisible à la ligne 2 : vérifiez les guillemets et le séparateur.',
    ]);
    expect(messages(await parseTidy({ bytes: new Uint8Array([1, 0, 2, 0]), filename: 'x.bin' }))).toEqual([
      'Format non reconnu : envoyez un fichier PX, CSV ou XLSX.',
    ]);
    expect(messages(await parseTidy({ bytes: new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2]), filename: 'x.xlsx' }))).toEqual([
      'Fichier XLSX illisible (incomplet ou abîmé) : enregistrez-le à nouveau depuis le tableur et réessayez.',
    ]);
    const lines = await csv(
      header +
        ';2024;1;\n' +
        'R01;20x4;1;\n' +
        'R01;2024;douze;\n' +
        'R01;2024;1;Z\n' +
        'R01;2024;..;P\n' +
        'R01;2024;12;O\n' +
        'R01;2024;1.234,5;\n' +
        `${'R'.repeat(61)};2024;1;\n`,
    );
    expect(lines.errors).toEqual([
      { line: 2, message: 'Ligne 2 : la colonne « REGION » est vide.' },
      { line: 3, message: 'Ligne 3 : « 20x4 » n’est pas une période (attendu 2026, 2026-Q3, 2026-S1 ou 2026-10).' },
      { line: 4, message: 'Ligne 4 : « douze » n’est pas un nombre (exemples : 1 234,5 ou .. pour une valeur manquante).' },
      { line: 5, message: 'Ligne 5 : statut inconnu « Z » (codes admis : A, P, E, B, F, I, U, O, M).' },
      { line: 6, message: 'Ligne 6 : une valeur manquante prend le statut O (manquante) ou M (néant), pas « P ».' },
      { line: 7, message: 'Ligne 7 : le statut « O » est celui d’une valeur manquante, or la valeur est 12.' },
      { line: 8, message: 'Ligne 8 : « 1.234,5 » n’est pas un nombre (exemples : 1 234,5 ou .. pour une valeur manquante).' },
      { line: 9, message: `Ligne 9 : le code « ${'R'.repeat(30)}… » de « REGION » dépasse 60 caractères.` },
    ]);
    expect(messages(await csv('REGION,annee,value\nR01,2024,"1,5"\n'))).toEqual([
      'Ligne 2 : « 1,5 » : dans un fichier à virgule, le point sépare les décimales (par exemple 1234.5).',
    ]);
    expect(messages(await csv(header + 'R01;2024;1;\nR02;2024;2;\nR01;2024;3;\n'))).toEqual([
      'Ligne 4 : la cellule (R01, 2024) figure déjà à la ligne 2.',
    ]);
    const many = await csv(header + 'R01;x;1;\n'.repeat(600));
    expect(many.errors).toHaveLength(501);
    expect(many.errors.at(-1)).toEqual({ line: 0, message: '… et 100 autres erreurs.' });
  });

  it('refuses a formula in an XLSX cell', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Cellules');
    sheet.addRow(['REGION', 'annee', 'valeur']);
    sheet.addRow(['R01', 2024, { formula: '1+1', result: 2 }]);
    const result = await parseTidy({ bytes: new Uint8Array(await book.xlsx.writeBuffer()), filename: 'f.xlsx' });
    expect(messages(result)).toEqual(['Ligne 2 : la valeur est une formule : enregistrez les valeurs, pas les formules.']);
  });
});
