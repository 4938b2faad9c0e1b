/**
 * The site's Atom feeds: news (/flux/actualites.atom), the latest publications of every area
 * (/flux/publications.atom) or of one (/flux/publications/{area}.atom), and the releases of the
 * calendar once published (/flux/parutions.atom). They read the same cached functions as the pages,
 * so the same tags invalidate them, and only what is public: a scheduled or embargoed item appears
 * when its page does.
 *
 * Each has an English version under `/en` (`/en/flux/actualites.atom`…, `feedIn`): English titles
 * and summaries where written (an untranslated one keeps its French, marked `xml:lang="fr"`) and
 * links to the English pages. The French feeds are written as before, byte for byte.
 */
import { areaTexts, getArea, publicPublicationAreas } from '@/lib/content/areas';
import { getAreaPublications, getIdentity, getKindList, getLatestPublications } from '@/lib/content/public';
import type { PublicationSummary } from '@/lib/content/queries/publications';
import { getCalendar } from '@/lib/releases/public';
import { newsUrl, publicationUrl, feedPath, newsListPath, homePath, calendarPath, releasePath } from '@/lib/content/addresses';
import { env } from '@/lib/env';
import { localize } from '@/lib/i18n/content';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { feedIn, localePath } from '@/lib/i18n/paths';
import { localizedRelease } from '@/lib/releases/localize';
import { conditional } from '@/lib/http/conditional';
import { atomFeed, type AtomEntry } from './atom';

/**
 * The feeds a page announces in its head (autodiscovery), the site-wide ones first, in the page's
 * language: titled in it, and English pages announce the English feeds.
 */
export function feedLinks(area?: string, locale: Locale = 'fr'): { url: string; title: string }[] {
  const t = messages(locale).site.feeds;
  const links = [
    { url: feedIn(locale, feedPath('actualites')), title: t.news },
    { url: feedIn(locale, feedPath('publications')), title: t.publications },
    { url: feedIn(locale, feedPath('parutions')), title: t.releases },
  ];
  const a = area ? getArea(area) : undefined;
  if (a?.publicPath && publicPublicationAreas().some((p) => p.slug === a.slug))
    links.push({ url: feedIn(locale, feedPath('publications', a.slug)), title: t.area(areaTexts(a, locale).menuLabel) });
  return links;
}

const notFound = () => new Response('Flux introuvable.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

/**
 * An Atom feed in `locale`. French: as it always was. English: the same entries and ids (a reader
 * following both sees one item once per language), English words, texts and links.
 */
export async function atomResponse(request: Request, name: string, area?: string, locale: Locale = 'fr'): Promise<Response> {
  if (locale !== 'fr') return localeAtomResponse(request, name, area, locale);
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
    const { items } = await getKindList('news', 1);
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

/** The English (or another language's) version of a feed: `atomResponse` with `locale`. */
async function localeAtomResponse(request: Request, name: string, area: string | undefined, locale: Locale): Promise<Response> {
  const site = env.SITE_URL.replace(/\/$/, '');
  const host = new URL(site).hostname;
  const tag = (what: string) => `tag:${host},2026:${what}`;
  const abs = (path: string) => `${site}${localePath(locale, path)}`;
  const t = messages(locale).site.feeds;
  const identity = await getIdentity();
  const acronym = identity?.acronym ?? messages(locale).site.identity.acronym;
  const author = identity ? `${identity.acronym} — ${localize(identity, locale, ['name']).name}` : messages(locale).site.identity.name;
  const feed = { author, fallbackUpdated: new Date(0), lang: locale };
  const areaLabel = (slug: string) => {
    const a = getArea(slug);
    return a ? areaTexts(a, locale).label : slug;
  };
  const langOf = (l: Locale) => (l === locale ? undefined : l);
  const publicationEntry = (row: PublicationSummary): AtomEntry => {
    const p = localize(row, locale, ['title', 'summary']);
    return {
      id: tag(`publication/${p.id}`),
      title: p.title,
      titleLang: langOf(p.langOf('title')),
      url: abs(publicationUrl(p) ?? homePath),
      updated: p.publishedAt ?? new Date(0),
      published: p.publishedAt ?? undefined,
      summary: p.summary || undefined,
      summaryLang: langOf(p.langOf('summary')),
      categories: [areaLabel(p.area)],
    };
  };

  let body: string;
  if (name === 'actualites' && !area) {
    const { items } = await getKindList('news', 1);
    body = atomFeed({
      ...feed,
      id: tag(`${locale}/actualites`),
      title: `${acronym} — ${t.news}`,
      self: abs(feedIn(locale, feedPath('actualites'))),
      alternate: abs(newsListPath()),
      entries: items.map((row) => {
        const n = localize(row, locale, ['title', 'excerpt']);
        return {
          id: tag(`actualite/${n.id}`),
          title: n.title,
          titleLang: langOf(n.langOf('title')),
          url: abs(newsUrl(n)),
          updated: n.publishedAt,
          published: n.publishedAt,
          summary: n.excerpt || undefined,
          summaryLang: langOf(n.langOf('excerpt')),
        };
      }),
    });
  } else if (name === 'publications' && !area) {
    const items = await getLatestPublications(30);
    body = atomFeed({
      ...feed,
      id: tag(`${locale}/publications`),
      title: `${acronym} — ${t.publications}`,
      self: abs(feedIn(locale, feedPath('publications'))),
      alternate: abs(homePath),
      entries: items.map(publicationEntry),
    });
  } else if (name === 'publications' && area) {
    const a = getArea(area);
    if (!a?.publicPath || !publicPublicationAreas().some((p) => p.slug === a.slug)) return notFoundIn(locale);
    const { items } = await getAreaPublications(a.slug, undefined, 1);
    body = atomFeed({
      ...feed,
      id: tag(`${locale}/publications/${a.slug}`),
      title: `${acronym} — ${areaTexts(a, locale).label}`,
      self: abs(feedIn(locale, feedPath('publications', a.slug))),
      alternate: abs(a.publicPath),
      entries: items.map(publicationEntry),
    });
  } else if (name === 'parutions' && !area) {
    const { past } = await getCalendar();
    const published = past.filter((r) => r.status === 'published').slice(0, 50);
    body = atomFeed({
      ...feed,
      id: tag(`${locale}/parutions`),
      title: `${acronym} — ${t.releases}`,
      subtitle: t.releasesSubtitle,
      self: abs(feedIn(locale, feedPath('parutions'))),
      alternate: abs(calendarPath),
      entries: published.map((row) => {
        const r = localizedRelease(row, locale);
        const pieces = [
          ...r.publications.map((p) => localize(p, locale, ['title']).title),
          ...r.versions.map((v) =>
            t.version(localize({ label: v.label, translations: v.translations }, locale, ['label']).label, v.code, v.number),
          ),
        ];
        return {
          id: tag(`parution/${r.id}`),
          title: r.title,
          titleLang: langOf(r.langOf('title')),
          url: abs(releasePath(r)),
          updated: r.updatedAt,
          published: r.scheduledAt,
          summary: pieces.join(' ; ') || undefined,
          categories: [areaLabel(r.area)],
        };
      }),
    });
  } else {
    return notFoundIn(locale);
  }
  return conditional(request, body, 'application/atom+xml; charset=utf-8');
}

const notFoundIn = (locale: Locale) =>
  new Response(messages(locale).site.feeds.notFound, { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
