/**
 * Writing series: metadata, and new versions of their values. A published value is never updated:
 * a change is a new version holding the changed values, with its time, kind and reason, and an
 * audit entry. One version not yet public (scheduled, or waiting for review) at a time per series,
 * so versions are numbered in publication order and the series at an instant is well defined
 * (lib/series/queries.ts).
 *
 * Review (issue 24, lib/review/model.ts): a version's writer is its `createdBy`. A Rédacteur's
 * version is submitted for review; a Responsable's or an Administrateur's too, unless
 * self-approval is on. A second person approves it (`approveVersion`) or sends it back with a
 * reason (`returnVersion`); a version not approved is never public, even after its time.
 */
import { and, eq, gt, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { tags } from '@/lib/cache/tags';
import { writeAudit, type AuditInput } from '@/lib/audit/write';
import type { Db } from '@/lib/db/open';
import { observations, releases, series, seriesVersions, type Translations } from '@/lib/db/schema';
import { englishAudit, englishChanges, mergedTranslations, storedTranslations } from '@/lib/content/mutations/translations';
import { englishFields, englishText, type EnglishValues } from '@/lib/content/schemas/translations';
import { approvalRefusal } from '@/lib/review/model';
import { selfApprovalAllowed } from '@/lib/review/settings';
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
export type SeriesTextField = 'label' | 'unit' | 'basePeriod' | 'methodology' | 'source';

/**
 * The English version of a series' description (issue 15), as its form sends it (`en.label`…):
 * each field optional, no longer than the French one may be; empty means « shown in French ».
 */
export const seriesEnglishSchema = englishFields({
  label: englishText(200, 'Le titre'),
  unit: englishText(60, 'L’unité'),
  basePeriod: englishText(60, 'La base'),
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
  {
    code,
    expectedVersion,
    meta,
    english,
    actor,
  }: { code: string; expectedVersion: number; meta: SeriesMeta; english?: EnglishValues<SeriesTextField>; actor: Actor },
): Promise<SeriesWrite<SeriesRow>> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(series).where(eq(series.code, code)).for('update');
    if (!current) return { ok: false, error: `La série ${code} n’existe pas ou plus.` };
    if (current.version !== expectedVersion) {
      return {
        ok: false,
        error:
          'Quelqu’un a modifié cette série pendant que vous la modifiiez : rechargez la page, vos changements n’ont pas été enregistrés.',
      };
    }
    if (meta.frequency !== current.frequency) {
      const [anyValue] = await tx.select({ id: observations.id }).from(observations).where(eq(observations.seriesId, current.id)).limit(1);
      if (anyValue)
        return {
          ok: false,
          error: 'La fréquence d’une série qui a des valeurs ne change pas : créez une nouvelle série.',
          field: 'frequency',
        };
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
  /**
   * Whether the actor approves versions of these series (Responsable de publication, Administrateur:
   * the action's `needs.review`). Even then their own version is approved at once only under
   * self-approval; a Rédacteur's (false) is always submitted for review.
   */
  approver: boolean;
  now?: Date;
};

/** A version written: `approved` (public at its time) or `submitted` (waiting for a second person). */
export type PublishedVersion = { code: string; number: number; publishedAt: Date; changed: number; review: 'approved' | 'submitted' };

/** What the review rules (lib/review/model.ts) need of a version: its writer is whoever created it. */
const reviewedVersion = (v: { review: 'none' | 'submitted' | 'approved'; createdBy: string | null }) => ({
  review: v.review,
  editedBy: v.createdBy,
});

/** Not yet public: its time has not come, or nobody approved it yet. */
const notPublic = (now: Date) => or(gt(seriesVersions.publishedAt, now), ne(seriesVersions.review, 'approved'));

/** Why a series cannot take a new version while this one is not public (French). */
function pendingRefusal(code: string, pending: { number: number; publishedAt: Date; review: string }): string {
  if (pending.review === 'submitted') {
    return (
      `La série ${code} a déjà une version en attente de relecture (version ${pending.number}) : ` +
      'faites-la approuver ou annulez-la avant d’en préparer une autre.'
    );
  }
  if (pending.review === 'none') {
    return (
      `La série ${code} a une version renvoyée à son rédacteur ` + `(version ${pending.number}) : annulez-la avant d’en préparer une autre.`
    );
  }
  return (
    `La série ${code} a déjà une version programmée (version ${pending.number}, ` +
    `le ${formatUtc(pending.publishedAt)}) : attendez sa mise en ligne ou annulez-la d’abord.`
  );
}

const sameObservation = (a: Observation, b: Observation) => a.value === b.value && a.status === b.status;

/**
 * Writes (for now or for `publishAt`) one new version of each series that `values` changes, in one
 * transaction: all of them or none. Refused when a series already has a version not yet public
 * (scheduled, or waiting for review), or when nothing changes. An approver's version under
 * self-approval is approved at once; any other is submitted for review and public only once a
 * second person approves it. Caches are told at once for an approved « now »; the scheduler tells
 * them at the time.
 */
export async function publishVersions(db: Db, request: VersionRequest): Promise<SeriesWrite<PublishedVersion[]>> {
  const now = request.now ?? new Date();
  let publishedAt = request.publishAt && request.publishAt > now ? request.publishAt : now;
  const reason = request.reason.trim();
  if (request.kind === 'correction' && reason.length < 5)
    return { ok: false, error: 'Une correction dit ce qu’elle corrige : indiquez la raison.', field: 'reason' };
  return db
    .transaction(async (tx) => {
      const approved = request.approver && (await selfApprovalAllowed(tx));
      const review = approved ? ('approved' as const) : ('submitted' as const);
      if (request.releaseId !== undefined) {
        // The release is locked against a move or a cancellation while its versions are written.
        const [release] = await tx.select().from(releases).where(eq(releases.id, request.releaseId)).for('update');
        if (!release || (release.status !== 'confirmed' && release.status !== 'postponed') || release.scheduledAt <= now) {
          return rollback(
            'Cette parution ne prend plus de contenu (date passée, non confirmée, annulée ou publiée) : choisissez-en une autre.',
          );
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
          .select({ number: seriesVersions.number, publishedAt: seriesVersions.publishedAt, review: seriesVersions.review })
          .from(seriesVersions)
          .where(and(eq(seriesVersions.seriesId, row.id), notPublic(now)))
          .limit(1);
        if (pending) return rollback(pendingRefusal(code, pending));
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
            announcedAt: approved && publishedAt <= now ? now : null,
            releaseId: request.releaseId ?? null,
            createdBy: request.actor.user.id,
            review,
            ...(approved ? { reviewedBy: request.actor.user.id, reviewedAt: now } : {}),
          })
          .returning();
        for (let i = 0; i < changed.length; i += 1000) {
          await tx
            .insert(observations)
            .values(
              changed
                .slice(i, i + 1000)
                .map((o) => ({ seriesId: row.id, versionId: version!.id, period: o.period, value: o.value, status: o.status })),
            );
        }
        const revised = changed.filter((o) => current.has(o.period)).length;
        const last = changed.at(-1)!;
        const state = !approved
          ? `soumise pour relecture${publishedAt > now ? ` (prévue le ${formatUtc(publishedAt)})` : ''}`
          : publishedAt <= now
            ? 'publiée'
            : `programmée le ${formatUtc(publishedAt)}`;
        await writeAudit(tx, {
          ...request.actor,
          action: !approved ? 'series.submit' : publishedAt <= now ? 'series.publish' : 'series.schedule',
          entityType: 'series',
          entityId: code,
          summary:
            `Série ${code}, version ${number} (${changeKindLabel[request.kind]}) ${state} : ` +
            (`${changed.length - revised} valeur(s) nouvelle(s), ${revised} révisée(s), ` +
              `jusqu’à ${periodLabel(last.period, row.frequency)}.`) +
            (reason ? ` Raison : ${reason}` : ''),
          after: { number, publishedAt: publishedAt.toISOString(), kind: request.kind, reason, changed: changed.length, revised, review },
        });
        published.push({ code, number, publishedAt, changed: changed.length, review });
        if (approved && publishedAt <= now) tagLists.push(...seriesTags(row));
      }
      if (published.length === 0) return rollback('Aucune valeur ne change : rien à publier.');
      return { ok: true as const, value: published, tags: [...new Set(tagLists)] };
    })
    .catch(unwrapRollback);
}

/**
 * Cancels a version not yet public: scheduled for later, or waiting for review (submitted or sent
 * back, whatever its time). Nothing of it was ever public.
 */
export async function cancelScheduledVersion(
  db: Db,
  { code, number, actor, now = new Date() }: { code: string; number: number; actor: Actor; now?: Date },
): Promise<SeriesWrite<null>> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(series).where(eq(series.code, code)).for('update');
    if (!row) return { ok: false as const, error: `La série ${code} n’existe pas ou plus.` };
    const [deleted] = await tx
      .delete(seriesVersions)
      .where(and(eq(seriesVersions.seriesId, row.id), eq(seriesVersions.number, number), notPublic(now)))
      .returning();
    if (!deleted)
      return {
        ok: false as const,
        error: `La version ${number} de ${code} est déjà en ligne ou n’existe plus : elle ne peut plus être annulée.`,
      };
    const what =
      deleted.review === 'approved'
        ? `programmée le ${formatUtc(deleted.publishedAt)}`
        : deleted.review === 'submitted'
          ? 'en attente de relecture'
          : 'renvoyée à son rédacteur';
    await writeAudit(tx, {
      ...actor,
      action: 'series.unschedule',
      entityType: 'series',
      entityId: code,
      summary: `Série ${code} : version ${number} ${what} annulée.`,
      before: { number, publishedAt: deleted.publishedAt.toISOString(), review: deleted.review },
    });
    return { ok: true as const, value: null, tags: [] };
  });
}

