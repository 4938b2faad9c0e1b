/**
 * The header's language switch: the page being read, in the other language. The header lives in a
 * layout, which cannot know its path, so the link is computed twice: in the browser from the
 * address bar (components/site/language-switch.tsx), and without JavaScript by a route handler that
 * reads the page from the `Referer` it is sent with (app/api/langue/route.ts, GET `?vers=en`).
 */
import { defaultLocale, locales, type Locale } from './locales';
import { localePath, splitLocale } from './paths';

/** The route handler of the switch without JavaScript. */
export const languageSwitchRoute = '/api/langue';

/** The switch's address before the browser knows the page (server render, no JavaScript). */
export const languageSwitchFallback = (to: Locale): string => `${languageSwitchRoute}?vers=${to}`;

/** Every language but the page's: what the switch offers. */
export const otherLocales = (locale: Locale): Locale[] => locales.filter((l) => l !== locale);

/** A language that has a path prefix: a page path is the one `localePath` changes in it. */
const prefixed = locales.find((l) => l !== defaultLocale) ?? defaultLocale;

/**
 * The page at `url` (its path, query and hash) in `to`: `/indice/ipc?x=1` → `/en/indice/ipc?x=1`,
 * `/en` → `/`. What is not a page in every language (a file, a feed, the back-office's preview) and
 * what is not a path of this site (`//host/…`) give the home page in `to`: the reader asked for
 * that language and never leaves the site.
 */
export function pageInLocale(url: { pathname: string; search?: string; hash?: string }, to: Locale): string {
  const home = localePath(to, '/');
  const { path } = splitLocale(url.pathname);
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return home;
  if (prefixed !== defaultLocale && localePath(prefixed, path) === path) return home;
  return localePath(to, path) + (url.search ?? '') + (url.hash ?? '');
}

/**
 * The page a `Referer` names when it is one of `origins` (this site's, as the request and
 * `SITE_URL` see it), else null: another site's address, or anything that is not a URL, is ignored.
 */
export function refererPage(referer: string | null, origins: readonly string[]): URL | null {
  if (!referer || referer.length > 4096) return null;
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return origins.some((o) => sameOrigin(o, url.origin)) ? url : null;
}

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}
