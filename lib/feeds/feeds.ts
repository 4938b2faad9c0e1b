/**
 * The site's Atom feeds: news (/flux/actualites.atom), the latest publications of every area
 * (/flux/publications.atom) or of one (/flux/publications/{area}.atom), and the releases of the
 * calendar once published (/flux/parutions.atom). They read the same cached functions as the pages,
 * so the same tags invalidate them, and only what is public: a scheduled or embargoed item appears
 * when its page does.
 */
import { areaTexts, getArea, publicPublicationAreas } from '@/lib/content/areas';
import { getAreaPublications, getIdentity, getLatestPublications, getNewsPage } from '@/lib/content/public';
import { getCalendar } from '@/lib/releases/public';
import { newsUrl, publicationUrl, feedPath, newsListPath, homePath, calendarPath, releasePath } from '@/lib/content/addresses';
import { env } from '@/lib/env';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { conditional } from '@/lib/http/conditional';
import { atomFeed, type AtomEntry } from './atom';

/**
 * The feeds a page announces in its head (autodiscovery), the site-wide ones first, titled in the
 * page's language (the feeds themselves are the same for every language).
 */
export function feedLinks(area?: string, locale: Locale = 'fr'): { url: string; title: string }[] {
  const t = messages(locale).site.feeds;
  const links = [
    { url: feedPath('actualites'), title: t.news },
    { url: feedPath('publications'), title: t.publications },
    { url: feedPath('parutions'), title: t.releases },
  ];
  const a = area ? getArea(area) : undefined;
  if (a?.publicPath && publicPublicationAreas().some((p) => p.slug === a.slug))
    links.push({ url: feedPath('publications', a.slug), title: t.area(areaTexts(a, locale).menuLabel) });
  return links;
}

const notFound = () => new Response('Flux introuvable.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

export async function atomResponse(request: Request, name: string, area?: string): Promise<Response> {
  const site = env.SITE_URL.replace(/\/$/, '');
  const host = new URL(site).hostname;
  const tag = (what: string) => `tag:${host},2026:${what}`;
  const abs = (path: string) => `${site}${path}`;
  const identity = await getIdentity();
  const author = identity ? `${identity.acronym} — ${identity.name}` : 'Institut national de la statistique';
  const feed = { author, fallbackUpdated: new Date(0) };
  const publicationEntry = (p: {
    id: number;
    area: string;
    slug: string;
    title: string;
    summary: string;
    publishedAt: Date | null;
  }): AtomEntry => ({
    id: tag(`publication/${p.id}`),
    title: p.title,
    url: abs(publicationUrl(p) ?? homePath),
    updated: p.publishedAt ?? new Date(0),
    published: p.publishedAt ?? undefined,
    summary: p.summary || undefined,
    categories: [getArea(p.area)?.label ?? p.area],
  });

  let body: string;
  if (name === 'actualites' && !area) {
    const { items } = await getNewsPage(1);
    body = atomFeed({
      ...feed,
      id: tag('actualites'),
      title: `${identity?.acronym ?? 'INS'} — actualités`,
      self: abs(feedPath('actualites')),
      alternate: abs(newsListPath()),
      entries: items.map((n) => ({
        id: tag(`actualite/${n.id}`),
        title: n.title,
        url: abs(newsUrl(n)),
        updated: n.publishedAt,
        published: n.publishedAt,
        summary: n.excerpt || undefined,
      })),
    });
  } else if (name === 'publications' && !area) {
    const items = await getLatestPublications(30);
    body = atomFeed({
      ...feed,
      id: tag('publications'),
      title: `${identity?.acronym ?? 'INS'} — dernières publications`,
      self: abs(feedPath('publications')),
      alternate: abs(homePath),
      entries: items.map(publicationEntry),
    });
  } else if (name === 'publications' && area) {
    const a = getArea(area);
    if (!a?.publicPath || !publicPublicationAreas().some((p) => p.slug === a.slug)) return notFound();
    const { items } = await getAreaPublications(a.slug, undefined, 1);
    body = atomFeed({
      ...feed,
      id: tag(`publications/${a.slug}`),
      title: `${identity?.acronym ?? 'INS'} — ${a.label}`,
      self: abs(feedPath('publications', a.slug)),
      alternate: abs(a.publicPath),
      entries: items.map(publicationEntry),
    });
  } else if (name === 'parutions' && !area) {
    const { past } = await getCalendar();
    const published = past.filter((r) => r.status === 'published').slice(0, 50);
    body = atomFeed({
      ...feed,
      id: tag('parutions'),
      title: `${identity?.acronym ?? 'INS'} — parutions publiées`,
      subtitle: 'Les parutions du calendrier, à leur mise en ligne, avec ce qu’elles ont publié.',
      self: abs(feedPath('parutions')),
      alternate: abs(calendarPath),
      entries: published.map((r) => ({
        id: tag(`parution/${r.id}`),
        title: r.title,
        url: abs(releasePath(r)),
        updated: r.updatedAt,
        published: r.scheduledAt,
        summary:
          [...r.publications.map((p) => p.title), ...r.versions.map((v) => `${v.label} (série ${v.code}, version ${v.number})`)].join(
            ' ; ',
          ) || undefined,
        categories: [getArea(r.area)?.label ?? r.area],
      })),
    });
  } else {
    return notFound();
  }
  return conditional(request, body, 'application/atom+xml; charset=utf-8');
}