/** The version to review, its series locked for the change; or the French reason there is none. */
async function lockedVersion(
  tx: Db,
  code: string,
  number: number,
): Promise<{ error: string } | { row: SeriesRow; version: typeof seriesVersions.$inferSelect }> {
  const [row] = await tx.select().from(series).where(eq(series.code, code)).for('update');
  if (!row) return { error: `La série ${code} n’existe pas ou plus.` };
  const [version] = await tx
    .select()
    .from(seriesVersions)
    .where(and(eq(seriesVersions.seriesId, row.id), eq(seriesVersions.number, number)))
    .for('update');
  if (!version) return { error: `La version ${number} de ${code} n’existe plus (annulée ?) : rechargez la page.` };
  return { row, version };
}

/**
 * Approves a version submitted for review, by someone other than its writer (unless self-approval
 * is on: lib/review/model.ts `approvalRefusal`). A version whose time has already come goes public
 * at once: its time becomes now (it was public nowhere before, and a reader asking the series « as
 * of » an earlier instant must not see it), the caches are told and it is marked announced. One
 * scheduled for later, on its own or with a calendar release, goes out at its time.
 */
export async function approveVersion(
  db: Db,
  { code, number, actor, now = new Date() }: { code: string; number: number; actor: Actor; now?: Date },
): Promise<SeriesWrite<{ publishedAt: Date; public: boolean }>> {
  return db.transaction(async (tx) => {
    const found = await lockedVersion(tx, code, number);
    if ('error' in found) return { ok: false as const, error: found.error };
    const { row, version } = found;
    if (version.review === 'approved') return { ok: false as const, error: `La version ${number} de ${code} est déjà approuvée.` };
    if (version.review === 'none') {
      return {
        ok: false as const,
        error: `La version ${number} de ${code} a été renvoyée à son rédacteur : il l’annule et en prépare une nouvelle.`,
      };
    }
    const refusal = approvalRefusal(
      reviewedVersion(version),
      { userId: actor.user.id, selfApproval: await selfApprovalAllowed(tx) },
      `la série ${code}`,
    );
    if (refusal) return { ok: false as const, error: refusal };
    const due = version.publishedAt <= now;
    const [approved] = await tx
      .update(seriesVersions)
      .set({
        review: 'approved',
        reviewedBy: actor.user.id,
        reviewedAt: now,
        reviewNote: null,
        ...(due ? { publishedAt: now, announcedAt: now } : {}),
      })
      .where(eq(seriesVersions.id, version.id))
      .returning();
    await writeAudit(tx, {
      ...actor,
      action: 'series.approve',
      entityType: 'series',
      entityId: code,
      summary: `Série ${code} : version ${number} approuvée, ${due ? 'mise en ligne' : `en ligne le ${formatUtc(version.publishedAt)}`}.`,
      before: { number, review: version.review, publishedAt: version.publishedAt.toISOString() },
      after: { number, review: 'approved', publishedAt: approved!.publishedAt.toISOString() },
    });
    return { ok: true as const, value: { publishedAt: approved!.publishedAt, public: due }, tags: due ? seriesTags(row) : [] };
  });
}

