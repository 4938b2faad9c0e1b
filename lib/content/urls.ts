/** Public URLs, built in one place. */
import { getArea } from './areas';

/** Stable download URL of a stored file: `/fichiers/{id}/{name}`. */
export function fileUrl(f: { id: string; name: string }): string {
  return `/fichiers/${f.id}/${encodeURIComponent(f.name)}`;
}

/** Public page of a publication, or null when its area has none. */
export function publicationUrl(p: { area: string; slug: string }): string | null {
  const a = getArea(p.area);
  return a?.publicPath ? `${a.publicPath}/${p.slug}` : null;
}

export const newsUrl = (n: { id: number }) => `/actualites/${n.id}`;

/** Area list URL for a year filter and page: `/indice/ipc/annee/2025/page/2`. */
export function areaListUrl(publicPath: string, year: number | undefined, page: number): string {
  return `${publicPath}${year ? `/annee/${year}` : ''}${page > 1 ? `/page/${page}` : ''}`;
}
