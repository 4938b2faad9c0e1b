import type { Metadata } from 'next';
import { getIdentity } from '@/lib/content/public';
import { fileUrl } from '@/lib/content/urls';
import { shortTitle } from '@/lib/format';

/** Title, description, canonical URL and Open Graph of a public page. */
export async function pageMetadata(p: { title: string; description: string; path: string; type?: 'website' | 'article' }): Promise<Metadata> {
  const identity = await getIdentity();
  const siteName = identity ? `${identity.acronym} — ${identity.name}` : 'Institut national de la statistique';
  const title = p.path === '/' ? siteName : shortTitle(p.title, ` | ${identity?.acronym ?? 'INS'}`);
  return {
    title,
    description: p.description,
    alternates: { canonical: p.path },
    openGraph: {
      title,
      description: p.description,
      url: p.path,
      siteName,
      locale: 'fr_FR',
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
