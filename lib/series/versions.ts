/**
 * Writing series: metadata, and new versions of their values. A published value is never updated:
 * a change is a new version holding the changed values, with its time, kind and reason, and an
 * audit entry. One scheduled version at a time per series, so versions are numbered in publication
 * order and the series at an instant is well defined (lib/series/queries.ts).
 */
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { tags } from '@/lib/cache/tags';
import { writeAudit, type AuditInput } from '@/lib/audit/write';
import type { Db } from '@/lib/db/open';
import { observations, releases, series, seriesVersions, type Translations } from '@/lib/db/schema';
import { englishAudit, englishChanges, mergedTranslations, storedTranslations } from '@/lib/content/mutations/translations';
import { englishFields, englishText, type EnglishValues } from '@/lib/content/schemas/translations';
import { changeKindLabel, periodLabel, type ChangeKind, type Observation, type SeriesMeta } from './model';
import { findSeries, metaOf, valuesAt, type SeriesRow } from './queries';

export type Actor = { user: NonNullable<AuditInput['user']>; ip?: string | null };

/** Cache tags of a series' public views (its page and files, its area's figures, the lists). */
export function seriesTags(row: { code: string; area: string }): string[] {
  return [tags.series(row.code), tags.seriesList, tags.area(row.area), tags.sitemap];
}

/** A write's value and the tags it touched, or its French error (with the form field it is about, if any). */
export type SeriesWrite<T> = { ok: true; value: T; tags: string[] } | { ok: false; error: string; field?: string };

const metaColumns = (meta: SeriesMeta) => ({
  code: meta.code,
  label: meta.label,
  unit: meta.unit,
  basePeriod: meta.basePeriod,
  frequency: meta.frequency,
  decimals: meta.decimals,
  seasonalAdjustment: meta.seasonalAdjustment,
  source: meta.source,
  imfIndicator: meta.imfIndicator,
  methodology: meta.methodology,
  area: meta.area,
  headline: meta.headline,
});

/** The French fields of a series' description that have an English version. */
export type SeriesTextField = 'label' | 'unit' | 'methodology' | 'source';

/**
 * The English version of a series' description (issue 15), as its form sends it (`en.label`…):
 * each field optional, no longer than the French one may be; empty means « shown in French ».
 */
export const seriesEnglishSchema = englishFields({
  label: englishText(200, 'Le titre'),
  unit: englishText(60, 'L’unité'),
  source: englishText(300, 'La source'),
  methodology: englishText(5000, 'La méthode'),
});

/** The audit entry's English fields: all of them (like the French columns), null for one just cleared. */
function englishSnapshot(before: Translations<SeriesTextField>, after: Translations<SeriesTextField>) {
  const changes = englishChanges(before, after);
  return { before: { ...englishAudit(before), ...changes.before }, after: { ...englishAudit(after), ...changes.after } };
}

/**
 * Creates a series (version 1 of its description), with its English description when given, and
 * its audit entry in one transaction.
 */
export async function createSeries(
  db: Db,
  { meta, english, actor }: { meta: SeriesMeta; english?: EnglishValues<SeriesTextField>; actor: Actor },
): Promise<SeriesWrite<SeriesRow>> {
  const translations = storedTranslations(english);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(series)
      .values({ ...metaColumns(meta), translations })
      .onConflictDoNothing()
      .returning();
    if (!row) return { ok: false, error: `Le code ${meta.code} est déjà celui d’une autre série.`, field: 'code' };
    await writeAudit(tx, {
      ...actor,
      action: 'series.create',
      entityType: 'series',
      entityId: row.code,
      summary: `Série ${row.code} créée : « ${row.label} ».`,
      after: { ...metaColumns(meta), ...englishAudit(translations) },
    });
    return { ok: true, value: row, tags: seriesTags(row) };
  });
}

/**
 * Changes a series' metadata, if nobody changed it since `expectedVersion` (the value the form was
 * loaded with). The frequency cannot change once the series has values: its periods would mean
 * something else. `english` changes the English description in the same write: each field sent
 * replaces its translation (a blank one clears it, shown in French), each field not sent — or no
 * `english` at all — stays as it is.
 */
