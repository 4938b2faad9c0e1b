/**
 * Reads of the microdata catalogue, plain functions `(db, params)`. Public reads see only surveys
 * online at `now` (published, their minute passed: nothing before it) and only their current
 * version (the highest number); back-office reads see every survey.
 */
import { and, asc, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/open';
import { containsPattern } from '@/lib/db/like';
import { files, publications } from '@/lib/db/schema';
import {
  isAccessTier,
  isDataKind,
  studyYear,
  variableFields,
  type AccessTier,
  type Codebook,
  type DataKind,
  type Study,
  type Variable,
} from './model';
import { surveyDataFiles, surveyDocuments, surveys, surveyVariables, surveyVersions } from './schema';

/** A survey's current version id (the highest number). */
const currentVersionId = sql<number>`(select v.id from ${surveyVersions} v where v.survey_id = ${surveys.id} order by v.number desc limit 1)`;

const online = (now: Date) => and(eq(surveys.status, 'published'), isNotNull(surveys.publishedAt), lte(surveys.publishedAt, now));

export type SurveyFileRow = {
  id: number;
  ddiId: string;
  name: string;
  access: AccessTier;
  conditions: string;
  conditionsEn: string;
  stored: { id: string; name: string; size: number; ext: string } | null;
};

export type SurveyRow = {
  id: number;
  slug: string;
  area: string;
  dataKind: DataKind;
  status: string;
  publishedAt: Date | null;
  studyEn: Partial<Record<string, string>>;
  version: { id: number; number: number; createdAt: Date; source: string; report: string[] };
  study: Study;
  files: SurveyFileRow[];
  variableCount: number;
};

type Where = ReturnType<typeof and>;

async function loadSurveys(db: Db, where: Where): Promise<SurveyRow[]> {
  const rows = await db
    .select({ survey: surveys, version: surveyVersions })
    .from(surveys)
    .innerJoin(surveyVersions, eq(surveyVersions.id, currentVersionId))
    .where(where)
    .orderBy(desc(surveys.publishedAt), asc(surveys.slug));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.survey.id);
  const [fileRows, counts] = await Promise.all([
    db
      .select({ f: surveyDataFiles, stored: { id: files.id, name: files.name, size: files.size, ext: files.ext } })
      .from(surveyDataFiles)
      .leftJoin(files, and(eq(files.id, surveyDataFiles.storedFileId), sql`${files.deletedAt} is null`))
      .where(inArray(surveyDataFiles.surveyId, ids))
      .orderBy(asc(surveyDataFiles.ddiId)),
    db
      .select({ versionId: surveyVariables.versionId, n: sql<number>`count(*)::int` })
      .from(surveyVariables)
      .where(
        inArray(
          surveyVariables.versionId,
          rows.map((r) => r.version.id),
        ),
      )
      .groupBy(surveyVariables.versionId),
  ]);
  const countBy = new Map(counts.map((c) => [c.versionId, Number(c.n)]));
  return rows.map(({ survey, version }) => ({
    id: survey.id,
    slug: survey.slug,
    area: survey.area,
    dataKind: isDataKind(survey.dataKind) ? survey.dataKind : 'enquete',
    status: survey.status,
    publishedAt: survey.publishedAt,
    studyEn: survey.studyEn,
    version: { id: version.id, number: version.number, createdAt: version.createdAt, source: version.source, report: version.report },
    study: version.study,
    files: fileRows
      .filter((r) => r.f.surveyId === survey.id)
      .map((r) => ({
        id: r.f.id,
        ddiId: r.f.ddiId,
        name: r.f.name,
        access: isAccessTier(r.f.access) ? r.f.access : 'none',
        conditions: r.f.conditions,
        conditionsEn: r.f.conditionsEn,
        stored: r.stored?.id ? { id: r.stored.id, name: r.stored.name!, size: Number(r.stored.size), ext: r.stored.ext! } : null,
      })),
    variableCount: countBy.get(version.id) ?? 0,
  }));
}

/** Every survey online at `now`, newest first. */
export const listPublicSurveys = (db: Db, now: Date) => loadSurveys(db, online(now));

/** Every survey, for the back-office. */
export const listAllSurveys = (db: Db) => loadSurveys(db, undefined);

/** One survey online at `now`, or null. */
export async function findPublicSurvey(db: Db, slug: string, now: Date): Promise<SurveyRow | null> {
  return (await loadSurveys(db, and(eq(surveys.slug, slug), online(now))))[0] ?? null;
}

/** One survey whatever its state (back-office), or null. */
export async function findSurvey(db: Db, slug: string): Promise<SurveyRow | null> {
  return (await loadSurveys(db, eq(surveys.slug, slug)))[0] ?? null;
}

/** One survey by id whatever its state (back-office), or null. */
export async function findSurveyById(db: Db, id: number): Promise<SurveyRow | null> {
  return (await loadSurveys(db, eq(surveys.id, id)))[0] ?? null;
}

const toVariable = (r: typeof surveyVariables.$inferSelect): Variable & { id: number; position: number; labelEn: string } => ({
  id: r.id,
  position: r.position,
  name: r.name,
  ddiId: r.ddiId,
  fileId: r.fileId,
  label: r.label,
  labelEn: r.labelEn,
  question: r.question,
  universe: r.universe,
  notes: r.notes,
  concept: r.concept,
  interval: r.interval,
  valueType: r.valueType,
  decimals: r.decimals,
  categories: r.categories,
  stats: r.stats,
});

/** The variables of a version, in the DDI's order. */
export async function versionVariables(db: Db, versionId: number) {
  const rows = await db
    .select()
    .from(surveyVariables)
    .where(eq(surveyVariables.versionId, versionId))
    .orderBy(asc(surveyVariables.position));
  return rows.map(toVariable);
}

