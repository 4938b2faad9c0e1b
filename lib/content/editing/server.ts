import 'server-only';
/**
 * What the back-office's generic screens and actions call for each kind of area: create, update,
 * read for the edit form (as the form's values), delete for good, and the life-cycle kind. One
 * entry per kind; the screens never name a table.
 */
import type { SessionUser } from '@/lib/auth/types';
import { getArea, type Area } from '@/lib/content/areas';
import type { ContentKind, LifecycleResult, LifecycleRow, WriteOptions } from '@/lib/content/mutations/lifecycle';
import { eventKind, getEventForEdit } from '@/lib/content/mutations/events';
import { galleryKind, getGalleryForEdit } from '@/lib/content/mutations/galleries';
import { createItem, deleteItemForever, updateItem, type EditableKind as ItemKind } from '@/lib/content/mutations/items';
import { getNewsForEdit, newsKind } from '@/lib/content/mutations/news';
import {
  createPublication,
  deletePublicationForever,
  getPublicationForEdit,
  publicationKind,
  updatePublication,
} from '@/lib/content/mutations/publications';
import { getTenderForEdit, tenderKind } from '@/lib/content/mutations/tenders';
import { fileUrl } from '@/lib/content/urls';
import type { Db } from '@/lib/db/open';
import { NotFoundError } from '@/lib/errors';
import type { EditableKind } from './forms';
import { toDateTimeInput, type ChosenFile, type FormValues, type ItemMeta } from './values';

type Editing = {
  kind: ContentKind;
  create(db: Db, area: Area, input: unknown, user: SessionUser, options: WriteOptions): Promise<LifecycleRow>;
  update(db: Db, id: number, expectedVersion: number, area: Area, input: unknown, user: SessionUser, options: WriteOptions): Promise<LifecycleResult<LifecycleRow>>;
  /** The item as the form edits it, and the area it belongs to. */
  load(db: Db, id: number): Promise<{ area: string; values: FormValues; meta: ItemMeta }>;
  deleteForever(db: Db, id: number, expectedVersion: number, user: SessionUser, options: WriteOptions): Promise<LifecycleResult<LifecycleRow>>;
};

const file = (f: { id: string; name: string; url?: string } | null | undefined): ChosenFile | null =>
  f ? { id: f.id, name: f.name, url: f.url ?? fileUrl(f) } : null;

const meta = (row: LifecycleRow & { createdByName: string | null; updatedByName: string | null }): ItemMeta => ({
  id: row.id,
  version: row.version,
  status: row.status,
  trashed: row.deletedAt !== null,
  publishedAt: row.publishedAt?.toISOString() ?? null,
  updatedAt: row.updatedAt.toISOString(),
  updatedByName: row.updatedByName,
  createdByName: row.createdByName,
});

/** A kind written through the generic create/update of `lib/content/mutations/items.ts`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any kind's values: the kind's own schema checks the input
function generic(kind: ItemKind<any, any>, load: Editing['load']): Editing {
  const k = kind as ItemKind;
  return {
    kind: k as unknown as ContentKind,
    create: async (db, _area, input, user, options) => (await createItem(db, k, input, user, options)).publication,
    update: (db, id, version, _area, input, user, options) => updateItem(db, k, id, version, input, user, options),
    load,
    deleteForever: (db, id, version, user, options) => deleteItemForever(db, k, id, version, user, options),
  };
}

const registry: Record<EditableKind, Editing> = {
  publications: {
    kind: publicationKind as unknown as ContentKind,
    create: (db, area, input, user, options) => createPublication(db, area, input as never, user, options),
    update: (db, id, version, area, input, user, options) =>
      updatePublication(db, id, version, { ...(input as object), area: area.slug } as never, user, options) as Promise<LifecycleResult<LifecycleRow>>,
    async load(db, id) {
      const p = await getPublicationForEdit(db, id);
      return {
        area: p.area,
        meta: meta(p),
        values: {
          title: p.title,
          slug: p.slug,
          summary: p.summary,
          body: p.body,
          periodLabel: p.periodLabel ?? '',
          periodStart: p.periodStart ?? '',
          periodEnd: p.periodEnd ?? '',
          coverFileId: file(p.cover),
          files: p.files.map((f) => ({ file: file({ id: f.fileId, name: f.name }) as ChosenFile, label: f.label ?? '' })),
          ...Object.fromEntries(Object.entries(p.fields).map(([k, v]) => [`fields.${k}`, v === null || v === undefined ? '' : String(v)])),
        },
      };
    },
    deleteForever: (db, id, version, user, options) => deletePublicationForever(db, id, version, user, options) as Promise<LifecycleResult<LifecycleRow>>,
  },
  news: generic(newsKind, async (db, id) => {
    const n = await getNewsForEdit(db, id);
    return {
      area: 'news',
      meta: meta(n),
      values: { title: n.title, slug: n.slug, excerpt: n.excerpt, body: n.body, coverFileId: file(n.cover) },
    };
  }),
  events: generic(eventKind, async (db, id) => {
    const e = await getEventForEdit(db, id);
    return {
      area: 'events',
      meta: meta(e),
      values: {
        title: e.title,
        slug: e.slug,
        startsAt: toDateTimeInput(e.startsAt),
        endsAt: toDateTimeInput(e.endsAt),
        place: e.place,
        summary: e.summary,
        body: e.body,
        coverFileId: file(e.cover),
      },
    };
  }),
  galleries: generic(galleryKind, async (db, id) => {
    const g = await getGalleryForEdit(db, id);
    return {
      area: 'galleries',
      meta: meta(g),
      values: {
        title: g.title,
        slug: g.slug,
        takenOn: g.takenOn ?? '',
        description: g.description,
        images: g.images.map((i) => ({ file: file({ id: i.fileId, name: i.name, url: i.url }) as ChosenFile, caption: i.caption, alt: i.alt })),
      },
    };
  }),
  tenders: generic(tenderKind, async (db, id) => {
    const t = await getTenderForEdit(db, id);
    return {
      area: 'offres',
      meta: meta(t),
      values: {
        reference: t.reference,
        title: t.title,
        slug: t.slug,
        deadlineAt: toDateTimeInput(t.deadlineAt),
        summary: t.summary,
        body: t.body,
        files: t.files.map((f) => ({ file: file({ id: f.fileId, name: f.name, url: f.url }) as ChosenFile, label: f.label ?? '' })),
      },
    };
  }),
};

/** The editing functions of a kind; `NotFoundError` for a kind without items to edit. */
export function editingOfKind(kind: string): Editing {
  const entry = (registry as Record<string, Editing | undefined>)[kind];
  if (!entry) throw new NotFoundError('Cette rubrique ne se gère pas ici.');
  return entry;
}

/** The editing functions of an area's kind. */
export const editingOf = (area: Area): Editing => editingOfKind(area.kind);

/** The area of a slug, or `NotFoundError` (French) when the form names none. */
export function areaOrThrow(slug: string): Area {
  const area = getArea(slug);
  if (!area) throw new NotFoundError('Cette rubrique n’existe pas : rechargez la page.');
  return area;
}