/**
 * Sends a version submitted for review back to its writer, with the reason (required, French
 * error on `note`). It stays public nowhere; its writer cancels it and prepares a new one.
 */
export async function returnVersion(
  db: Db,
  { code, number, note, actor, now = new Date() }: { code: string; number: number; note: string; actor: Actor; now?: Date },
): Promise<SeriesWrite<null>> {
  const text = note.trim();
  if (text === '') return { ok: false, error: 'Dites au rédacteur ce qu’il faut revoir.', field: 'note' };
  if (text.length > 2_000) return { ok: false, error: 'La raison tient en 2 000 caractères au plus.', field: 'note' };
  return db.transaction(async (tx) => {
    const found = await lockedVersion(tx, code, number);
    if ('error' in found) return { ok: false as const, error: found.error };
    const { version } = found;
    if (version.review !== 'submitted') {
      return { ok: false as const, error: `La version ${number} de ${code} n’est pas en attente de relecture : rechargez la page.` };
    }
    await tx
      .update(seriesVersions)
      .set({ review: 'none', reviewedBy: actor.user.id, reviewedAt: now, reviewNote: text })
      .where(eq(seriesVersions.id, version.id));
    await writeAudit(tx, {
      ...actor,
      action: 'series.return',
      entityType: 'series',
      entityId: code,
      summary: `Série ${code} : version ${number} renvoyée à son rédacteur. Raison : ${text}`,
      before: { number, review: 'submitted' },
      after: { number, review: 'none', reviewNote: text },
    });
    return { ok: true as const, value: null, tags: [] };
  });
}

