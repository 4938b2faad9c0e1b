/**
 * Tables with dimensions (issue 27): their description, their immutable versions and each
 * version's cells. A table's structure (dimensions, their values, measures) belongs to each version,
 * as the cells do: a new year is a new version with one more time value, and a reader asking
 * « as of » an earlier instant gets the structure of then. The cells of a version are one dense
 * row-major array (`bytea` of little-endian Float64, NaN for a missing value), its statuses one byte
 * per cell, its cell notes a sparse map: one row per version, written by one INSERT, so a million
 * cells import in a second or two and never hold the database (lib/tables/cells.ts).
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { releases, reviewState, series, seriesVersions, users, type Translations } from '@/lib/db/schema';
import type { CellNotes, TableStructure } from './model';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A `bytea` column read and written as bytes (PGlite gives a Uint8Array, postgres-js a Buffer: both are Uint8Arrays). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** The French texts of a table that have an English version. */
export type TableTextField = 'title' | 'description' | 'source' | 'method' | 'notes';

export const dataTables = pgTable(
  'data_tables',
  {
    id: serial('id').primaryKey(),
    /** Stable code, the table's address and the API's id: `POP_REGION_SEXE_AGE`. */
    code: text('code').notNull(),
    /** Area of the registry (lib/content/areas.ts) the table belongs to. */
    area: text('area').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    source: text('source').notNull().default(''),
    method: text('method').notNull().default(''),
    /** Notes on the whole table (dimensions, values and cells have theirs in each version). */
    notes: text('notes').notNull().default(''),
    translations: jsonb('translations').$type<Translations<TableTextField>>().notNull().default({}),
    /** Optimistic lock of the description (values are versioned in data_table_versions). */
    version: integer('version').notNull().default(1),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('data_tables_code_key').on(t.code), index('data_tables_area_idx').on(t.area)],
);

/**
 * The immutable versions of a table, as series have them (lib/series/versions.ts): each holds the
 * whole table of its time (structure and every cell), its time, kind and reason, its review, and
 * the calendar release it comes out with. The table at an instant is its latest version approved
 * and published by then; nothing of a version is public before `published_at`.
 */
export const dataTableVersions = pgTable(
  'data_table_versions',
  {
    id: serial('id').primaryKey(),
    tableId: integer('table_id')
      .notNull()
      .references(() => dataTables.id, { onDelete: 'cascade' }),
    /** 1, 2, 3… per table, in publication order. */
    number: integer('number').notNull(),
    publishedAt: ts('published_at').notNull(),
    /** `revision` (scheduled) or `correction`. */
    kind: text('kind').notNull().default('revision'),
    reason: text('reason').notNull().default(''),
    /** Dimensions in order (each with its values in order) and measures: lib/tables/model.ts. */
    structure: jsonb('structure').$type<TableStructure>().notNull(),
    /** Number of cells (the product of the dimensions' sizes and the number of measures). */
    cellCount: integer('cell_count').notNull(),
    /** Where the values came from (file name), for the back-office. */
    sourceFile: text('source_file').notNull().default(''),
    /** Set once the caches were told (at once for « now », by the scheduler for a later time). */
    announcedAt: ts('announced_at'),
    /** The calendar release it comes out with: its time is the release's, and moves with it. */
    releaseId: integer('release_id').references((): AnyPgColumn => releases.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Its review (lib/review): public only once approved, by someone other than `createdBy` (unless self-approval). */
    review: reviewState('review').notNull().default('none'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: ts('reviewed_at'),
    reviewNote: text('review_note'),
  },
  (t) => [
    uniqueIndex('data_table_versions_table_number_key').on(t.tableId, t.number),
    index('data_table_versions_table_published_idx').on(t.tableId, t.publishedAt),
    index('data_table_versions_release_idx').on(t.releaseId),
    check('data_table_versions_kind_check', sql`${t.kind} in ('revision', 'correction')`),
  ],
);

/**
 * The cells of one version, kept apart from it so that listing versions never reads megabytes.
 * `values`: Float64 little-endian, row-major over the version's dimensions then its measures (the
 * last index moves fastest), NaN for a missing value. `statuses`: one byte per cell, the index of
 * its code in `cellStatusCodes` (null when every cell is `A`). `notes`: sparse, by cell index.
 */
export const dataTableCells = pgTable('data_table_cells', {
  versionId: integer('version_id')
    .primaryKey()
    .references(() => dataTableVersions.id, { onDelete: 'cascade' }),
  values: bytea('values').notNull(),
  statuses: bytea('statuses'),
  notes: jsonb('notes').$type<CellNotes>().notNull().default({}),
});

/**
 * An import read and checked, waiting for its author to write it as a version or cancel it: the
 * same payload as a version (structure and cells), plus the report shown in the preview.
 */
export const dataTableImports = pgTable('data_table_imports', {
  id: uuid('id').primaryKey().defaultRandom(),
  tableId: integer('table_id')
    .notNull()
    .references(() => dataTables.id, { onDelete: 'cascade' }),
  filename: text('filename').notNull(),
  /** What the preview shows: format, counts, refused lines (lib/tables/import/report.ts). */
  report: jsonb('report').notNull(),
  structure: jsonb('structure').$type<TableStructure>(),
  cellCount: integer('cell_count').notNull().default(0),
  values: bytea('values'),
  statuses: bytea('statuses'),
  notes: jsonb('notes').$type<CellNotes>().notNull().default({}),
  createdAt: ts('created_at').notNull().defaultNow(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'cascade' }),
});

/**
 * A series defined as a slice of a table (issue 27): one value of each of the table's non-time
 * dimensions and one measure; the time dimension gives the series' periods. Each version of the
 * table published from then on writes a series version with the slice's observations, in the same
 * transaction (lib/tables/slices.ts). Kept here, not on the series: lib/tables reads lib/series,
 * never the reverse. Deleting the link (« détacher ») keeps the series' versions.
 */
export const seriesSlices = pgTable(
  'series_slices',
  {
    seriesId: integer('series_id')
      .primaryKey()
      .references(() => series.id, { onDelete: 'cascade' }),
    tableId: integer('table_id')
      .notNull()
      .references(() => dataTables.id, { onDelete: 'cascade' }),
    /** The value code of each non-time dimension, by dimension code: `{ GROUPE: 'CP00' }`. */
    selection: jsonb('selection').$type<Record<string, string>>().notNull(),
    /** The measure's code. */
    measure: text('measure').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('series_slices_table_idx').on(t.tableId)],
);

/**
 * Which series version a table version wrote for a slice: approving, returning or cancelling the
 * table version does the same to these series versions, so they go public together.
 */
export const seriesSliceVersions = pgTable(
  'series_slice_versions',
  {
    tableVersionId: integer('table_version_id')
      .notNull()
      .references(() => dataTableVersions.id, { onDelete: 'cascade' }),
    seriesVersionId: integer('series_version_id')
      .primaryKey()
      .references(() => seriesVersions.id, { onDelete: 'cascade' }),
  },
  (t) => [index('series_slice_versions_table_version_idx').on(t.tableVersionId)],
);
