/** Back-office addresses of items, derived from the registry's admin paths. */
import type { Area } from '@/lib/content/areas';

/** The segment of a new item's form: `/admin/news/nouveau`. */
export const newSegment = 'nouveau';

/** Edit screen of an item: `/admin/indice/prix_consommation/42`. */
export const editPath = (area: Pick<Area, 'adminPath'>, id: number) => `${area.adminPath}/${id}`;

/** Form of a new item of an area: `/admin/lois/nouveau?rubrique=decrets` when the screen lists several areas. */
export const newPath = (area: Pick<Area, 'adminPath' | 'slug'>, shared: boolean) =>
  `${area.adminPath}/${newSegment}${shared ? `?rubrique=${area.slug}` : ''}`;

/** Preview of an item as the public will see it (connected users only). */
export const previewPath = (area: Pick<Area, 'slug'>, id: number) => `/admin/apercu/${area.slug}/${id}`;
