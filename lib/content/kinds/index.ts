/**
 * The index of kinds: every kind's module, looked up by name or by area, and each area's edit form.
 * Typed by the kinds the areas name (`KindName`, lib/content/areas.ts), so an area of a kind without
 * module — or a module without area — does not compile; `index.test.ts` checks that each one has
 * every part. Server side: client components import its types only (the item form gets its fields
 * as props).
 *
 * Adding a kind: docs/content-kinds.md lists every file it touches.
 */
import type { z } from 'zod';
import type { Area, KindName } from '@/lib/content/areas';
import { NotFoundError } from '@/lib/errors';
import { eventKind } from './events';
import type { FormField, KindForm } from './form';
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

export type { KindName };

/** Whether a string names a kind. */
export const isKindName = (name: string): name is KindName => Object.hasOwn(kinds, name);

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

/** Whether an area's items are listed and edited in the back-office (institutional pages are not: /admin/about). */
export const isEditable = (area: Area): boolean => isKindName(area.kind);

function formOf(area: Area): KindForm {
  if (!isKindName(area.kind)) throw new Error(`No edit form for ${area.kind}`);
  return kinds[area.kind].form;
}

/**
 * The fields of an area's edit form, its own registry fields included (before the body); an area's
 * own fields (a law's number, signature date…) come from the registry (`Area.fields`), under
 * `fields.*`. Plain objects: the server hands them to the browser form.
 */
export function formFields(area: Area): FormField[] {
  const base = [...formOf(area).fields];
  const own: FormField[] = (area.fields ?? []).map((f) => ({
    name: `fields.${f.name}`,
    label: f.label,
    type: f.type,
    required: f.required,
    max: f.type === 'text' ? 200 : undefined,
  }));
  if (own.length === 0) return base;
  const at = base.findIndex((f) => f.type === 'richtext');
  return [...base.slice(0, at), ...own, ...base.slice(at)];
}

/** The schema checking an area's form (on every write). */
export function formSchema(area: Area): z.ZodType {
  return formOf(area).schema(area);
}
