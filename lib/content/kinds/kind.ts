/**
 * What a kind of content is, described once (STYLE.md: « Kinds, like areas, are described
 * once »): its table, its French words, its cache tags, its form and how the form's values are
 * written, its back-office list, its edit loader, its preview, the files it points to. One module
 * per kind (`lib/content/kinds/<kind>.ts`) exports one `Kind`; `./index.ts` lists them, and the
 * generic code (writes, life cycle, scheduler, lists, file library, journal, preview) only ever
 * looks a kind up there.
 */
import type { ReviewState } from '@/lib/review/model';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@/lib/db/open';
import type { Translations } from '@/lib/db/schema';
import type { AcceptedType } from '@/lib/file-types';
import type { Locale } from '@/lib/i18n/locales';
import type { KindName } from '@/lib/content/areas';
import type { FormValues } from '@/lib/content/editing/values';
import type { KindForm } from './form';

export type ContentStatus = 'draft' | 'scheduled' | 'published' | 'archived';

/** The columns the schema's `lifecycle()` adds to a table, plus the id, title, slug and English text every kind has. */
export type ItemRow = {
  id: number;
  title: string;
  slug: string;
  /** The text in the other languages of the public site (issue 15): `{ en: { title… } }`. */
  translations: Translations<string>;
  status: ContentStatus;
  publishedAt: Date | null;
  version: number;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
  createdBy: string | null;
  updatedBy: string | null;
  /** Its review (lib/review): written, submitted, approved; and the last person who wrote it. */
  review: ReviewState;
  editedBy: string | null;
  reviewedBy: string | null;
  reviewedAt: Date | null;
  reviewNote: string | null;
};

/** A table with those columns (publications, news, events, galleries, tenders). */
export type ItemTable = PgTable & { [K in keyof ItemRow]: PgColumn };

/** A row of a kind's table, with the columns every kind has. */
export type RowOf<T extends ItemTable> = T['$inferSelect'] & ItemRow;

/**
 * How the back-office names a kind in French, for messages and audit summaries; public pages name
 * it too (search filters), in their language (`publicKindWords`).
 */
export type KindWords = {
  /** Capitalised noun: « Publication », « Événement ». */
  noun: string;
  /** Its plural, for groups and filters: « Publications ». */
  plural: string;
  /** Demonstrative: « cette publication », « cet événement ». */
  this: string;
  /** Object pronoun: « vous la modifiiez », « vous le modifiiez ». */
  pronoun: 'la' | 'le';
  /** For past participles: « mise en ligne » / « mis en ligne ». */
  feminine: boolean;
  /** What its public list says when empty, for kinds shown by the generic list (`ItemCard`): « Aucun communiqué… ». */
  empty?: string;
  /** The noun and its plural in English, for the English public pages: « Publication », « Publications »; the empty list's sentence. */
  en: { noun: string; plural: string; empty?: string };
};

/** A kind's noun and plural as public pages show them in `locale` (the French words unchanged in French). */
export const publicKindWords = (words: KindWords, locale: Locale): { noun: string; plural: string; empty?: string } =>
  locale === 'en' ? words.en : words;

/** What every edit form's checked values have: a title and, when the editor chose one, a slug. */
export type ItemValues = { title: string; slug?: string | undefined };

/** The lists of library files a form points to (each list has its own field and messages); single files: `FileColumn`. */
export type FileRefs = {
  /** `files`: documents of any type. */
  attachments?: readonly string[];
  /** `images`: photos of a gallery, images only. */
  images?: readonly string[];
};

/**
 * An ordered list of rows an item owns (attachments, gallery images) in a join table, replaced as
 * a whole when it changes. `read` returns the list in the shape the schema outputs, so the two compare.
 */
export type OwnedList<V> = {
  /** Key of the list in the form's values and in audit entries. */
  field: 'files' | 'images';
  /** The join table, its column holding the item's id and its column holding the file's id. */
  table: PgTable;
  owner: PgColumn;
  file: PgColumn;
  of(values: V): unknown[];
  read(db: Db, id: number): Promise<unknown[]>;
  write(tx: Db, id: number, list: unknown[]): Promise<void>;
};

/**
 * What a column holding one library file holds: `cover`, an image; `document`, one document of the
 * listed types (`pdf`: a press release's PDF). A write refuses any other file with a French message
 * on the field, and the file library serves it to visitors only once the item is public.
 */
export type FileRole = { role: 'cover' } | { role: 'document'; types: readonly AcceptedType[] };

/** A column of the kind's table holding one library file (`coverFileId`), its form field, its role. */
export type FileColumn<V> = FileRole & {
  /** Key of the field in the form and in field errors. */
  field: string;
  column: PgColumn;
  /** The chosen file's id in checked values. */
  of(values: V): string | null;
};

/** A column that must be unique over the table besides the slug (a tender's reference). */
export type UniqueColumn = {
  /** Key of the column in the row, in the stored values and in field errors. */
  key: string;
  /** Feminine noun with its article, for messages: « La référence ». */
  label: string;
  /** « une autre référence ». */
  another: string;
};