export async function updateSeriesMeta(
  db: Db,
  { code, expectedVersion, meta, english, actor }: { code: string; expectedVersion: number; meta: SeriesMeta; english?: EnglishValues<SeriesTextField>; actor: Actor },
): Promise<SeriesWrite<SeriesRow>> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(series).where(eq(series.code, code)).for('update');
    if (!current) return { ok: false, error: `La série ${code} n’existe pas ou plus.` };
    if (current.version !== expectedVersion) {
      return { ok: false, error: 'Quelqu’un a modifié cette série pendant que vous la modifiiez : rechargez la page, vos changements n’ont pas été enregistrés.' };
    }
    if (meta.frequency !== current.frequency) {
      const [anyValue] = await tx.select({ id: observations.id }).from(observations).where(eq(observations.seriesId, current.id)).limit(1);
      if (anyValue) return { ok: false, error: 'La fréquence d’une série qui a des valeurs ne change pas : créez une nouvelle série.', field: 'frequency' };
    }
    if (meta.code !== current.code) {
      const [taken] = await tx.select({ id: series.id }).from(series).where(eq(series.code, meta.code)).limit(1);
      if (taken) return { ok: false, error: `Le code ${meta.code} est déjà celui d’une autre série.`, field: 'code' };
    }
    const translations = mergedTranslations(current.translations, english);
    const [row] = await tx
      .update(series)
      .set({ ...metaColumns(meta), translations, version: current.version + 1, updatedAt: new Date() })
      .where(eq(series.id, current.id))
      .returning();
    const englishAudited = englishSnapshot(current.translations, translations);
    await writeAudit(tx, {
      ...actor,
      action: 'series.update',
      entityType: 'series',
      entityId: meta.code,
      summary: `Série ${meta.code} : description modifiée.`,
      before: { ...metaColumns(metaOf(current)), ...englishAudited.before },
      after: { ...metaColumns(meta), ...englishAudited.after },
    });
    return { ok: true, value: row!, tags: [...seriesTags(current), ...seriesTags(row!)] };
  });
}

export type VersionRequest = {
  /** New and changed values per series code (values equal to the current ones are left out). */
  values: ReadonlyMap<string, readonly Observation[]>;
  /** When the values go online; now when absent or past. */
  publishAt?: Date;
  /** The calendar release they come out with: its time wins over `publishAt`, and moves with it. */
  releaseId?: number;
  kind: ChangeKind;
  reason: string;
  actor: Actor;
  now?: Date;
};

export type PublishedVersion = { code: string; number: number; publishedAt: Date; changed: number };

const sameObservation = (a: Observation, b: Observation) => a.value === b.value && a.status === b.status;

/**
 * Publishes (now or at `publishAt`) one new version of each series that `values` changes, in one
 * transaction: all of them or none. Refused when a series already has a scheduled version, or when
 * nothing changes. Caches are told at once for « now »; the scheduler tells them at the time.
 */
export async function publishVersions(db: Db, request: VersionRequest): Promise<SeriesWrite<PublishedVersion[]>> {
  const now = request.now ?? new Date();
  let publishedAt = request.publishAt && request.publishAt > now ? request.publishAt : now;
  const reason = request.reason.trim();
  if (request.kind === 'correction' && reason.length < 5) return { ok: false, error: 'Une correction dit ce qu’elle corrige : indiquez la raison.', field: 'reason' };
  return db.transaction(async (tx) => {
    if (request.releaseId !== undefined) {
      // The release is locked against a move or a cancellation while its versions are written.
      const [release] = await tx.select().from(releases).where(eq(releases.id, request.releaseId)).for('update');
      if (!release || (release.status !== 'confirmed' && release.status !== 'postponed') || release.scheduledAt <= now) {
        return rollback('Cette parution ne prend plus de contenu (date passée, non confirmée, annulée ou publiée) : choisissez-en une autre.');
      }
      publishedAt = release.scheduledAt;
    }
    const published: PublishedVersion[] = [];
    const tagLists: string[] = [];
    for (const [code, wanted] of request.values) {
      // Locks the series: two editors publishing at once are serialized, the second sees the first's version.
      const [row] = await tx.select().from(series).where(eq(series.code, code)).for('update');
      if (!row) return rollback(`La série ${code} n’existe pas ou plus.`);
      const [pending] = await tx
        .select({ number: seriesVersions.number, publishedAt: seriesVersions.publishedAt })
        .from(seriesVersions)
        .where(and(eq(seriesVersions.seriesId, row.id), gt(seriesVersions.publishedAt, now)))
        .limit(1);
      if (pending) {
        return rollback(
          `La série ${code} a déjà une version programmée (version ${pending.number}, le ${formatUtc(pending.publishedAt)}) : attendez sa mise en ligne ou annulez-la d’abord.`,
        );
      }
      const current = new Map(((await valuesAt(tx, [row.id], { scheduled: true })).get(row.id) ?? []).map((o) => [o.period, o]));
      const changed = wanted.filter((o) => {
        const before = current.get(o.period);
        return !before || !sameObservation(before, o);
      });
      if (changed.length === 0) continue;
      const [{ next }] = (await tx
        .select({ next: sql<number>`coalesce(max(${seriesVersions.number}), 0) + 1` })
        .from(seriesVersions)
        .where(eq(seriesVersions.seriesId, row.id))) as [{ next: number }];
      const number = Number(next);
      const [version] = await tx
        .insert(seriesVersions)
        .values({
          seriesId: row.id,
          number,
          publishedAt,
          kind: request.kind,
          reason,
          announcedAt: publishedAt <= now ? now : null,
          releaseId: request.releaseId ?? null,
          createdBy: request.actor.user.id,
        })
        .returning();
      for (let i = 0; i < changed.length; i += 1000) {
        await tx.insert(observations).values(
          changed.slice(i, i + 1000).map((o) => ({ seriesId: row.id, versionId: version!.id, period: o.period, value: o.value, status: o.status })),
        );
      }
      const revised = changed.filter((o) => current.has(o.period)).length;
      const last = changed.at(-1)!;
      await writeAudit(tx, {
        ...request.actor,
        action: publishedAt <= now ? 'series.publish' : 'series.schedule',
        entityType: 'series',
        entityId: code,
        summary:
          `Série ${code}, version ${number} (${changeKindLabel[request.kind]}) ${publishedAt <= now ? 'publiée' : `programmée le ${formatUtc(publishedAt)}`} : ` +
          `${changed.length - revised} valeur(s) nouvelle(s), ${revised} révisée(s), jusqu’à ${periodLabel(last.period, row.frequency)}.` +
          (reason ? ` Raison : ${reason}` : ''),
        after: { number, publishedAt: publishedAt.toISOString(), kind: request.kind, reason, changed: changed.length, revised },
      });
      published.push({ code, number, publishedAt, changed: changed.length });
      if (publishedAt <= now) tagLists.push(...seriesTags(row));
    }
    if (published.length === 0) return rollback('Aucune valeur ne change : rien à publier.');
    return { ok: true as const, value: published, tags: [...new Set(tagLists)] };
  }).catch(unwrapRollback);
}

