/**
 * Addresses per language. French pages keep their paths (`/indice/ipc`); English pages are the
 * same paths under `/en` (`/en/indice/ipc`, `/en` for the home page). URL helpers
 * (`publicationUrl`, `seriesPath`…) return French paths; public components pass every internal
 * link through `localePath` with the page's locale, so a reader stays in their language.
 */
import { defaultLocale, locales, type Locale } from './locales';

/** The path prefix of a language: '' for French, '/en' for English. */
export const localePrefix = (locale: Locale): string => (locale === defaultLocale ? '' : `/${locale}`);

/**
 * `path` (a French path, with an optional query or hash) in `locale`. Paths outside the pages
 * (files, feeds, the API, the back-office) and absolute URLs are returned unchanged.
 */
export function localePath(locale: Locale, path: string): string {
  if (locale === defaultLocale || !path.startsWith('/') || path.startsWith('//') || !isPagePath(path)) return path;
  const prefix = localePrefix(locale);
  if (path === '/') return prefix;
  if (path.startsWith('/?') || path.startsWith('/#')) return prefix + path.slice(1);
  return prefix + path;
}

/**
 * A feed's address in `locale` (`/flux/actualites.atom` → `/en/flux/actualites.atom`): feeds are not
 * pages (`localePath` leaves them alone) but have one version per language.
 */
export const feedIn = (locale: Locale, path: string): string => (locale === defaultLocale ? path : `${localePrefix(locale)}${path}`);

/** Paths that are not pages (files, feeds, handlers, the back-office), hence the same in every language. */
const sharedPrefixes = ['/api/', '/fichiers/', '/flux/', '/nsdp/', '/_next/', '/admin/'];
function isPagePath(path: string): boolean {
  const pathname = path.replace(/[?#].*$/, '');
  if (pathname === '/admin' || sharedPrefixes.some((p) => pathname.startsWith(p))) return false;
  // A top-level file: /sitemap.xml, /robots.txt, /favicon.ico.
  return !/^\/[^/]*\.[A-Za-z0-9]+$/.test(pathname);
}

/** The language of a path and the French path it shows: `/en/indice/ipc` → `{ en, /indice/ipc }`. */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  for (const locale of locales) {
    if (locale === defaultLocale) continue;
    const prefix = localePrefix(locale);
    if (pathname === prefix || pathname === `${prefix}/`) return { locale, path: '/' };
    if (pathname.startsWith(`${prefix}/`)) return { locale, path: pathname.slice(prefix.length) };
  }
  return { locale: defaultLocale, path: pathname };
}

/** `hreflang` alternates of a page that exists in `available` languages (French path given). */
export function languageAlternates(path: string, available: readonly Locale[] = locales): Record<string, string> {
  const languages: Record<string, string> = {};
  for (const locale of available) languages[locale] = localePath(locale, path);
  if (available.includes(defaultLocale)) languages['x-default'] = path;
  return languages;
}