/**
 * The registry area of a kind's rows: the one area they all belong to (`{ slug }`), or the column
 * holding each row's area (publications) — slugs are then unique within an area, and `label`
 * names that scope in messages (« cette rubrique »).
 */
export type AreaOfRows = { slug: string } | { column: PgColumn; key: string; label: string };

/** What a preview shows besides the item itself. */
export type Previewed = { status: ContentStatus; deletedAt: Date | null; area: string };

/**
 * The public half of a kind whose items are shown on its area's page (news, events, galleries,
 * tenders, press releases): its reads, which `lib/content/public.ts` caches under tags derived from
 * the kind's name (`kindTags`), and which one route factory serves in every language with the
 * kind's views (docs/content-kinds.md). `L` is what the list page shows, `I` an item's own page
 * (kinds whose items have one: news, `/actualites/{id}`). Publications are not one of them: their
 * many areas have their own route.
 */
export type KindSite<L = unknown, I = unknown> = {
  /** Page `page` of the area's public list (a kind without pagination shows everything on page 1). */
  list(db: Db, params: { page: number; perPage: number; now: Date }): Promise<L>;
  /** Whether the list has later pages (`{path}/page/{n}`, news) or shows everything on one. */
  paginated?: boolean;
  /** Items with pages of their own: one public item by id (null when it is not public), and every public one's id (static params, sitemap). */
  item?: {
    get(db: Db, params: { id: number; now: Date }): Promise<I | null>;
    refs(db: Db, params: { now: Date }): Promise<{ id: number; updatedAt: Date }[]>;
  };
};

/**
 * One kind of content. `T` is its table, `V` its form's checked values, `P` what its preview shows,
 * `L` and `I` what its public list and item pages show (`KindSite`).
 */
export type Kind<T extends ItemTable = ItemTable, V extends ItemValues = ItemValues, P = unknown, L = unknown, I = unknown> = {
  name: KindName;
  table: T;
  /** Audit entity type and action prefix: `publication` → `publication.publish`. */
  entity: string;
  words: KindWords;
  area: AreaOfRows;
  /** Cache tags a change of this item touches (its page, its lists, the sitemap). */
  tags(row: RowOf<T>): string[];

  /** The form's fields (handed to the browser form as props) and schema (`./form.ts`). */
  form: KindForm;
  /** The schema of a write; `current` is the saved row when updating (a publication's area decides its fields). */
  schema(input: unknown, current: RowOf<T> | null): z.ZodType<V>;
  /** The row's columns for checked values, slug and owned list excepted; rich text is sanitized here. */
  columns(values: V): Partial<T['$inferInsert']>;
  /** The lists of library files the values point to. */
  fileRefs(values: V): FileRefs;
  /** Its columns holding one library file each (a cover, a document): checked on write, listed as uses, hidden until the item is public. */
  fileColumns?: readonly FileColumn<V>[];
  owned?: OwnedList<V>;
  unique?: readonly UniqueColumn[];

  /** Back-office list: the year a row is filed under, and the columns the search box looks in. */
  adminList: { yearOf: SQL<number>; search: readonly PgColumn[] };
  /** Public address of an item (its own page, or the page listing it); null when it has none. */
  publicUrl(row: { id: number; slug: string; area: string }): string | null;
  /** The edit form's values for a saved row (files with their names and URLs). */
  editValues(db: Db, row: RowOf<T>): Promise<FormValues>;
  /**
   * Why the item's going online is not the editor's to change — a calendar release carries it —
   * or null. Publishing, scheduling and unpublishing it by hand are then refused.
   */
  heldBy?(db: Db, id: number): Promise<string | null>;
  /** What the public view shows of an item whatever its state (connected users' preview), or null when it is gone. */
  preview(db: Db, id: number, now: Date): Promise<(P & Previewed) | null>;
  /** Its public reads, when its items are shown on its area's page (see `KindSite`). */
  site?: KindSite<L, I>;
};

/**
 * Any kind, whatever its table and values. Generic code takes `Kind<T, V>` with its own type
 * parameters; this is for lists of kinds, where each keeps its own types.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each kind checks its own values with its own schema
export type AnyKind = Kind<any, any, any, any, any>;

/** Checks a kind module's shape while keeping its precise types. */
export const defineKind = <T extends ItemTable, V extends ItemValues, P, L = unknown, I = unknown>(
  kind: Kind<T, V, P, L, I>,
): Kind<T, V, P, L, I> => kind;

/** The registry area of a row of this kind. */
export function areaOfRow(kind: Pick<Kind, 'area'>, row: object): string {
  return 'slug' in kind.area ? kind.area.slug : String((row as Record<string, unknown>)[kind.area.key]);
}

/** The year an item is filed under in the back-office: of its release, or of its creation when never released. */
export const filingYear = (t: ItemTable) =>
  sql<number>`extract(year from coalesce(${t.publishedAt}, ${t.createdAt}) at time zone 'UTC')::int`;