/** Cancels a version scheduled for later (nothing of it was ever public). */
export async function cancelScheduledVersion(
  db: Db,
  { code, number, actor, now = new Date() }: { code: string; number: number; actor: Actor; now?: Date },
): Promise<SeriesWrite<null>> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(series).where(eq(series.code, code)).for('update');
    if (!row) return { ok: false as const, error: `La série ${code} n’existe pas ou plus.` };
    const [deleted] = await tx
      .delete(seriesVersions)
      .where(and(eq(seriesVersions.seriesId, row.id), eq(seriesVersions.number, number), gt(seriesVersions.publishedAt, now)))
      .returning();
    if (!deleted) return { ok: false as const, error: `La version ${number} de ${code} est déjà en ligne ou n’existe plus : elle ne peut plus être annulée.` };
    await writeAudit(tx, {
      ...actor,
      action: 'series.unschedule',
      entityType: 'series',
      entityId: code,
      summary: `Série ${code} : version ${number} programmée le ${formatUtc(deleted.publishedAt)} annulée.`,
    });
    return { ok: true as const, value: null, tags: [] };
  });
}

/**
 * Marks the versions whose time has come as announced and returns the tags of their series, for
 * the scheduler to invalidate. Idempotent across instances: each version is announced once.
 */
export async function announceDueVersions(db: Db, now = new Date()): Promise<{ versions: { code: string; number: number }[]; tags: string[] }> {
  const due = await db
    .update(seriesVersions)
    .set({ announcedAt: now })
    .where(and(isNull(seriesVersions.announcedAt), lte(seriesVersions.publishedAt, now)))
    .returning({ seriesId: seriesVersions.seriesId, number: seriesVersions.number });
  if (due.length === 0) return { versions: [], tags: [] };
  const rows = await db.select().from(series);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const versions = due.flatMap((d) => {
    const row = byId.get(d.seriesId);
    return row ? [{ code: row.code, number: d.number, row }] : [];
  });
  for (const v of versions) {
    await writeAudit(db, {
      action: 'series.publish',
      entityType: 'series',
      entityId: v.code,
      summary: `Série ${v.code} : version ${v.number} mise en ligne à l’heure prévue.`,
    });
  }
  return { versions: versions.map(({ code, number }) => ({ code, number })), tags: [...new Set(versions.flatMap((v) => seriesTags(v.row)))] };
}

export async function deleteSeries(db: Db, { code, actor }: { code: string; actor: Actor }): Promise<SeriesWrite<null>> {
  return db.transaction(async (tx) => {
    const row = await findSeries(tx, code);
    if (!row) return { ok: false as const, error: `La série ${code} n’existe pas ou plus.` };
    await tx.delete(series).where(eq(series.id, row.id));
    await writeAudit(tx, { ...actor, action: 'series.delete', entityType: 'series', entityId: code, summary: `Série ${code} supprimée avec ses valeurs.` });
    return { ok: true as const, value: null, tags: seriesTags(row) };
  });
}

const utcFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });
const formatUtc = (d: Date) => `${utcFormat.format(d)} UTC`;

class Rollback extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}
function rollback(reason: string): never {
  throw new Rollback(reason);
}
function unwrapRollback(error: unknown): SeriesWrite<never> {
  if (error instanceof Rollback) return { ok: false, error: error.reason };
  throw error;
}