/**
 * Marks the approved versions whose time has come as announced and returns the tags of their
 * series, for the scheduler to invalidate. Idempotent across instances: each version is announced
 * once. A version not approved stays unannounced: approving it later announces it (`approveVersion`).
 */
export async function announceDueVersions(
  db: Db,
  now = new Date(),
): Promise<{ versions: { code: string; number: number }[]; tags: string[] }> {
  const releaseOut = sql`select 1 from ${releases} where ${releases.id} = ${seriesVersions.releaseId} and ${releases.status} = 'published'`;
  const due = await db
    .update(seriesVersions)
    .set({ announcedAt: now })
    // A version of a release is announced once the release is out (published earlier in the same run).
    .where(
      and(
        isNull(seriesVersions.announcedAt),
        lte(seriesVersions.publishedAt, now),
        eq(seriesVersions.review, 'approved'),
        sql`(${seriesVersions.releaseId} is null or exists (${releaseOut}))`,
      ),
    )
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
  return {
    versions: versions.map(({ code, number }) => ({ code, number })),
    tags: [...new Set(versions.flatMap((v) => seriesTags(v.row)))],
  };
}

export async function deleteSeries(db: Db, { code, actor }: { code: string; actor: Actor }): Promise<SeriesWrite<null>> {
  return db.transaction(async (tx) => {
    const row = await findSeries(tx, code);
    if (!row) return { ok: false as const, error: `La série ${code} n’existe pas ou plus.` };
    await tx.delete(series).where(eq(series.id, row.id));
    await writeAudit(tx, {
      ...actor,
      action: 'series.delete',
      entityType: 'series',
      entityId: code,
      summary: `Série ${code} supprimée avec ses valeurs.`,
    });
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
