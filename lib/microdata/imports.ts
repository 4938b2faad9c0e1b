/**
 * The back-office's DDI import in two steps: the file is read and its preview kept
 * (`survey_imports`: nothing public, nothing of the survey changed), then the editor confirms and
 * it becomes the survey's next version (lib/microdata/write.ts) — or cancels and it is forgotten.
 * A refused file writes nothing at all.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/open';
import type { Actor } from '@/lib/versions/model';
import { parseDdi, type DdiReport, type DdiVersion } from './ddi/parse';
import type { Codebook, DataKind } from './model';
import { surveyImports, surveys } from './schema';
import { slugify, writeSurveyVersion, type SurveyWrite } from './write';

export type PreparedImport = { version: DdiVersion; codebook: Codebook; report: DdiReport; fileName: string };

/** Reads `bytes`; on success keeps the preview and returns its id. A refusal keeps nothing. */
export async function prepareSurveyImport(
  db: Db,
  input: { bytes: Uint8Array; fileName: string; surveyId: number | null; area: string; actor: Actor | null },
): Promise<{ ok: true; id: string } | { ok: false; error: string }> {
  const parsed = parseDdi(input.bytes);
  if (!parsed.ok) return parsed;
  if (input.surveyId !== null) {
    const [row] = await db.select({ id: surveys.id }).from(surveys).where(eq(surveys.id, input.surveyId));
    if (!row) return { ok: false, error: 'Enquête introuvable : elle a peut-être été supprimée.' };
  }
  if (parsed.codebook.variables.length === 0 && parsed.codebook.study.files.length === 0 && !parsed.codebook.study.title)
    return { ok: false, error: 'Ce DDI ne décrit ni étude, ni fichier, ni variable : rien à importer.' };
  const prepared: PreparedImport = {
    version: parsed.version,
    codebook: parsed.codebook,
    report: parsed.report,
    fileName: input.fileName.slice(0, 200),
  };
  const [row] = await db
    .insert(surveyImports)
    .values({ surveyId: input.surveyId, area: input.area, parsed: prepared, createdBy: input.actor?.user.id ?? null })
    .returning({ id: surveyImports.id });
  return { ok: true, id: row!.id };
}

/** A previewed import, or null (confirmed, cancelled or never made). */
export async function findSurveyImport(db: Db, id: string) {
  const [row] = await db.select().from(surveyImports).where(eq(surveyImports.id, id));
  return row ? { ...row, parsed: row.parsed as PreparedImport } : null;
}

/** The suggested address of a new survey from its DDI: its identifier, else its title. */
export const suggestedSlug = (codebook: Codebook) => slugify(codebook.study.idno || codebook.study.title);

/** Writes a previewed import as the next version (a new survey at `slug` when it had none), then forgets the preview. */
export async function confirmSurveyImport(
  db: Db,
  input: { id: string; slug?: string; dataKind: DataKind; actor: Actor | null },
): Promise<SurveyWrite<{ surveyId: number; slug: string; number: number; keptFiles: string[] }>> {
  const pending = await findSurveyImport(db, input.id);
  if (!pending) return { ok: false, error: 'Import inconnu ou déjà confirmé : envoyez le fichier à nouveau.' };
  const { codebook, version, report } = pending.parsed;
  const written = await writeSurveyVersion(db, {
    target:
      pending.surveyId !== null
        ? { surveyId: pending.surveyId }
        : { slug: input.slug || suggestedSlug(codebook), area: pending.area, dataKind: input.dataKind },
    codebook,
    source: `ddi-${version}`,
    report: [...report.read, ...report.leftOut],
    actor: input.actor,
  });
  if (written.ok) await db.delete(surveyImports).where(eq(surveyImports.id, input.id));
  return written;
}

/** Forgets a previewed import. */
export async function cancelSurveyImport(db: Db, id: string): Promise<void> {
  await db.delete(surveyImports).where(eq(surveyImports.id, id));
}
