/**
 * Surveys and their microdata (DDI Codebook): a survey is a study with immutable versions of its
 * description (each DDI import is one), the variables of each version, its data files — kept
 * across versions with their access tier and stored object, so a re-import never loses them —
 * and links to the institute's existing publications and files (questionnaires, reports, manuals).
 */
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Study, VariableCategory, VariableStats } from './model';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const surveys = pgTable(
  'surveys',
  {
    id: serial('id').primaryKey(),
    /** Its address: `/microdonnees/{slug}`. */
    slug: text('slug').notNull(),
    /** The area of the registry whose writers document it (authorization: lib/admin/access.ts). */
    area: text('area').notNull(),
    /** `enquete`, `recensement`, `administratif` (the catalogue's « type de données » facet). */
    dataKind: text('data_kind').notNull().default('enquete'),
    /** `draft` (back-office only) or `published` (public from `publishedAt`, never before its minute). */
    status: text('status').notNull().default('draft'),
    publishedAt: ts('published_at'),
    /** English texts of the description (title, abstract…), field by field; French is the version's study. */
    studyEn: jsonb('study_en').$type<Partial<Record<string, string>>>().notNull().default({}),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('surveys_slug_key').on(t.slug), index('surveys_status_idx').on(t.status, t.publishedAt)],
);

/** One version of a survey's description: what one DDI import (or the demo) wrote. Never changed. */
export const surveyVersions = pgTable(
  'survey_versions',
  {
    id: serial('id').primaryKey(),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    /** 1, 2, 3… per survey; the highest is the one shown. */
    number: integer('number').notNull(),
    study: jsonb('study').$type<Study>().notNull(),
    /** `ddi-2.5`, `ddi-1.2.2` or `demo`. */
    source: text('source').notNull(),
    /** The import's French report (read, refused, left out). */
    report: jsonb('report').$type<string[]>().notNull().default([]),
    createdAt: ts('created_at').notNull().defaultNow(),
    createdBy: uuid('created_by'),
  },
  (t) => [uniqueIndex('survey_versions_number_key').on(t.surveyId, t.number)],
);

/**
 * A data file of a survey (DDI `fileDscr`), across its versions: its access tier, the conditions a
 * reader sees, and the stored object (lib/files) when there is one. Its description (records,
 * variables, format) is the current version's.
 */
export const surveyDataFiles = pgTable(
  'survey_data_files',
  {
    id: serial('id').primaryKey(),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    /** The DDI's `fileDscr/@ID` (`F1`): how a new version's file is matched to this one. */
    ddiId: text('ddi_id').notNull(),
    name: text('name').notNull(),
    /** `open`, `public-use`, `licensed`, `on-site`, `none` (lib/microdata/model.ts). */
    access: text('access').notNull().default('licensed'),
    conditions: text('conditions').notNull().default(''),
    conditionsEn: text('conditions_en').notNull().default(''),
    storedFileId: uuid('stored_file_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('survey_data_files_ddi_key').on(t.surveyId, t.ddiId)],
);

/** A variable of one version (DDI `dataDscr/var`). */
export const surveyVariables = pgTable(
  'survey_variables',
  {
    id: serial('id').primaryKey(),
    versionId: integer('version_id')
      .notNull()
      .references(() => surveyVersions.id, { onDelete: 'cascade' }),
    surveyId: integer('survey_id').notNull(),
    position: integer('position').notNull(),
    /** `var/@name` (`HHSIZE`): its address under the survey. */
    name: text('name').notNull(),
    ddiId: text('ddi_id').notNull().default(''),
    /** The `fileDscr/@ID` it belongs to (`var/@files`, first one). */
    fileId: text('file_id').notNull().default(''),
    label: text('label').notNull().default(''),
    labelEn: text('label_en').notNull().default(''),
    question: text('question').notNull().default(''),
    universe: text('universe').notNull().default(''),
    notes: text('notes').notNull().default(''),
    concept: text('concept').notNull().default(''),
    /** `discrete` or `contin`. */
    interval: text('interval').notNull().default(''),
    /** `numeric` or `character`. */
    valueType: text('value_type').notNull().default(''),
    decimals: integer('decimals'),
    categories: jsonb('categories').$type<VariableCategory[]>().notNull().default([]),
    stats: jsonb('stats').$type<VariableStats>().notNull().default({}),
  },
  (t) => [uniqueIndex('survey_variables_name_key').on(t.versionId, t.name), index('survey_variables_survey_idx').on(t.surveyId)],
);

/** A related document: an existing publication or stored file, linked, not copied. */
export const surveyDocuments = pgTable(
  'survey_documents',
  {
    id: serial('id').primaryKey(),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    /** `questionnaire`, `rapport`, `manuel`, `autre`. */
    kind: text('kind').notNull().default('autre'),
    publicationId: integer('publication_id'),
    fileId: uuid('file_id'),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('survey_documents_survey_idx').on(t.surveyId)],
);

/** A DDI file read and previewed, waiting for the editor's confirmation (nothing of it is public). */
export const surveyImports = pgTable('survey_imports', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** The survey it will become a new version of; null: a new survey. */
  surveyId: integer('survey_id'),
  area: text('area').notNull(),
  parsed: jsonb('parsed').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  createdBy: uuid('created_by'),
});
