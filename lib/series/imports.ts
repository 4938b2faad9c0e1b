/**
 * Importing values from a file, in two steps: the file is read and checked (lib/series/files), the
 * result is kept as a staged import and shown line by line (new, revised old → new, unchanged,
 * errors); only publishing it writes a version. Cancelling, or any error left, writes nothing.
 */
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '@/lib/db/open';
import { series, seriesImports } from '@/lib/db/schema';
import { diffImport, type ImportPreview } from './files/diff';
import { parseSeriesFile, type ImportError, type ImportRow } from './files/import';
import type { VersionTerms } from '@/lib/versions/model';
import type { Frequency, Observation } from './model';
import { valuesAt } from './queries';
import { publishVersions, type Actor, type PublishedVersion, type SeriesWrite } from './versions';
import { currentTime } from '@/lib/clock';

/** What a staged import keeps of its file. */
export type StagedImport = { rows: ImportRow[]; errors: ImportError[]; layout: string; convention: string };

/** A staged import is forgotten after a day. */
const STAGED_FOR_MS = 24 * 3600 * 1000;

/** Reads a file and keeps what it holds for the preview. Returns the staged import's id. */
export async function stageImport(
  db: Db,
  { filename, bytes, actor, now = currentTime() }: { filename: string; bytes: Uint8Array; actor: Actor; now?: Date },
): Promise<{ id: string }> {
  const known = new Map<string, { frequency: Frequency; decimals: number }>(
    (await db.select({ code: series.code, frequency: series.frequency, decimals: series.decimals }).from(series)).map((s) => [s.code, s]),
  );
  const parsed = await parseSeriesFile({ bytes, filename }, known);
  const staged: StagedImport = { rows: parsed.rows, errors: parsed.errors, layout: parsed.layout, convention: parsed.convention };
  await db.delete(seriesImports).where(lt(seriesImports.createdAt, new Date(now.getTime() - STAGED_FOR_MS)));
  const [row] = await db
    .insert(seriesImports)
    .values({ filename: filename.slice(0, 200), parsed: staged, createdBy: actor.user.id })
    .returning({ id: seriesImports.id });
  return { id: row!.id };
}

export type ImportView = {
  id: string;
  filename: string;
  createdAt: Date;
  staged: StagedImport;
  preview: ImportPreview;
  /** Frequency of each series the file touches, for period labels. */
  frequencies: Record<string, Frequency>;
};

/** The staged import and its preview against the values as they stand (scheduled ones included). */
export async function importView(db: Db, id: string): Promise<ImportView | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await db.select().from(seriesImports).where(eq(seriesImports.id, id)).limit(1);
  if (!row) return null;
  const staged = row.parsed as StagedImport;
  const codes = [...new Set(staged.rows.map((r) => r.code))];
  const rows = codes.length > 0 ? await db.select().from(series) : [];
  const touched = rows.filter((r) => codes.includes(r.code));
  const values = await valuesAt(
    db,
    touched.map((r) => r.id),
    { scheduled: true },
  );
  const current = new Map(touched.map((r) => [r.code, new Map((values.get(r.id) ?? []).map((o) => [o.period, o]))]));
  return {
    id: row.id,
    filename: row.filename,
    createdAt: row.createdAt,
    staged,
    preview: diffImport(staged.rows, current),
    frequencies: Object.fromEntries(touched.map((r) => [r.code, r.frequency])),
  };
}

/**
 * Writes a staged import as one new version of each series it changes, then forgets it. Like any
 * version (`publishVersions`), each is submitted for review unless an approver writes it under self-approval.
 */
export async function publishImport(
  db: Db,
  { id, publishAt, releaseId, kind, reason, actor, approver }: VersionTerms & { id: string },
): Promise<SeriesWrite<PublishedVersion[]>> {
  const view = await importView(db, id);
  if (!view) return { ok: false, error: 'Cet import n’existe plus (publié, annulé ou trop ancien) : envoyez le fichier à nouveau.' };
  if (view.staged.errors.length > 0)
    return { ok: false, error: 'Le fichier contient des erreurs : corrigez-le et envoyez-le à nouveau. Rien n’a été enregistré.' };
  const values = new Map<string, Observation[]>();
  for (const r of view.staged.rows)
    values.set(r.code, [...(values.get(r.code) ?? []), { period: r.period, value: r.value, status: r.status }]);
  const result = await publishVersions(db, { values, publishAt, releaseId, kind, reason, actor, approver });
  if (result.ok) await db.delete(seriesImports).where(eq(seriesImports.id, id));
  return result;
}

/** Forgets a staged import (its author cancelled it). */
export async function cancelImport(db: Db, id: string): Promise<void> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return;
  await db.delete(seriesImports).where(and(eq(seriesImports.id, id)));
}

/** Who staged an import and the areas of the series it touches (the access rules of its publication and cancellation). */
export async function importOwnerAndAreas(db: Db, id: string): Promise<{ createdBy: string | null; areas: string[] } | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await db
    .select({ createdBy: seriesImports.createdBy, parsed: seriesImports.parsed })
    .from(seriesImports)
    .where(eq(seriesImports.id, id))
    .limit(1);
  if (!row) return null;
  const codes = [...new Set((row.parsed as StagedImport).rows.map((r) => r.code))];
  const touched = codes.length > 0 ? await db.select({ area: series.area }).from(series).where(inArray(series.code, codes)) : [];
  return { createdBy: row.createdBy, areas: [...new Set(touched.map((r) => r.area))] };
}
