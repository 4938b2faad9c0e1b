/**
 * Interface strings of the public site's series components, in each language (see ../messages.ts):
 * series pages, key figures, the release calendar, the open-data and NSDP pages.
 *
 * A sentence with an element inside (a link, a `<code>`) is a function that places the elements it
 * is given among its words and returns the pieces in order; the component renders them as they are.
 * The statuses, frequencies, adjustments, version kinds and download formats below are the words the
 * pages show: the files, the API and the back-office keep their French from `lib/series/model.ts`,
 * `lib/content/addresses.ts` and `lib/releases/model.ts`. The catalogue names no domain (it sits below
 * them): `../messages.test.ts` checks that these words cover every code the domains define.
 */
import type { Locale } from '../locales';

const fr = {
  status: {
    A: 'définitif',
    P: 'provisoire',
    E: 'estimé',
    B: 'rupture de série',
    F: 'prévision',
    I: 'imputé',
    U: 'faible fiabilité',
  },
  frequency: { monthly: 'mensuelle', quarterly: 'trimestrielle', annual: 'annuelle' },
  seasonalAdjustment: {
    none: 'données brutes',
    sa: 'corrigées des variations saisonnières (CVS)',
    sca: 'corrigées des variations saisonnières et des jours ouvrables (CVS-CJO)',
  },
  changeKind: { revision: 'révision programmée', correction: 'correction' },
  download: {
    csv: 'CSV (virgule, point décimal)',
    'csv-fr': 'CSV pour Excel en français (point-virgule, virgule décimale)',
    xlsx: 'Excel (XLSX)',
    'sdmx-csv': 'SDMX-CSV 2.0',
    json: 'JSON',
  },
  releaseStatus: {
    announced: 'provisionnel',
    confirmed: 'confirmé',
    postponed: 'reporté',
    cancelled: 'annulé',
    published: 'publié',
  },
  /** « Statut : provisoire » under a latest value. */
  statusLine: (label: string) => `Statut : ${label}`,

  chart: {
    empty: 'Aucune valeur publiée.',
    range: { '5y': 'sur cinq ans', '10y': 'sur dix ans', all: 'depuis le début de la série' },
    /** The SVG's title: the series, the range's words, the unit (with its base period). */
    title: (label: string, range: string, unit: string) => `${label} ${range} (${unit})`,
    hollow: 'Point creux : valeur non définitive (provisoire, estimée…), voir le statut dans le tableau.',
  },

  /**
   * The sentence that states what a chart shows (its description and caption,
   * `lib/series/chart/trend.ts`): values, periods and changes come formatted.
   */
  trend: {
    none: (label: string) => `${label} : aucune valeur publiée.`,
    single: (label: string, value: string, period: string) => `${label} : une seule valeur publiée, ${value} en ${period}.`,
    /** « De janvier 2016 à décembre 2017 », « D’avril… », « Du 1er trimestre 2026 au 3e trimestre 2026 ». */
    span: (from: string, to: string, frequency: 'monthly' | 'quarterly' | 'annual') =>
      frequency === 'quarterly' ? `Du ${from} au ${to}` : `${/^[aeiouéèh]/i.test(from) ? 'D’' : 'De '}${from} à ${to}`,
    overall: (span: string, label: string, first: string, last: string, change: string) =>
      `${span}, la série « ${label} » est passée de ${first} à ${last} (${change}).`,
    /** `movement` is one of `stable`, `up`, `down` below. */
    overYear: (movement: string) => `Sur un an, elle ${movement}.`,
    lastPeriod: (movement: string) => `Sur la dernière période, elle ${movement}.`,
    stable: 'est restée stable',
    /** `change` without its sign: « 2,3 % ». */
    up: (change: string) => `a augmenté de ${change}`,
    down: (change: string) => `a baissé de ${change}`,
  },

  headline: {
    latest: (period: string) => `Dernière valeur, ${period}`,
    overPeriod: (change: string) => `Sur la période : ${change}`,
    overYear: (change: string) => `Sur un an : ${change}`,
    stable: 'stable',
    /** `change` without its sign: « 2,3 % ». */
    up: (change: string) => `en hausse de ${change}`,
    down: (change: string) => `en baisse de ${change}`,
    version: (n: number, date: string) => `Version ${n}, publiée le ${date} (UTC).`,
  },

  table: {
    period: 'Période',
    value: 'Valeur',
    valueIn: (unit: string) => `Valeur (${unit})`,
    changePeriod: 'Variation sur la période',
    changeYear: 'Variation sur un an',
    status: 'Statut',
    lastValues: (label: string, n: number) => `${label} : ${n} dernières valeurs`,
    older: (label: string) => `${label} : valeurs plus anciennes`,
    olderSummary: (n: number) => `Valeurs plus anciennes (${n})`,
    /** `items`: « p = provisoire »… */
    legend: (items: string[]) => `Légende : ${items.join(' ; ')} ; sans marque : définitif.`,
    wholeSeries: (code: string) => `Toute la série ${code} : graphique, historique, versions et téléchargements`,
  },

  versions: {
    none: 'Aucune version précédente : la série n’a pas été révisée depuis sa première publication.',
    version: (n: number) => `Version ${n}`,
    current: ' (en vigueur)',
    published: (date: string, kind: string) => ` — publiée le ${date} (UTC), ${kind}`,
    values: (n: number) => `Valeurs de la version ${n} (CSV)`,
  },

  page: {
    range: { '5y': '5 ans', '10y': '10 ans', all: 'Tout' },
    /** `unit` with its base period in brackets when it has one. */
    /** `unit`: the unit and base period, an element where one of them is in another language than the page. */
    /** A series defined as a slice of a table (lib/tables/slices.ts): « Issue du tableau », the table's title as a link, then what it picks. */
    fromTable: 'Issue du tableau',
    subtitle: <T>(code: string, frequency: string, unit: T, adjustment: string) => [
      `Série ${code}, ${frequency}, `,
      unit,
      `, ${adjustment}.`,
    ],
    chart: 'Évolution',
    chartRange: 'Période du graphique',
    downloads: 'Télécharger la série',
    filesNote: <T>(link: (text: string) => T) => [
      'Les fichiers contiennent exactement les valeurs de cette page, ' +
        'avec leur statut dans une colonne à part. Pour les réutiliser automatiquement, voir la page ',
      link('Données ouvertes et API'),
      ' (sans clé).',
    ],
    values: 'Toutes les valeurs',
    description: 'Description',
    code: 'Code',
    unit: 'Unité',
    frequency: 'Fréquence',
    adjustment: 'Correction',
    source: 'Source',
    versions: 'Versions précédentes',
    cite: 'Citer cette série',
    /** « Institut…, Indice des prix… (IPC), version 3 du 12 novembre 2026 à 08:45 UTC, https://…. » */
    citation: (institute: string, label: string, code: string, version: number, date: string, url: string) =>
      `${institute}, ${label} (${code}), version ${version} du ${date} UTC, ${url}.`,
  },

  area: {
    series: 'Séries de la rubrique',
    until: (period: string) => `jusqu’à ${period}`,
    downloadAll: 'Télécharger toutes les séries de la rubrique',
  },

  keyFigure: {
    overMonth: 'sur un mois',
    overQuarter: 'sur un trimestre',
    overYear: 'sur un an',
    trend: (n: number) => `Évolution sur ${n} périodes`,
  },

  calendar: {
    title: 'Calendrier des parutions',
    titleOf: (area: string) => `Calendrier des parutions : ${area}`,
    description:
      'Les dates et heures de parution des statistiques de l’institut, annoncées à l’avance, et l’historique de leurs changements.',
    /** `zone`: « heure de Ouagadougou ». */
    intro: (zone: string) =>
      'L’institut annonce à l’avance la date et l’heure de chaque publication et s’y tient. ' +
      `Un changement de date est publié avec sa raison. Heures indiquées : ${zone}.`,
    subscribe: 'S’abonner au calendrier (iCalendar)',
    subscribeTo: (area: string) => `S’abonner au calendrier de la rubrique ${area} (iCalendar)`,
    filter: 'Filtrer par rubrique',
    all: 'Toutes',
    upcoming: 'À venir',
    noUpcoming: 'Aucune parution annoncée.',
    past: 'Parutions passées',
    noPast: 'Aucune parution passée.',
  },

  release: {
    description: (title: string) => `Date de parution, statut et historique des dates : ${title}.`,
    status: 'Statut',
    publishedOn: 'Publié le',
    wasDueOn: 'Était prévu le',
    date: 'Date de parution',
    area: 'Rubrique',
    contact: 'Contact',
    cancelled: 'Avis d’annulation : ',
    published: 'Ce qui a été publié',
    seriesVersion: (code: string, n: number) => `(série ${code}, version ${n})`,
    history: 'Historique des dates',
    unchanged: 'La date annoncée n’a pas changé.',
    moved: <T>(from: T, to: T) => ['Prévue le ', from, ', reportée au ', to, '.'],
    reason: <T>(reason: T) => ['Raison : ', reason],
    calendar: 'Tout le calendrier des parutions',
  },

  data: {
    title: 'Données ouvertes et API',
    description:
      'Toutes les séries statistiques de l’institut, téléchargeables en CSV, ' +
      'Excel, SDMX et JSON, et l’API ouverte sans clé pour les réutiliser.',
    intro:
      'Toutes les séries publiées par l’institut, libres de réutilisation : chaque fichier contient exactement les valeurs ' +
      'affichées sur le site, avec le statut de chaque valeur dans sa propre colonne. L’API ne demande ni clé ni inscription.',
    series: 'Les séries',
    caption: 'Séries publiées, avec leur dernière valeur et leurs fichiers',
    colSeries: 'Série',
    colArea: 'Rubrique',
    colLatest: 'Dernière valeur',
    colFiles: 'Fichiers',
    /** A file link's accessible name: the series' code and the format's label. */
    file: (code: string, format: string) => `${code} : ${format}`,
    /** `items`: « P provisoire »… */
    statuses: (items: string[]) => `Statuts des valeurs (codes SDMX OBS_STATUS) : ${items.join(', ')}.`,
    nsdpTitle: 'Page nationale de données récapitulatives (FMI)',
    nsdpText: <T>(link: (text: string) => T) => [
      'Les indicateurs diffusés au titre du SGDD-a du FMI, avec leur prochaine date de parution et un fichier SDMX-ML par catégorie : ',
      link('page nationale de données récapitulatives'),
      '.',
    ],
    sdmxTitle: 'SDMX 2.1 : agrégateurs et .Stat Suite',
    /** `url`: the service's address (`{site}/sdmx/rest`); `link`: a link to an address, shown as code. */
    sdmxText: <T>(code: (text: string) => T, link: (href: string) => T, url: string) => [
      'Chaque tableau publié est un flux de données SDMX (',
      code('DF_{CODE}'),
      ', agence ',
      code('INSSTAT'),
      ') avec sa structure et ses listes de codes, servis au standard SDMX 2.1 REST à l’adresse ',
      code(url),
      ' : le FMI, la Division de statistique de l’ONU, la BAD, une installation .Stat Suite ou le paquet R rsdmx s’y connectent directement. La liste des flux : ',
      link(`${url}/dataflow/all/all/latest`),
      ' ; des données : ',
      code(`${url}/data/DF_{CODE}/{clé}?startPeriod=2020`),
      ', la clé donnant un code par dimension du tableau (hors temps) puis la mesure, séparés par des points (',
      code('+'),
      ' entre plusieurs codes, une position vide pour tous).',
    ],
    dcatTitle: 'Catalogue DCAT-AP pour les portails de données ouvertes',
    /** `code` shows an address, `link` links one of the catalogue's files. */
    dcatText: <T>(code: (text: string) => T, link: (path: string) => T) => [
      'Les tableaux, les séries et les publications avec fichiers sont décrits dans un catalogue DCAT-AP 3 que data.gouv.fr, les sites CKAN et le portail européen de données moissonnent : ',
      code('/catalogue'),
      ' (selon l’en-tête Accept), ou directement ',
      link('/catalogue.ttl'),
      ' (Turtle), ',
      link('/catalogue.jsonld'),
      ' (JSON-LD) et ',
      link('/catalogue.rdf'),
      ' (RDF/XML). Il est paginé (Hydra, 50 jeux de données par page) et donne la licence des données, les fichiers avec leur type, leur taille et leur empreinte SHA-256, et le service SDMX des tableaux.',
    ],
    api: 'L’API ouverte',
    openapi: <T>(link: T) => ['Description complète au format OpenAPI 3.1 : ', link, '. Deux adresses :'],
    catalogue: <T>(code: (text: string) => T) => [
      code('/api/v1/series'),
      ' : le catalogue (métadonnées, dernière valeur) ; avec ',
      code('format'),
      ', toutes les séries (ou celles d’une rubrique avec ',
      code('area'),
      ') dans un fichier ;',
    ],
    oneSeries: <T>(code: (text: string) => T) => [code('/api/v1/series/{code}'), ' : une série.'],
    /** `formats`: « csv, csv-fr, xlsx… ». */
    parameters: <T>(code: (text: string) => T, formats: string) => [
      'Paramètres : ',
      code('startPeriod'),
      ' et ',
      code('endPeriod'),
      ' (2024-01, 2024-Q1 ou 2024), ',
      code('lastNObservations'),
      ', ',
      code('asOf'),
      ' (la série telle qu’elle était publiée à cet instant), ',
      code('format'),
      ` (${formats}).`,
    ],
    limits: <T>(code: (text: string) => T, perMinute: number) => [
      `Limites publiées : ${perMinute} requêtes par minute et par adresse ; au-delà, réponse 429 avec l’en-tête `,
      code('Retry-After'),
      '. Chaque réponse porte un ',
      code('ETag'),
      ' : renvoyez-le dans ',
      code('If-None-Match'),
      ' pour recevoir 304 si rien n’a changé.',
    ],
    /** `address`: the `<code>` of the XLSX address. */
    excel: <T>(address: T) => [
      'Données › À partir du web, adresse ',
      address,
      ' ; ou téléchargez le fichier « CSV pour Excel en français » ci-dessus, qui s’ouvre directement avec la virgule décimale.',
    ],
  },

  nsdp: {
    title: 'Page nationale de données récapitulatives (SGDD-a du FMI)',
    description:
      'Les indicateurs du Système général de diffusion des données amélioré (SGDD-a) du FMI : ' +
      'dernière valeur, période, métadonnées, prochaine parution et fichiers SDMX-ML.',
    heading: 'Page nationale de données récapitulatives',
    intro: <T>(link: (text: string) => T) => [
      'Les indicateurs que l’institut diffuse dans le cadre du Système général de diffusion des ' +
        'données amélioré (SGDD-a) du Fonds monétaire international : pour chacun, ' +
        'la dernière valeur publiée et sa période, ses métadonnées, la date de la prochaine parution tirée du ',
      link('calendrier des parutions'),
      ', et un fichier SDMX-ML 2.1 par catégorie de données.',
    ],
    empty: 'Aucune série ne porte encore de code d’indicateur du FMI.',
    caption: 'Indicateurs par catégorie de données : dernière valeur, période, métadonnées, prochaine parution, fichier SDMX-ML',
    colCategory: 'Catégorie de données',
    colIndicator: 'Indicateur',
    colUnit: 'Unité',
    colPeriod: 'Période',
    colLatest: 'Dernière valeur',
    colMetadata: 'Métadonnées',
    colNext: 'Prochaine parution',
    colData: 'Données',
    method: 'Méthode',
    methodOf: (label: string) => `Méthode : ${label}`,
    notAnnounced: 'Non annoncée',
    fileOf: (category: string) => `SDMX-ML : ${category}`,
    note:
      'Les fichiers suivent le format SDMX-ML 2.1 (données génériques), avec les dimensions FREQ, ' +
      'REF_AREA et INDICATOR de la structure ECOFIN du FMI, et le statut de chaque valeur (OBS_STATUS).',
    /** The plain-text answer of `/nsdp/{category}.xml` for an unknown category. */
    fileNotFound: 'Fichier introuvable.',
  },

  /**
   * The words of the open API's files (`lib/series/files/export.ts`), French by default and in
   * English with `lang=en`. « Code », « Source » and « Version », alike in both, stay in the files.
   */
  api: {
    /** Column headers of the French-Excel CSV, after `code`. */
    frenchCsv: { period: 'période', value: 'valeur', status: 'statut', statusLabel: 'libellé du statut', series: 'série', unit: 'unité' },
    xlsx: {
      values: 'Valeurs',
      metadata: 'Métadonnées',
      period: 'Période',
      value: 'Valeur',
      status: 'Statut',
      statusLabel: 'Libellé du statut',
      label: 'Titre',
      unit: 'Unité',
      base: 'Base',
      frequency: 'Fréquence',
      adjustment: 'Correction',
      published: 'Publiée le',
      kind: 'Type de changement',
      reason: 'Raison',
      statuses: 'Statuts',
    },
  },
};

