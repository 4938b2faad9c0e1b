/**
 * The site's public addresses, built and read in one place: the pages of every area and kind, the
 * series pages and files, the stored files, in French; `localePath` (lib/i18n/paths.ts) puts a page's
 * address in another language. Pages, the sitemap, the feeds, the back-office and the proxy's index
 * (lib/routing/public-paths.ts) all take their addresses from here.
 *
 * Inside a publication area: `{path}`, `{path}/annee/{year}`, `{path}/page/{n}`,
 * `{path}/annee/{year}/page/{n}` list its publications; `{path}/{slug}` shows one;
 * `{path}/series/{CODE}` shows a series over ten years, `/5-ans` and `/tout` over five or all.
 * Filters are path segments (not query strings) so every page is cacheable as a whole.
 */
import { z } from 'zod';
import { defaultLocale, type Locale } from '@/lib/i18n/locales';
import { area, getArea, reservedSlugs } from './areas';

/** Items per public list page: list pages and the proxy's index count pages with it. */
export const PER_PAGE = 10;

// ─── Pages and files ─────────────────────────────────────────────────────────────────────────

/** Stable download URL of a stored file: `/fichiers/{id}/{name}`. */
export function fileUrl(f: { id: string; name: string }): string {
  return `${filesPrefix}${f.id}/${encodeURIComponent(f.name)}`;
}

/** Public page of a publication, or null when its area has none. */
export function publicationUrl(p: { area: string; slug: string }): string | null {
  const a = getArea(p.area);
  return a?.publicPath ? `${a.publicPath}/${p.slug}` : null;
}

/** The news list's path, from the registry (`/actualites`). */
const newsBase = () => area('news').publicPath!;
/** A news item: `/actualites/{id}`. */
export const newsUrl = (n: { id: number }) => `${newsBase()}/${n.id}`;
/** A page of the news list: `/actualites`, `/actualites/page/2`… */
export const newsListPath = (page = 1) => (page > 1 ? `${newsBase()}/page/${page}` : newsBase());

/** The home page. */
export const homePath = '/';
/** The data page: every series, the open API, the files. */
export const dataPath = '/donnees';
/** The IMF National Summary Data Page. */
export const nsdpPath = '/nsdp';
/** The search page; lib/search/params.ts adds the query (`?q=…&rubrique=…`). */
export const searchPath = '/recherche';
/** The release calendar; its first segment, which the proxy's index reads. */
export const calendarPath = '/calendrier';
/** The segment of an area's calendar under the calendar: `/calendrier/rubrique/{area}`. */
export const calendarAreaSegment = 'rubrique';
/** The calendar of one area, or the whole calendar: `/calendrier/rubrique/ipc`, `/calendrier`. */
export const areaCalendarPath = (slug?: string) => (slug ? `${calendarPath}/${calendarAreaSegment}/${slug}` : calendarPath);
/** A release of the calendar: `/calendrier/{slug}`. */
export const releasePath = (r: { slug: string }) => `${calendarPath}/${r.slug}`;
/** Public pages outside the area registry and the calendar, the same in every language. */
/** Email alerts (lib/alerts): subscribe, then the pages a message's links lead to. */
export const alertPaths = {
  subscribe: '/alertes',
  confirm: '/alertes/confirmation',
  unsubscribe: '/alertes/desabonnement',
  manage: '/alertes/gerer',
} as const;
/** Their handlers (forms without JavaScript post there; RFC 8058 one-click to `unsubscribe`). */
export const alertApiPaths = {
  subscribe: '/api/alertes',
  confirm: '/api/alertes/confirmation',
  unsubscribe: '/api/alertes/desabonnement',
  manage: '/api/alertes/gerer',
} as const;

/**
 * The DCAT-AP catalogue (lib/dcat): `/catalogue` by content negotiation (a route handler, outside
 * proxy.ts's matcher), `/catalogue.ttl`, `/catalogue.jsonld`, `/catalogue.rdf` as they are.
 */
export const cataloguePath = '/catalogue';
export const catalogueFilePath = (extension: 'ttl' | 'jsonld' | 'rdf') => `${cataloguePath}.${extension}`;

export const staticPagePaths: readonly string[] = [
  dataPath,
  nsdpPath,
  searchPath,
  ...Object.values(alertPaths),
  '/microdonnees',
  '/microdonnees/variables',
];

