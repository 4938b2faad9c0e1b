/**
 * Geographic levels (regions, then départements or communes) and their boundaries: each upload is a
 * new immutable version of the level's simplified TopoJSON, with the names of its areas in French
 * and English. A table dimension whose code is the level's `dimension` is drawn on its map.
 */
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const geoLevels = pgTable(
  'geo_levels',
  {
    id: serial('id').primaryKey(),
    /** Its address in the API: `/api/v1/geo/{code}` (`regions`). */
    code: text('code').notNull(),
    nameFr: text('name_fr').notNull(),
    nameEn: text('name_en').notNull(),
    /** The code of the table dimension drawn on it (`REGION`). */
    dimension: text('dimension').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('geo_levels_code_key').on(t.code)],
);

/** An area's names. */
export type GeoAreaNames = Record<string, { fr: string; en: string }>;

export const geoBoundaries = pgTable(
  'geo_boundaries',
  {
    id: serial('id').primaryKey(),
    levelId: integer('level_id')
      .notNull()
      .references(() => geoLevels.id, { onDelete: 'cascade' }),
    /** 1, 2, 3… per level; the newest is the one drawn. */
    version: integer('version').notNull(),
    /** The simplified boundaries: a TopoJSON topology with one object, `areas`, each geometry's `id` its code. */
    topology: jsonb('topology').notNull(),
    names: jsonb('names').$type<GeoAreaNames>().notNull(),
    /** What was uploaded: `geojson`, `topojson` or `shapefile`. */
    sourceFormat: text('source_format').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    createdBy: uuid('created_by'),
  },
  (t) => [uniqueIndex('geo_boundaries_level_version_key').on(t.levelId, t.version), index('geo_boundaries_level_idx').on(t.levelId)],
);
