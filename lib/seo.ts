import type { Metadata } from 'next';
import { getIdentity } from '@/lib/content/public';
import { fileUrl } from '@/lib/content/urls';
import { feedLinks } from '@/lib/feeds/feeds';
import { shortTitle } from '@/lib/format';
import { intlLocales, type Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';

/**
 * Title, description, canonical URL, Open Graph and feeds (autodiscovery: the site's Atom feeds,
 * the area's when `area` is given, an iCalendar feed when `calendar` is) of a public page, in the
 * page's language (`locale`).
 */
export async function pageMetadata(p: { title: string; description: string; path: string; type?: 'website' | 'article'; area?: string; calendar?: string; locale: Locale }): Promise<Metadata> {
  const { locale } = p;
  const t = messages(locale).site;
  const identity = await getIdentity();
  const siteName = identity ? `${identity.acronym} — ${identity.name}` : t.identity.name;
  const title = p.path === '/' ? siteName : shortTitle(p.title, ` | ${identity?.acronym ?? t.identity.acronym}`);
  return {
    title,
    description: p.description,
    alternates: {
      canonical: p.path,
      types: {
        'application/atom+xml': feedLinks(p.area),
        ...(p.calendar ? { 'text/calendar': [{ url: p.calendar, title: t.seo.calendarFeed }] } : {}),
      },
    },
    openGraph: {
      title,
      description: p.description,
      url: p.path,
      siteName,
      locale: intlLocales[locale].replace('-', '_'),
      type: p.type ?? 'website',
      // The institute's logo (chosen in /admin/about) stands for the site when a link is shared;
      // without one, the default image of public/ (scripts/make-icons.ts).
      images: identity?.logo ? [{ url: fileUrl(identity.logo), alt: identity.acronym }] : [{ url: '/og-default.png', width: 1200, height: 630, alt: siteName }],
    },
    twitter: { card: 'summary', title, description: p.description },
  };
}

/** Plain-text excerpt of sanitized HTML, for descriptions. */
export function textExcerpt(html: string, max = 160): string {
  const text = html.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();
  return text.length <= max ? text : `${text.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}
