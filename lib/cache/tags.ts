/**
 * Every cache tag name, in one place. Public reads tag what they show; a write invalidates
 * exactly the tags of what it touched (never the whole site).
 */
export const tags = {
  /** Institute identity: header, footer, metadata of every page. */
  identity: 'identity',
  /** An institutional text or an area's introduction. */
  page: (key: string) => `page:${key}`,
  /** An area's list of publications. */
  area: (area: string) => `area:${area}`,
  /** One publication's page. */
  publication: (id: number) => `publication:${id}`,
  /** Lists that mix every area (home page's latest publications, feeds). */
  latestPublications: 'publications:latest',
  newsList: 'news',
  newsItem: (id: number) => `news:${id}`,
  events: 'events',
  galleries: 'galleries',
  tenders: 'tenders',
  /** One series' page, files and API answers. */
  series: (code: string) => `series:${code}`,
  /** Lists of series: key figures of the home and of areas, the API's list, the sitemap's series pages. */
  seriesList: 'series',
  /** One table's page, downloads and API answers (lib/tables). */
  table: (code: string) => `table:${code}`,
  /** Lists of tables: `/donnees`, the areas' lists, the API's catalogue, the sitemap's table pages. */
  tableList: 'tables',
  releases: 'releases',
  /** A geographic level's boundaries: its maps and `/api/v1/geo/{level}` (lib/geo). */
  geo: (level: string) => `geo:${level}`,
  sitemap: 'sitemap',
} as const;

/** Tags to invalidate when a publication changes (its page, its area, cross-area lists, sitemap). */
export function publicationTags(p: { id: number; area: string }): string[] {
  return [tags.publication(p.id), tags.area(p.area), tags.latestPublications, tags.sitemap];
}

/** Tags to invalidate when a news item changes (its page, the news lists and home, sitemap). */
export function newsTags(n: { id: number }): string[] {
  return [tags.newsItem(n.id), tags.newsList, tags.sitemap];
}

/**
 * Tags to invalidate when an event changes: the events page and the home page, which both read
 * the event list (events have no page of their own and are not in the sitemap).
 */
export function eventTags(): string[] {
  return [tags.events];
}

/** Tags to invalidate when a gallery changes: the galleries page (no page of its own, not in the sitemap). */
export function galleryTags(): string[] {
  return [tags.galleries];
}

/** Tags to invalidate when a tender changes: the tenders page (no page of its own, not in the sitemap). */
export function tenderTags(): string[] {
  return [tags.tenders];
}

/** Tags to invalidate when an institutional text or an area introduction changes. */
export function pageTags(key: string): string[] {
  return [tags.page(key)];
}