/** The prefix of stored files: `/fichiers/{id}/{name}`. */
export const filesPrefix = '/fichiers/';

// ─── Feeds and machine-readable files ────────────────────────────────────────────────────────

/** The Atom feeds: news, the latest publications (of every area or one), the published releases. */
export type FeedName = 'actualites' | 'publications' | 'parutions';
/** An Atom feed: `/flux/actualites.atom`, `/flux/publications/{area}.atom`… */
export const feedPath = (name: FeedName, area?: string) => `/flux/${name}${area ? `/${area}` : ''}.atom`;
/** The iCalendar feed of the calendar, or of one area's: `/flux/calendrier.ics`, `/flux/calendrier/{area}.ics`. */
export const icsPath = (area?: string) => `/flux/calendrier${area ? `/${area}` : ''}.ics`;
/** The SDMX-ML file of an NSDP category: `/nsdp/{category}.xml`. */
export const nsdpFilePath = (category: { id: string }) => `${nsdpPath}/${category.id}.xml`;

/** Area list URL for a year filter and page: `/indice/ipc/annee/2025/page/2`. */
export function areaListUrl(publicPath: string, year: number | undefined, page: number): string {
  return `${publicPath}${year ? `/annee/${year}` : ''}${page > 1 ? `/page/${page}` : ''}`;
}

// ─── Series ──────────────────────────────────────────────────────────────────────────────────

/** `/indice/ipc/series/IPC`, `/indice/ipc/series/IPC/5-ans`… (null: the area has no public page). */
export function seriesPath(series: { area: string; code: string }, range: SeriesRange = '10y'): string | null {
  const base = getArea(series.area)?.publicPath;
  if (!base) return null;
  const segment = seriesRangeSegment[range];
  return `${base}/series/${series.code}${segment ? `/${segment}` : ''}`;
}

/** The formats of a series' files (`?format=`). */
export const downloadFormats = ['csv', 'csv-fr', 'xlsx', 'sdmx-csv', 'json'] as const;
export type DownloadFormat = (typeof downloadFormats)[number];

/** `&lang=en` for the files linked from a page in another language than French: their labels follow it. */
const langParam = (locale: Locale) => (locale === defaultLocale ? '' : `&lang=${locale}`);
/** A series' file in the open API (`/api/v1/series/IPC?format=xlsx`), its labels in `locale`. */
export const seriesDownloadPath = (code: string, format: DownloadFormat, locale: Locale = defaultLocale) =>
  `/api/v1/series/${code}?format=${format}${langParam(locale)}`;
/** All the series of an area in one file, its labels in `locale`. */
export const areaDownloadPath = (area: string, format: DownloadFormat, locale: Locale = defaultLocale) =>
  `/api/v1/series?area=${area}&format=${format}${langParam(locale)}`;

// ─── Tables ──────────────────────────────────────────────────────────────────────────────────
// A table's page is `/donnees/tableaux/{CODE}` (English: `/en/donnees/tableaux/{CODE}`), under the
// data page rather than its area's path: it is a query page (the GET form's selection is its address,
// rendered per request), while an area's pages are prerendered; its area page, `/donnees` and its
// release page link to it. Named here without importing the tables (lib/tables sits above).

/** The segment under `/donnees` of the tables' pages. */
export const tablesSegment = 'tableaux';
/** The tables' pages' prefix: `/donnees/tableaux/`. */
export const tablesPrefix = `${dataPath}/${tablesSegment}/`;
/** A table's page: `/donnees/tableaux/POP_REGION` (its default selection: the canonical address). */
export const tablePath = (code: string) => `${tablesPrefix}${code}`;
/** A table's code as addresses carry it. */
export const tableCodePattern = /^[A-Z][A-Z0-9_]{1,59}$/;

/** The formats of a table's files (`?format=`); the API also takes `json` for JSON-stat. */
export const tableFormats = ['csv', 'csv-fr', 'xlsx', 'jsonstat', 'sdmx-csv'] as const;
export type TableFormat = (typeof tableFormats)[number];

/** A table or a selection in the API: `/api/v1/tables/POP_REGION[/{key}]`. */
export const tableApiPath = (code: string, key?: string) => `/api/v1/tables/${code}${key && key !== 'all' ? `/${key}` : ''}`;
/** A table's file (whole, or a selection by its SDMX key), labels in `locale`. */
export const tableDownloadPath = (code: string, format: TableFormat, key = 'all', locale: Locale = defaultLocale) =>
  `${tableApiPath(code, key)}?format=${format}${langParam(locale)}`;

