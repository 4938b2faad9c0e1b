/**
 * Writes of the microdata catalogue: a codebook stored as a new version of a survey (a new survey
 * for the first), its variables with it, its data files matched by their DDI identifier so that
 * each keeps its access tier, conditions and stored object across versions; a survey put online or
 * taken off; a file's access tier. Each write is one transaction with its audit entry, and returns
 * the cache tags it touched.
 */
import { and, eq, max } from 'drizzle-orm';
import { writeAudit } from '@/lib/audit/write';
import { tags } from '@/lib/cache/tags';
import { surveySlugPattern, variablesSegment } from '@/lib/content/addresses';
import type { Db } from '@/lib/db/open';
import type { Actor } from '@/lib/versions/model';
import { variableFields, type AccessTier, type Codebook, type DataKind } from './model';
import { surveyDataFiles, surveys, surveyVariables, surveyVersions } from './schema';

export type SurveyWrite<T> = { ok: true; value: T; tags: string[] } | { ok: false; error: string };

export const surveyTags = (slug: string) => [tags.survey(slug), tags.surveyList, tags.sitemap];

/** A slug from a title or an identifier: `Enquête ménages 2024` → `enquete-menages-2024`. */
export function slugify(text: string): string {
  return (
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80)
      .replace(/-+$/, '') || 'enquete'
  );
}

const BATCH = 500;

/**
 * Stores `codebook` as the next version of the survey `target` names (`surveyId`), or of a new one
 * (`slug`, `area`, `dataKind`). Data files already known keep their tier and stored object; files
 * the new version no longer describes are kept (a re-import never loses a file) and reported.
 */
export async function writeSurveyVersion(
  db: Db,
  input: {
    target: { surveyId: number } | { slug: string; area: string; dataKind: DataKind };
    codebook: Codebook;
    source: string;
    report: string[];
    actor: Actor | null;
    /** The tier of files met for the first time (licensed unless said). */
    defaultAccess?: AccessTier;
  },
): Promise<SurveyWrite<{ surveyId: number; slug: string; number: number; keptFiles: string[] }>> {
  const { codebook } = input;
  return db.transaction(async (tx) => {
    let surveyId: number;
    let slug: string;
    if ('surveyId' in input.target) {
      const [row] = await tx.select().from(surveys).where(eq(surveys.id, input.target.surveyId)).for('update');
      if (!row) return { ok: false as const, error: 'Enquête introuvable : elle a peut-être été supprimée.' };
      surveyId = row.id;
      slug = row.slug;
    } else {
      if (!surveySlugPattern.test(input.target.slug) || [variablesSegment, 'import'].includes(input.target.slug))
        return { ok: false as const, error: 'Adresse de l’enquête : lettres minuscules, chiffres et tirets.' };
      const [taken] = await tx.select({ id: surveys.id }).from(surveys).where(eq(surveys.slug, input.target.slug));
      if (taken)
        return {
          ok: false as const,
          error: `L’adresse « ${input.target.slug} » est déjà celle d’une autre enquête : choisissez-en une autre.`,
        };
      const [row] = await tx
        .insert(surveys)
        .values({ slug: input.target.slug, area: input.target.area, dataKind: input.target.dataKind })
        .returning({ id: surveys.id });
      surveyId = row!.id;
      slug = input.target.slug;
    }
    const [last] = await tx
      .select({ n: max(surveyVersions.number) })
      .from(surveyVersions)
      .where(eq(surveyVersions.surveyId, surveyId));
    const number = (last?.n ?? 0) + 1;
    const [version] = await tx
      .insert(surveyVersions)
      .values({
        surveyId,
        number,
        study: codebook.study,
        source: input.source,
        report: input.report,
        createdBy: input.actor?.user.id ?? null,
      })
      .returning({ id: surveyVersions.id });
    for (let i = 0; i < codebook.variables.length; i += BATCH) {
      await tx.insert(surveyVariables).values(
        codebook.variables.slice(i, i + BATCH).map((v, j) => ({
          versionId: version!.id,
          surveyId,
          position: i + j + 1,
          ...variableFields(v),
        })),
      );
    }
    const known = await tx.select().from(surveyDataFiles).where(eq(surveyDataFiles.surveyId, surveyId));
    const byDdi = new Map(known.map((f) => [f.ddiId, f]));
    for (const f of codebook.study.files) {
      const existing = byDdi.get(f.id);
      if (existing) await tx.update(surveyDataFiles).set({ name: f.name }).where(eq(surveyDataFiles.id, existing.id));
      else
        await tx.insert(surveyDataFiles).values({
          surveyId,
          ddiId: f.id,
          name: f.name,
          access: input.defaultAccess ?? 'licensed',
          conditions: codebook.study.accessConditions,
        });
    }
    const described = new Set(codebook.study.files.map((f) => f.id));
    const keptFiles = known.filter((f) => !described.has(f.ddiId)).map((f) => f.name);
    await tx.update(surveys).set({ updatedAt: new Date() }).where(eq(surveys.id, surveyId));
    await writeAudit(tx, {
      user: input.actor?.user ?? null,
      actor: input.actor ? undefined : 'démo',
      ip: input.actor?.ip ?? null,
      action: 'survey.version',
      entityType: 'survey',
      entityId: surveyId,
      summary: `Enquête ${slug} : version ${number} (${codebook.variables.length} variables, ${codebook.study.files.length} fichiers, source ${input.source}).`,
      after: { number, variables: codebook.variables.length, files: codebook.study.files.map((f) => f.id) },
    });
    return { ok: true as const, value: { surveyId, slug, number, keptFiles }, tags: surveyTags(slug) };
  });
}

