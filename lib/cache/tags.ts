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
  series: (code: string) => `series:${code}`,
  releases: 'releases',
  sitemap: 'sitemap',
} as const;

/** Tags to invalidate when a publication changes (its page, its area, cross-area lists, sitemap). */
export function publicationTags(p: { id: number; area: string }): string[] {
  return [tags.publication(p.id), tags.area(p.area), tags.latestPublications, tags.sitemap];
}
