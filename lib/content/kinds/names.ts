/**
 * The names of the kinds, in the order of the index. A leaf: the area registry (`Area.kind`) and the
 * kinds' forms (`./forms.ts`, which must have one form per name) both read it.
 */
export const kindNames = ['publications', 'news', 'events', 'galleries', 'tenders', 'press-releases'] as const;

/** The name of a kind: what `Area.kind` says of an area whose items have list and edit screens. */
export type KindName = (typeof kindNames)[number];

/** Whether a string names a kind. */
export const isKindName = (name: string): name is KindName => (kindNames as readonly string[]).includes(name);