/** One variable of a version by name, or null. */
export async function versionVariable(db: Db, versionId: number, name: string) {
  const [row] = await db
    .select()
    .from(surveyVariables)
    .where(and(eq(surveyVariables.versionId, versionId), eq(surveyVariables.name, name)));
  return row ? toVariable(row) : null;
}

/** The codebook of a survey's current version: what the DDI export writes. */
export async function surveyCodebook(db: Db, survey: SurveyRow): Promise<Codebook> {
  const variables = (await versionVariables(db, survey.version.id)).map(variableFields);
  return { study: survey.study, variables };
}

export type SurveyDocument = {
  kind: string;
  title: string;
  area: string;
  slug: string | null;
  file: { id: string; name: string; ext: string; size: number } | null;
};

/** The publications and files linked to a survey (public ones only: a publication online at `now`). */
export async function surveyDocumentsOf(db: Db, surveyId: number, now: Date): Promise<SurveyDocument[]> {
  const rows = await db
    .select({
      kind: surveyDocuments.kind,
      pub: {
        title: publications.title,
        area: publications.area,
        slug: publications.slug,
        status: publications.status,
        publishedAt: publications.publishedAt,
      },
      file: { id: files.id, name: files.name, ext: files.ext, size: files.size, visibility: files.visibility },
    })
    .from(surveyDocuments)
    .leftJoin(publications, and(eq(publications.id, surveyDocuments.publicationId), sql`${publications.deletedAt} is null`))
    .leftJoin(files, and(eq(files.id, surveyDocuments.fileId), sql`${files.deletedAt} is null`))
    .where(eq(surveyDocuments.surveyId, surveyId))
    .orderBy(asc(surveyDocuments.position));
  return rows.flatMap((r): SurveyDocument[] => {
    if (r.pub?.title && r.pub.status === 'published' && r.pub.publishedAt && r.pub.publishedAt <= now)
      return [{ kind: r.kind, title: r.pub.title, area: r.pub.area!, slug: r.pub.slug!, file: null }];
    if (r.file?.id && r.file.visibility === 'public')
      return [
        {
          kind: r.kind,
          title: r.file.name!,
          area: '',
          slug: null,
          file: { id: r.file.id, name: r.file.name!, ext: r.file.ext!, size: Number(r.file.size) },
        },
      ];
    return [];
  });
}

export type VariableHit = {
  survey: { slug: string; title: string; year: number | null };
  name: string;
  label: string;
  question: string;
  fileId: string;
};

/**
 * Variables of the surveys online at `now` whose name, label or question holds `q` (accents and
 * case ignored), surveys newest first; `limit` + 1 read so the caller knows if there are more.
 */
export async function searchVariables(db: Db, params: { q: string; now: Date; limit: number; offset: number }): Promise<VariableHit[]> {
  const pattern = containsPattern(params.q.trim());
  const match = sql`(unaccent(lower(${surveyVariables.label})) like unaccent(lower(${pattern}))
    or unaccent(lower(${surveyVariables.question})) like unaccent(lower(${pattern}))
    or lower(${surveyVariables.name}) like lower(${pattern}))`;
  const rows = await db
    .select({
      slug: surveys.slug,
      study: surveyVersions.study,
      name: surveyVariables.name,
      label: surveyVariables.label,
      question: surveyVariables.question,
      fileId: surveyVariables.fileId,
    })
    .from(surveyVariables)
    .innerJoin(surveyVersions, eq(surveyVersions.id, surveyVariables.versionId))
    .innerJoin(surveys, eq(surveys.id, surveyVersions.surveyId))
    .where(and(online(params.now), eq(surveyVersions.id, currentVersionId), match))
    .orderBy(desc(surveys.publishedAt), asc(surveys.slug), asc(surveyVariables.position))
    .limit(params.limit + 1)
    .offset(params.offset);
  return rows.map((r) => ({
    survey: { slug: r.slug, title: r.study.title, year: studyYear(r.study) },
    name: r.name,
    label: r.label,
    question: r.question,
    fileId: r.fileId,
  }));
}

/** Ids of the surveys online at `now` with a variable whose name, label or question holds `q`. */
export async function surveysWithVariable(db: Db, q: string, now: Date): Promise<Set<number>> {
  const pattern = containsPattern(q.trim());
  const rows = await db
    .selectDistinct({ id: surveys.id })
    .from(surveyVariables)
    .innerJoin(surveys, eq(surveys.id, surveyVariables.surveyId))
    .where(
      and(
        online(now),
        eq(surveyVariables.versionId, currentVersionId),
        sql`(unaccent(lower(${surveyVariables.label})) like unaccent(lower(${pattern}))
          or unaccent(lower(${surveyVariables.question})) like unaccent(lower(${pattern}))
          or lower(${surveyVariables.name}) like lower(${pattern}))`,
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** `slug` and `slug/NAME` of every survey online at `now` and its variables (the proxy's path index, the sitemap). */
export async function publicSurveyRefs(db: Db, now: Date): Promise<{ slug: string; publishedAt: Date; variables: string[] }[]> {
  const rows = await db
    .select({ slug: surveys.slug, publishedAt: surveys.publishedAt, name: surveyVariables.name })
    .from(surveys)
    .leftJoin(surveyVariables, eq(surveyVariables.versionId, currentVersionId))
    .where(online(now));
  const by = new Map<string, { slug: string; publishedAt: Date; variables: string[] }>();
  for (const r of rows) {
    const entry = by.get(r.slug) ?? { slug: r.slug, publishedAt: r.publishedAt!, variables: [] };
    if (r.name) entry.variables.push(r.name);
    by.set(r.slug, entry);
  }
  return [...by.values()];
}