/** Puts a survey online at `at` (now, or a later minute: nothing shows before it), or takes it off (`at` null). */
export async function setSurveyPublication(
  db: Db,
  input: { surveyId: number; at: Date | null; actor: Actor | null },
): Promise<SurveyWrite<null>> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(surveys)
      .set({ status: input.at ? 'published' : 'draft', publishedAt: input.at, updatedAt: new Date() })
      .where(eq(surveys.id, input.surveyId))
      .returning({ slug: surveys.slug });
    if (!row) return { ok: false as const, error: 'Enquête introuvable.' };
    await writeAudit(tx, {
      user: input.actor?.user ?? null,
      actor: input.actor ? undefined : 'démo',
      ip: input.actor?.ip ?? null,
      action: input.at ? 'survey.publish' : 'survey.unpublish',
      entityType: 'survey',
      entityId: input.surveyId,
      summary: input.at ? `Enquête ${row.slug} mise en ligne.` : `Enquête ${row.slug} retirée du site.`,
    });
    return { ok: true as const, value: null, tags: surveyTags(row.slug) };
  });
}

/** A data file's access tier and conditions (French and English), and its stored object for an open file. */
export async function setFileAccess(
  db: Db,
  input: {
    surveyId: number;
    fileId: number;
    access: AccessTier;
    conditions: string;
    conditionsEn: string;
    storedFileId?: string | null;
    actor: Actor | null;
  },
): Promise<SurveyWrite<null>> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(surveyDataFiles)
      .set({
        access: input.access,
        conditions: input.conditions,
        conditionsEn: input.conditionsEn,
        ...(input.storedFileId !== undefined ? { storedFileId: input.storedFileId } : {}),
      })
      .where(and(eq(surveyDataFiles.id, input.fileId), eq(surveyDataFiles.surveyId, input.surveyId)))
      .returning({ name: surveyDataFiles.name });
    const [survey] = await tx.select({ slug: surveys.slug }).from(surveys).where(eq(surveys.id, input.surveyId));
    if (!row || !survey) return { ok: false as const, error: 'Fichier de données introuvable.' };
    await writeAudit(tx, {
      user: input.actor?.user ?? null,
      actor: input.actor ? undefined : 'démo',
      ip: input.actor?.ip ?? null,
      action: 'survey.file_access',
      entityType: 'survey',
      entityId: input.surveyId,
      summary: `Enquête ${survey.slug}, fichier ${row.name} : accès « ${input.access} ».`,
    });
    return { ok: true as const, value: null, tags: surveyTags(survey.slug) };
  });
}
