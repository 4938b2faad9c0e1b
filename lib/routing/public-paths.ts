/**
 * Which public URLs exist. `proxy.ts` uses it to answer 404 before rendering starts: with Cache
 * Components, a 404 discovered while rendering is sent after the page shell and reaches the
 * reader as a blank document (the not-found page only renders with JavaScript).
 */
import { getArea, getAreaByPublicPath, type Area } from '@/lib/content/areas';
import {
  calendarAreaSegment,
  calendarPath,
  homePath,
  parseAreaSegments,
  PER_PAGE,
  staticPagePaths,
  microdataPath,
  surveyDdiFiles,
  surveySlugPattern,
  tableCodePattern,
  tablesPrefix,
  variableNamePattern,
  variablesSegment,
} from '@/lib/content/addresses';
import type { PublicPathIndex } from '@/lib/routing/path-index-query';
import { splitLocale } from '@/lib/i18n/paths';

const NEWS_ID = /^[1-9]\d{0,9}$/;
const RELEASE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const PAGE = /^[1-9]\d{0,5}$/;

/** What a public path shows (`shows`), from its shape and the registry alone. */
type Resolved =
  | { shows: 'static' }
  | { shows: 'publication'; area: Area; slug: string }
  | { shows: 'area-list'; area: Area; year?: number; page: number }
  | { shows: 'series'; area: Area; code: string }
  | { shows: 'table'; code: string }
  | { shows: 'survey'; slug: string }
  | { shows: 'survey-variable'; slug: string; name: string }
  | { shows: 'release'; slug: string }
  | { shows: 'news-item'; id: number }
  | { shows: 'news-list'; page: number };

/** Public pages outside the area registry. */
const staticPaths = new Set(staticPagePaths);

/**
 * What a path would show, from its shape and the registry alone; null when it cannot exist. English
 * paths (`/en/…`) show the same things as their French paths.
 */
export function resolvePublicPath(address: string): Resolved | null {
  const pathname = splitLocale(address).path;
  if (pathname === homePath || staticPaths.has(pathname)) return { shows: 'static' };
  const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  const segments = path.split('/').slice(1);
  if (segments.some((s) => s === '')) return null;
  if (`/${segments[0]}` === calendarPath) return resolveCalendarPath(segments.slice(1));
  // A table's page: `/donnees/tableaux/{CODE}`.
  if (`${path}/`.startsWith(tablesPrefix)) {
    const rest = path.slice(tablesPrefix.length);
    return tableCodePattern.test(rest) ? { shows: 'table', code: rest } : null;
  }
  if (`/${segments[0]}` === microdataPath) return resolveMicrodataPath(segments.slice(1));
  // The longest registry path that prefixes this one decides.
  for (let n = Math.min(segments.length, 2); n >= 1; n--) {
    const area: Area | undefined = getAreaByPublicPath(`/${segments.slice(0, n).join('/')}`);
    if (!area) continue;
    const rest = segments.slice(n);
    if (area.kind === 'publications') {
      const view = area.restricted ? null : parseAreaSegments(rest);
      if (!view) return null;
      if (view.kind === 'series') return { shows: 'series', area, code: view.code };
      return view.kind === 'publication'
        ? { shows: 'publication', area, slug: view.slug }
        : { shows: 'area-list', area, year: view.year, page: view.page };
    }
    if (area.kind === 'news') {
      if (rest.length === 0) return { shows: 'static' };
      if (rest.length === 1 && NEWS_ID.test(rest[0]!)) return { shows: 'news-item', id: Number(rest[0]) };
      if (rest.length === 2 && rest[0] === 'page' && PAGE.test(rest[1]!) && rest[1] !== '1')
        return { shows: 'news-list', page: Number(rest[1]) };
      return null;
    }
    return rest.length === 0 ? { shows: 'static' } : null;
  }
  return null;
}

/** `/calendrier`, `/calendrier/rubrique/{area}` (an area of the registry with a page), `/calendrier/{slug}`. */
function resolveCalendarPath(rest: string[]): Resolved | null {
  if (rest.length === 0) return { shows: 'static' };
  if (rest.length === 2 && rest[0] === calendarAreaSegment) return getArea(rest[1]!)?.publicPath ? { shows: 'static' } : null;
  if (rest.length === 1 && RELEASE_SLUG.test(rest[0]!) && rest[0] !== calendarAreaSegment) return { shows: 'release', slug: rest[0]! };
  return null;
}

/** `/microdonnees/{slug}`, its DDI files, `/microdonnees/{slug}/variables/{NAME}` (the catalogue and the variable search are static). */
function resolveMicrodataPath(rest: string[]): Resolved | null {
  const slug = rest[0] ?? '';
  if (!surveySlugPattern.test(slug) || slug === variablesSegment) return null;
  if (rest.length === 1) return { shows: 'survey', slug };
  if (rest.length === 2 && Object.values(surveyDdiFiles).includes(rest[1] as never)) return { shows: 'survey', slug };
  if (rest.length === 3 && rest[1] === variablesSegment) {
    let name: string;
    try {
      name = decodeURIComponent(rest[2]!);
    } catch {
      return null;
    }
    return variableNamePattern.test(name) ? { shows: 'survey-variable', slug, name } : null;
  }
  return null;
}

/** True when the path has the shape of a public page (it may still not exist in the database). */
export const isPublicPathShape = (pathname: string) => resolvePublicPath(pathname) !== null;

/** True when the path is a public page that exists in this index of the database. */
export function publicPathExists(pathname: string, index: PublicPathIndex): boolean {
  const r = resolvePublicPath(pathname);
  if (!r) return false;
  const pages = (n: number) => Math.max(1, Math.ceil(n / PER_PAGE));
  switch (r.shows) {
    case 'static':
      return true;
    case 'publication':
      return index.publications.has(`${r.area.slug}/${r.slug}`);
    case 'area-list': {
      const counts = index.areaCounts.get(r.area.slug);
      const n = r.year ? (counts?.years.get(r.year) ?? 0) : (counts?.total ?? 0);
      return (r.year ? n > 0 : true) && r.page <= pages(n);
    }
    case 'series':
      return index.series.has(`${r.area.slug}/${r.code}`);
    case 'release':
      return index.releases.has(r.slug);
    case 'table':
      return index.tables.has(r.code);
    case 'survey':
      return index.surveys.has(r.slug);
    case 'survey-variable':
      return index.surveyVariables.has(`${r.slug}/${r.name}`);
    case 'news-item':
      return index.newsIds.has(r.id);
    case 'news-list':
      return r.page <= pages(index.newsTotal);
  }
}

/** Where `proxy.ts` rewrites a path that does not exist: no route answers there, so Next serves its 404 page. */
export const notFoundRoute = '/_introuvable';

/** The request header by which proxy.ts tells the 404 page the language of the path asked for. */
export const LOCALE_HEADER = 'x-ins-locale';

/**
 * The paths proxy.ts sees (its `config.matcher`, which Next needs written out there): everything
 * but Next's assets, route handlers (the feeds under `/en/flux/` too, the DCAT catalogue `/catalogue`), file downloads and top-level files with an extension.
 */
export const PROXIED_PATH = /^\/(?!_next\/|api\/|sdmx\/|flux\/|en\/flux\/|nsdp\/|fichiers\/|catalogue$|[^/]*\.[A-Za-z0-9]+$).*$/;
