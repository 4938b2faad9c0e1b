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
  /** A kind's public list (its area's page; the home page reads news and events): the kind's name, `news`. */
  kindList: (kind: string) => kind,
  /** One item's own page, for kinds whose items have one: `news:3`. */
  kindItem: (kind: string, id: number) => `${kind}:${id}`,
  /** One series' page, files and API answers. */
  series: (code: string) => `series:${code}`,
  /** Lists of series: key figures of the home and of areas, the API's list, the sitemap's series pages. */
  seriesList: 'series',
  /** One table's page, downloads and API answers (lib/tables). */
  table: (code: string) => `table:${code}`,
  /** Lists of tables: `/donnees`, the areas' lists, the API's catalogue, the sitemap's table pages. */
  tableList: 'tables',
  releases: 'releases',
  /** One survey's pages and DDI files (lib/microdata). */
  survey: (slug: string) => `survey:${slug}`,
  /** The microdata catalogue and the variable search. */
  surveyList: 'surveys',
  /** A geographic level's boundaries: its maps and `/api/v1/geo/{level}` (lib/geo). */
  geo: (level: string) => `geo:${level}`,
  sitemap: 'sitemap',
} as const;

/** Tags to invalidate when a publication changes (its page, its area, cross-area lists, sitemap). */
export function publicationTags(p: { id: number; area: string }): string[] {
  return [tags.publication(p.id), tags.area(p.area), tags.latestPublications, tags.sitemap];
}

/**
 * Tags to invalidate when an item of a kind with a public half changes (lib/content/kinds, `Kind.site`):
 * its list, its own page when items have one, and the sitemap that lists those pages.
 */
export function kindTags(kind: string, row: { id: number }, site: { itemPages: boolean }): string[] {
  return site.itemPages ? [tags.kindItem(kind, row.id), tags.kindList(kind), tags.sitemap] : [tags.kindList(kind)];
}

/** Tags to invalidate when an institutional text or an area introduction changes. */
export function pageTags(key: string): string[] {
  return [tags.page(key)];
}
