import 'server-only';
/**
 * What the back-office's generic screens and actions call for each kind of area: create, update,
 * read for the edit form (as the form's values), delete for good, and the life-cycle kind. One
 * entry per kind; the screens never name a table.
 */
import type { SessionUser } from '@/lib/auth/types';
import { getArea, type Area } from '@/lib/content/areas';
import type { ContentKind, LifecycleResult, LifecycleRow, WriteOptions } from '@/lib/content/mutations/lifecycle';
import { createEvent, deleteEventForever, eventKind, getEventForEdit, updateEvent } from '@/lib/content/mutations/events';
import { createGallery, deleteGalleryForever, galleryKind, getGalleryForEdit, updateGallery } from '@/lib/content/mutations/galleries';
import { createNews, deleteNewsForever, getNewsForEdit, newsKind, updateNews } from '@/lib/content/mutations/news';
import {
  createPublication,
  deletePublicationForever,
  getPublicationForEdit,
  publicationKind,
  updatePublication,
} from '@/lib/content/mutations/publications';
import { createTender, deleteTenderForever, getTenderForEdit, tenderKind, updateTender } from '@/lib/content/mutations/tenders';
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
  news: {
    kind: newsKind as unknown as ContentKind,
    create: (db, _area, input, user, options) => createNews(db, input, user, options),
    update: (db, id, version, _area, input, user, options) => updateNews(db, id, version, input, user, options) as Promise<LifecycleResult<LifecycleRow>>,
    async load(db, id) {
      const n = await getNewsForEdit(db, id);
      return {
        area: 'news',
        meta: meta(n),
        values: { title: n.title, slug: n.slug, excerpt: n.excerpt, body: n.body, coverFileId: file(n.cover) },
      };
    },
    deleteForever: (db, id, version, user, options) => deleteNewsForever(db, id, version, user, options) as Promise<LifecycleResult<LifecycleRow>>,
  },
  events: {
    kind: eventKind as unknown as ContentKind,
    create: (db, _area, input, user, options) => createEvent(db, input, user, options),
    update: (db, id, version, _area, input, user, options) => updateEvent(db, id, version, input, user, options) as Promise<LifecycleResult<LifecycleRow>>,
    async load(db, id) {
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
    },
    deleteForever: (db, id, version, user, options) => deleteEventForever(db, id, version, user, options) as Promise<LifecycleResult<LifecycleRow>>,
  },
  galleries: {
    kind: galleryKind as unknown as ContentKind,
    create: (db, _area, input, user, options) => createGallery(db, input, user, options),
    update: (db, id, version, _area, input, user, options) => updateGallery(db, id, version, input, user, options) as Promise<LifecycleResult<LifecycleRow>>,
    async load(db, id) {
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
    },
    deleteForever: (db, id, version, user, options) => deleteGalleryForever(db, id, version, user, options) as Promise<LifecycleResult<LifecycleRow>>,
  },
  tenders: {
    kind: tenderKind as unknown as ContentKind,
    create: (db, _area, input, user, options) => createTender(db, input, user, options),
    update: (db, id, version, _area, input, user, options) => updateTender(db, id, version, input, user, options) as Promise<LifecycleResult<LifecycleRow>>,
    async load(db, id) {
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
    },
    deleteForever: (db, id, version, user, options) => deleteTenderForever(db, id, version, user, options) as Promise<LifecycleResult<LifecycleRow>>,
  },
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