const en: typeof fr = {
  status: {
    A: 'final',
    P: 'provisional',
    E: 'estimated',
    B: 'break in series',
    F: 'forecast',
    I: 'imputed',
    U: 'low reliability',
  },
  frequency: { monthly: 'monthly', quarterly: 'quarterly', annual: 'annual' },
  seasonalAdjustment: {
    none: 'not seasonally adjusted',
    sa: 'seasonally adjusted (SA)',
    sca: 'seasonally and calendar adjusted (SCA)',
  },
  changeKind: { revision: 'scheduled revision', correction: 'correction' },
  download: {
    csv: 'CSV (comma, decimal point)',
    'csv-fr': 'CSV for Excel in French (semicolon, decimal comma)',
    xlsx: 'Excel (XLSX)',
    'sdmx-csv': 'SDMX-CSV 2.0',
    json: 'JSON',
  },
  releaseStatus: {
    announced: 'provisional',
    confirmed: 'confirmed',
    postponed: 'postponed',
    cancelled: 'cancelled',
    published: 'published',
  },
  statusLine: (label) => `Status: ${label}`,

  chart: {
    empty: 'No values published.',
    range: { '5y': 'over five years', '10y': 'over ten years', all: 'since the start of the series' },
    title: (label, range, unit) => `${label} ${range} (${unit})`,
    hollow: 'Hollow point: value not final (provisional, estimated…); see its status in the table.',
  },

  trend: {
    none: (label) => `${label}: no values published.`,
    single: (label, value, period) => `${label}: only one value published, ${value} in ${period}.`,
    span: (from, to) => `From ${from} to ${to}`,
    overall: (span, label, first, last, change) => `${span}, the series “${label}” went from ${first} to ${last} (${change}).`,
    overYear: (movement) => `Over the year, it ${movement}.`,
    lastPeriod: (movement) => `Over the latest period, it ${movement}.`,
    stable: 'was unchanged',
    up: (change) => `rose ${change}`,
    down: (change) => `fell ${change}`,
  },

  headline: {
    latest: (period) => `Latest value, ${period}`,
    overPeriod: (change) => `Over the period: ${change}`,
    overYear: (change) => `Over the year: ${change}`,
    stable: 'unchanged',
    up: (change) => `up ${change}`,
    down: (change) => `down ${change}`,
    version: (n, date) => `Version ${n}, published ${date} (UTC).`,
  },

  table: {
    period: 'Period',
    value: 'Value',
    valueIn: (unit) => `Value (${unit})`,
    changePeriod: 'Change over the period',
    changeYear: 'Change over the year',
    status: 'Status',
    lastValues: (label, n) => (n === 1 ? `${label}: latest value` : `${label}: latest ${n} values`),
    older: (label) => `${label}: older values`,
    olderSummary: (n) => `Older values (${n})`,
    legend: (items) => `Key: ${items.join('; ')}; no mark: final.`,
    wholeSeries: (code) => `The whole ${code} series: chart, history, versions and downloads`,
  },

  versions: {
    none: 'No previous versions: the series has not been revised since it was first published.',
    version: (n) => `Version ${n}`,
    current: ' (current)',
    published: (date, kind) => ` — published ${date} (UTC), ${kind}`,
    values: (n) => `Values of version ${n} (CSV)`,
  },

  page: {
    range: { '5y': '5 years', '10y': '10 years', all: 'All' },
    fromTable: 'From the table',
    subtitle: (code, frequency, unit, adjustment) => [`Series ${code}, ${frequency}, `, unit, `, ${adjustment}.`],
    chart: 'Trend',
    chartRange: 'Chart period',
    downloads: 'Download the series',
    filesNote: (link) => [
      'The files hold exactly the values on this page, with their status in a separate column. To reuse them automatically, see the ',
      link('Open data and API'),
      ' page (no key needed).',
    ],
    values: 'All values',
    description: 'Description',
    code: 'Code',
    unit: 'Unit',
    frequency: 'Frequency',
    adjustment: 'Adjustment',
    source: 'Source',
    versions: 'Previous versions',
    cite: 'Cite this series',
    citation: (institute, label, code, version, date, url) =>
      `${institute}, ${label} (${code}), version ${version}, published ${date} UTC, ${url}.`,
  },

  area: {
    series: 'Series in this section',
    until: (period) => `up to ${period}`,
    downloadAll: 'Download all the series in this section',
  },

  keyFigure: {
    overMonth: 'over the month',
    overQuarter: 'over the quarter',
    overYear: 'over the year',
    trend: (n) => `Trend over ${n} ${n === 1 ? 'period' : 'periods'}`,
  },

  calendar: {
    title: 'Release calendar',
    titleOf: (area) => `Release calendar: ${area}`,
    description: 'Release dates and times of the institute’s statistics, announced in advance, and the history of their changes.',
    intro: (zone) =>
      'The institute announces the date and time of each release in advance and keeps to it. ' +
      `Any change of date is published with its reason. Times shown: ${zone}.`,
    subscribe: 'Subscribe to the calendar (iCalendar)',
    subscribeTo: (area) => `Subscribe to the ${area} calendar (iCalendar)`,
    filter: 'Filter by section',
    all: 'All',
    upcoming: 'Upcoming',
    noUpcoming: 'No releases announced.',
    past: 'Past releases',
    noPast: 'No past releases.',
  },

  release: {
    description: (title) => `Release date, status and date history: ${title}.`,
    status: 'Status',
    publishedOn: 'Published on',
    wasDueOn: 'Was due on',
    date: 'Release date',
    area: 'Section',
    contact: 'Contact',
    cancelled: 'Cancellation notice: ',
    published: 'What was published',
    seriesVersion: (code, n) => `(series ${code}, version ${n})`,
    history: 'Date history',
    unchanged: 'The announced date has not changed.',
    moved: (from, to) => ['Scheduled for ', from, ', moved to ', to, '.'],
    reason: (reason) => ['Reason: ', reason],
    calendar: 'Full release calendar',
  },

  data: {
    title: 'Open data and API',
    description:
      'All the institute’s statistical series, to download as CSV, Excel, SDMX and JSON, and the open API, with no key, to reuse them.',
    intro:
      'All the series published by the institute, free to reuse: each file holds exactly the values shown ' +
      'on the site, with each value’s status in its own column. The API needs no key and no registration.',
    series: 'The series',
    caption: 'Published series, with their latest value and their files',
    colSeries: 'Series',
    colArea: 'Section',
    colLatest: 'Latest value',
    colFiles: 'Files',
    file: (code, format) => `${code}: ${format}`,
    statuses: (items) => `Value statuses (SDMX OBS_STATUS codes): ${items.join(', ')}.`,
    nsdpTitle: 'National Summary Data Page (IMF)',
    nsdpText: (link) => [
      'The indicators disseminated under the IMF’s e-GDDS, with their next release date and one SDMX-ML file per category: ',
      link('National Summary Data Page'),
      '.',
    ],
    sdmxTitle: 'SDMX 2.1: aggregators and .Stat Suite',
    sdmxText: (code, link, url) => [
      'Every published table is an SDMX dataflow (',
      code('DF_{CODE}'),
      ', agency ',
      code('INSSTAT'),
      ') with its structure and codelists, served by the SDMX 2.1 REST standard at ',
      code(url),
      ': the IMF, the UN Statistics Division, the AfDB, a .Stat Suite installation or the R package rsdmx connect to it directly. The list of flows: ',
      link(`${url}/dataflow/all/all/latest`),
      '; data: ',
      code(`${url}/data/DF_{CODE}/{key}?startPeriod=2020`),
      ', the key giving one code per dimension of the table (time aside), then the measure, separated by dots (',
      code('+'),
      ' between several codes, an empty position for all).',
    ],
    dcatTitle: 'DCAT-AP catalogue for open-data portals',
    dcatText: (code, link) => [
      'The tables, series and publications with files are described in a DCAT-AP 3 catalogue that data.gouv.fr, CKAN sites and the European data portal harvest: ',
      code('/catalogue'),
      ' (by the Accept header), or directly ',
      link('/catalogue.ttl'),
      ' (Turtle), ',
      link('/catalogue.jsonld'),
      ' (JSON-LD) and ',
      link('/catalogue.rdf'),
      ' (RDF/XML). It is paged (Hydra, 50 datasets a page) and gives the data’s licence, the files with their type, size and SHA-256 digest, and the tables’ SDMX service.',
    ],
    api: 'The open API',
    openapi: (link) => ['Full description in OpenAPI 3.1 format: ', link, '. Two endpoints:'],
    catalogue: (code) => [
      code('/api/v1/series'),
      ': the catalogue (metadata, latest value); with ',
      code('format'),
      ', all the series (or those of one section, with ',
      code('area'),
      ') in one file;',
    ],
    oneSeries: (code) => [code('/api/v1/series/{code}'), ': one series.'],
    parameters: (code, formats) => [
      'Parameters: ',
      code('startPeriod'),
      ' and ',
      code('endPeriod'),
      ' (2024-01, 2024-Q1 or 2024), ',
      code('lastNObservations'),
      ', ',
      code('asOf'),
      ' (the series as it was published at that moment), ',
      code('format'),
      ` (${formats}).`,
    ],
    limits: (code, perMinute) => [
      `Published limits: ${perMinute} requests per minute per address; beyond that, a 429 response with the `,
      code('Retry-After'),
      ' header. Every response carries an ',
      code('ETag'),
      ': send it back in ',
      code('If-None-Match'),
      ' to get a 304 when nothing has changed.',
    ],
    excel: (address) => [
      'Data › From Web, address ',
      address,
      '; or download the “CSV (comma, decimal point)” file above, which opens directly in English-language Excel.',
    ],
  },

  nsdp: {
    title: 'National Summary Data Page (IMF e-GDDS)',
    description:
      'The indicators of the IMF’s enhanced General Data Dissemination System (e-GDDS): ' +
      'latest value, period, metadata, next release and SDMX-ML files.',
    heading: 'National Summary Data Page',
    intro: (link) => [
      'The indicators the institute disseminates under the International Monetary Fund’s enhanced General Data Dissemination ' +
        'System (e-GDDS): for each, the latest published value and its period, its metadata, the next release date taken from the ',
      link('release calendar'),
      ', and one SDMX-ML 2.1 file per data category.',
    ],
    empty: 'No series carries an IMF indicator code yet.',
    caption: 'Indicators by data category: latest value, period, metadata, next release, SDMX-ML file',
    colCategory: 'Data category',
    colIndicator: 'Indicator',
    colUnit: 'Unit',
    colPeriod: 'Period',
    colLatest: 'Latest value',
    colMetadata: 'Metadata',
    colNext: 'Next release',
    colData: 'Data',
    method: 'Methodology',
    methodOf: (label) => `Methodology: ${label}`,
    notAnnounced: 'Not announced',
    fileOf: (category) => `SDMX-ML: ${category}`,
    note:
      'The files follow the SDMX-ML 2.1 format (generic data), with the FREQ, REF_AREA and INDICATOR ' +
      'dimensions of the IMF’s ECOFIN data structure, and the status of each value (OBS_STATUS).',
    fileNotFound: 'File not found.',
  },

  api: {
    frenchCsv: { period: 'period', value: 'value', status: 'status', statusLabel: 'status label', series: 'series', unit: 'unit' },
    xlsx: {
      values: 'Values',
      metadata: 'Metadata',
      period: 'Period',
      value: 'Value',
      status: 'Status',
      statusLabel: 'Status label',
      label: 'Title',
      unit: 'Unit',
      base: 'Base period',
      frequency: 'Frequency',
      adjustment: 'Adjustment',
      published: 'Published',
      kind: 'Type of change',
      reason: 'Reason',
      statuses: 'Statuses',
    },
  },
};

export const series: Record<Locale, typeof fr> = { fr, en };
