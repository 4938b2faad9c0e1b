import type { Metadata } from 'next';
import { getIdentity } from '@/lib/content/public';
import { fileUrl } from '@/lib/content/addresses';
import { feedLinks } from '@/lib/feeds/feeds';
import { shortTitle } from '@/lib/i18n/format';
import { localize } from '@/lib/i18n/content';
import { defaultLocale, intlLocales, locales, type Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { feedIn, languageAlternates, localePath } from '@/lib/i18n/paths';

/** What a public page tells `pageMetadata` about itself. */
export type PageMetadataInput = {
  title: string;
  description: string;
  /** The page's FRENCH path (`/indice/ipc`), whatever `locale` is: the English one is derived. */
  path: string;
  /** The page's language. */
  locale: Locale;
  /**
   * The languages the page's content exists in (default: every language). Content without an
   * English translation passes `['fr']`: its French page announces no English alternate, and its
   * English page, which shows the French text, names the French page as canonical.
   */
  languages?: readonly Locale[];
  type?: 'website' | 'article';
  area?: string;
  calendar?: string;
};

/**
 * Title, description, canonical URL, `hreflang` alternates (each language the content exists in,
 * and `x-default`, the French page), Open Graph and feeds (autodiscovery: the site's Atom feeds,
 * the area's when `area` is given, an iCalendar feed when `calendar` is) of a public page, in the
 * page's language (`locale`).
 */
export async function pageMetadata(p: PageMetadataInput): Promise<Metadata> {
  const { locale } = p;
  const available = p.languages?.length ? p.languages : locales;
  // The language of the page that stands for this one: its own, or French where the content is
  // only in French (an English page of untranslated content shows the French text).
  const canonicalLocale = available.includes(locale) ? locale : defaultLocale;
  const canonical = localePath(canonicalLocale, p.path);
  const t = messages(locale).site;
  const identity = await getIdentity();
  // The institute's name in the page's language where /admin/about gives one (French otherwise).
  const siteName = identity ? `${identity.acronym} — ${localize(identity, locale, ['name']).name}` : t.identity.name;
  const title = p.path === '/' ? siteName : shortTitle(p.title, ` | ${identity?.acronym ?? t.identity.acronym}`);
  return {
    title,
    description: p.description,
    alternates: {
      canonical,
      languages: languageAlternates(p.path, available),
      types: {
        'application/atom+xml': feedLinks(p.area, locale),
        ...(p.calendar ? { 'text/calendar': [{ url: feedIn(locale, p.calendar), title: t.seo.calendarFeed }] } : {}),
      },
    },
    openGraph: {
      title,
      description: p.description,
      url: canonical,
      siteName,
      locale: ogLocale(canonicalLocale),
      alternateLocale: available.filter((l) => l !== canonicalLocale).map(ogLocale),
      type: p.type ?? 'website',
      // The institute's logo (chosen in /admin/about) stands for the site when a link is shared;
      // without one, the default image of public/ (scripts/make-icons.ts).
      images: identity?.logo
        ? [{ url: fileUrl(identity.logo), alt: identity.acronym }]
        : [{ url: '/og-default.png', width: 1200, height: 630, alt: siteName }],
    },
    twitter: { card: 'summary', title, description: p.description },
  };
}

/** Open Graph's form of a language: `fr_FR`, `en_GB`. */
const ogLocale = (locale: Locale) => intlLocales[locale].replace('-', '_');

/** Plain-text excerpt of sanitized HTML, for descriptions. */
export function textExcerpt(html: string, max = 160): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length <= max ? text : `${text.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}
