/**
 * The index of kinds, server side: every kind's module, looked up by name or by area. Typed by the
 * DB-free index (`./forms.ts`), so a kind with a form and no module — or the reverse — does not
 * compile; `index.test.ts` checks that each one has every part.
 *
 * Adding a kind: docs/content-kinds.md lists every file it touches.
 */
import type { Area } from '@/lib/content/areas';
import { NotFoundError } from '@/lib/errors';
import { eventKind } from './events';
import { isKindName, type KindName } from './forms';
import { galleryKind } from './galleries';
import type { AnyKind, KindSite } from './kind';
import { newsKind } from './news';
import { pressReleaseKind } from './press-releases';
import { publicationKind } from './publications';
import { tenderKind } from './tenders';

export const kinds = {
  publications: publicationKind,
  news: newsKind,
  events: eventKind,
  galleries: galleryKind,
  tenders: tenderKind,
  'press-releases': pressReleaseKind,
} as const satisfies Record<KindName, AnyKind>;

export type Kinds = typeof kinds;

/** Every kind, in the order of the index. */
export const allKinds: readonly AnyKind[] = Object.values(kinds);

/** The kind of this name; `NotFoundError` (French) for a name that is not one (a forged request). */
export function kindOf(name: string): AnyKind {
  if (!isKindName(name)) throw new NotFoundError('Cette rubrique ne se gère pas ici.');
  return kinds[name];
}

/** The kind of an area's items; `NotFoundError` for an area of institutional pages. */
export const kindOfArea = (area: Area): AnyKind => kindOf(area.kind);

/** The kind whose audit entries carry this entity type (`publication`, `news`…), if any. */
export const kindOfEntity = (entity: string | null): AnyKind | undefined => allKinds.find((k) => k.entity === entity);

/** The kinds whose items are shown on their area's page, through their public half (`Kind.site`): all but publications. */
export type SiteKindName = Exclude<KindName, 'publications'>;
/** What a kind's public list page shows; what an item's own page shows (news). */
export type ListOf<K extends SiteKindName> = Awaited<ReturnType<NonNullable<Kinds[K]['site']>['list']>>;
export type ItemOf<K extends SiteKindName> = Kinds[K] extends { site?: KindSite<unknown, infer I> } ? I : never;

/** The public half of a kind; `index.test.ts` checks that every kind but publications has one. */
// The index seen by public half, kind by kind (a mapped type, so that `sites[name]` keeps its kind's types).
const sites: { [K in SiteKindName]: { site?: KindSite<ListOf<K>, ItemOf<K>> } } = kinds;

export function siteOf<K extends SiteKindName>(name: K): KindSite<ListOf<K>, ItemOf<K>> {
  const site = sites[name].site;
  if (!site) throw new Error(`${name}: no public half`);
  return site;
}