// ─── Microdata ───────────────────────────────────────────────────────────────────────────────
// The survey catalogue (lib/microdata) under one French address, `/microdonnees` (English:
// `/en/microdonnees`): the catalogue and the variable search are GET forms (the query is the
// selection), a survey's page and each variable's page are addresses of their own.

/** The catalogue: `/microdonnees?q=…&annee=…&theme=…&producteur=…&acces=…&type=…`. */
export const microdataPath = '/microdonnees';
/** The segment of the variable search, and of a survey's variables (never a survey's slug). */
export const variablesSegment = 'variables';
/** The variable search across every survey: `/microdonnees/variables?q=…`. */
export const variableSearchPath = `${microdataPath}/${variablesSegment}`;
/** A survey's address segment: lowercase words and digits joined by hyphens. */
export const surveySlugPattern = /^[a-z0-9]+(?:-[a-z0-9]+){0,20}$/;
/** A variable's name as addresses carry it (DDI names: letters, digits, `_`, `.`, `$`, `@`, `#`, `-`). */
export const variableNamePattern = /^[A-Za-z0-9_.$@#-]{1,64}$/;
/** A survey's page: `/microdonnees/ehcvm-2024`. */
export const surveyPath = (slug: string) => `${microdataPath}/${slug}`;
/** A variable's page: `/microdonnees/ehcvm-2024/variables/HHSIZE`. */
export const variablePath = (slug: string, name: string) => `${surveyPath(slug)}/${variablesSegment}/${encodeURIComponent(name)}`;
/** The files of a survey's DDI export: DDI Codebook 2.5 XML and its JSON form. */
export const surveyDdiFiles = { xml: 'ddi.xml', json: 'ddi.json' } as const;
export const surveyDdiPath = (slug: string, format: keyof typeof surveyDdiFiles) => `${surveyPath(slug)}/${surveyDdiFiles[format]}`;

// ─── Reading an area's path ──────────────────────────────────────────────────────────────────

export type SeriesRange = '10y' | '5y' | 'all';
export type AreaView =
  | { kind: 'list'; year?: number; page: number }
  | { kind: 'publication'; slug: string }
  | { kind: 'series'; code: string; range: SeriesRange };

/** The path segment of each range of a series page (the ten-year view is the page itself). */
export const seriesRangeSegment: Record<SeriesRange, string | null> = { '10y': null, '5y': '5-ans', all: 'tout' };
const rangeBySegment = new Map(
  Object.entries(seriesRangeSegment).flatMap(([range, segment]) => (segment ? [[segment, range as SeriesRange]] : [])),
);
const seriesCode = /^[A-Z][A-Z0-9_]{1,39}$/;

const year = z.coerce.number().int().min(1900).max(2200);
const pageNumber = z.coerce.number().int().min(2).max(100_000);
const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
  .max(200);
const digits = /^\d+$/;

/** Parses the segments after an area's path; null means 404. */
export function parseAreaSegments(rest: string[] | undefined): AreaView | null {
  const s = rest ?? [];
  if (s.length === 0) return { kind: 'list', page: 1 };
  if (s[0] === 'series') {
    const code = s[1] ?? '';
    const range = s.length === 2 ? '10y' : s.length === 3 ? rangeBySegment.get(s[2]!) : undefined;
    return seriesCode.test(code) && range ? { kind: 'series', code, range } : null;
  }
  if (s.length === 1) {
    const parsed = slug.safeParse(s[0]);
    return parsed.success && !reservedSlugs.has(parsed.data) ? { kind: 'publication', slug: parsed.data } : null;
  }
  const view: { kind: 'list'; year?: number; page: number } = { kind: 'list', page: 1 };
  let i = 0;
  if (s[i] === 'annee') {
    const y = digits.test(s[i + 1] ?? '') ? year.safeParse(s[i + 1]) : null;
    if (!y?.success) return null;
    view.year = y.data;
    i += 2;
  }
  if (s[i] === 'page') {
    const n = digits.test(s[i + 1] ?? '') ? pageNumber.safeParse(s[i + 1]) : null;
    if (!n?.success) return null;
    view.page = n.data;
    i += 2;
  }
  return i === s.length && i > 0 ? view : null;
}
