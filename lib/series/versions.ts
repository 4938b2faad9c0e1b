/**
 * Writing series: metadata, and new versions of their values. A published value is never updated:
 * a change is a new version holding the changed values (its observations), with its time, kind and
 * reason, review, release link and audit entry. What every versioned kind shares — the review, one
 * version not yet public at a time, the release's embargo, the announcement — is lib/versions
 * (the series' `Versioning` is in ./versioning.ts); this file writes what a series version holds.
 * The functions keep the names and signatures other code calls (`publishVersions`, `approveVersion`…).
 */
import { eq } from 'drizzle-orm';
import { writeAudit } from '@/lib/audit/write';
import type { Db } from '@/lib/db/open';
import { observations, series, type Translations } from '@/lib/db/schema';
import { englishAudit, englishChanges, mergedTranslations, storedTranslations } from '@/lib/content/mutations/translations';
import { englishFields, englishText, type EnglishValues } from '@/lib/content/schemas/translations';
import type { Actor, VersionTerms, VersionWrite } from '@/lib/versions/model';
import {
  auditVersion,
  insertVersion,
  lifecycleOf,
  openTerms,
  ownerForVersion,
  rollback,
  termsRefusal,
  writeInTransaction,
} from '@/lib/versions/write';
import { periodLabel, type Observation, type SeriesMeta } from './model';
import { findSeries, metaOf, valuesAt, type SeriesRow } from './queries';
import { seriesTags, seriesVersioning } from './versioning';

export type { Actor };
export { seriesTags };

/** A write's value and the tags it touched, or its French error (with the form field it is about, if any). */
export type SeriesWrite<T> = VersionWrite<T>;

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

export type VersionRequest = VersionTerms & {
  /** New and changed values per series code (values equal to the current ones are left out). */
  values: ReadonlyMap<string, readonly Observation[]>;
};

/** A version written: `approved` (public at its time) or `submitted` (waiting for a second person). */
export type PublishedVersion = { code: string; number: number; publishedAt: Date; changed: number; review: 'approved' | 'submitted' };

const sameObservation = (a: Observation, b: Observation) => a.value === b.value && a.status === b.status;

/**
 * Writes (for now or for `publishAt`) one new version of each series that `values` changes, in one
 * transaction: all of them or none. Refused when a series already has a version not yet public
 * (scheduled, or waiting for review), or when nothing changes. An approver's version under
 * self-approval is approved at once; any other is submitted for review and public only once a
 * second person approves it (lib/versions/write.ts). Caches are told at once for an approved
 * « now »; the scheduler tells them at the time.
 */
export async function publishVersions(db: Db, request: VersionRequest): Promise<SeriesWrite<PublishedVersion[]>> {
  const refusal = termsRefusal(request);
  if (refusal) return refusal;
  return writeInTransaction(db, async (tx) => {
    const opened = await openTerms(tx, request);
    const published: PublishedVersion[] = [];
    const tagLists: string[] = [];
    for (const [code, wanted] of request.values) {
      const owner = await ownerForVersion(tx, seriesVersioning, opened, code);
      const current = new Map(((await valuesAt(tx, [owner.id], { scheduled: true })).get(owner.id) ?? []).map((o) => [o.period, o]));
      const changed = wanted.filter((o) => {
        const before = current.get(o.period);
        return !before || !sameObservation(before, o);
      });
      if (changed.length === 0) continue;
      const version = await insertVersion(tx, seriesVersioning, opened, owner);
      for (let i = 0; i < changed.length; i += 1000) {
        await tx
          .insert(observations)
          .values(
            changed
              .slice(i, i + 1000)
              .map((o) => ({ seriesId: owner.id, versionId: version.id, period: o.period, value: o.value, status: o.status })),
          );
      }
      const revised = changed.filter((o) => current.has(o.period)).length;
      const last = changed.at(-1)!;
      const [{ frequency }] = (await tx.select({ frequency: series.frequency }).from(series).where(eq(series.id, owner.id))) as [
        Pick<SeriesRow, 'frequency'>,
      ];
      const live = await auditVersion(
        tx,
        seriesVersioning,
        opened,
        { code, number: version.number },
        {
          detail:
            `${changed.length - revised} valeur(s) nouvelle(s), ${revised} révisée(s), ` +
            `jusqu’à ${periodLabel(last.period, frequency)}.`,
          after: { changed: changed.length, revised },
        },
      );
      published.push({ code, number: version.number, publishedAt: opened.publishedAt, changed: changed.length, review: opened.review });
      if (live) tagLists.push(...seriesTags(owner));
    }
    if (published.length === 0) return rollback('Aucune valeur ne change : rien à publier.');
    return { ok: true as const, value: published, tags: [...new Set(tagLists)] };
  });
}

/**
 * The review of a series version, each the lib/versions function for series: `approveVersion` (by
 * someone other than its writer unless self-approval; public at once if its time has come and it
 * has no release), `returnVersion` (with the reason, required on `note`), `cancelScheduledVersion`
 * (a version not yet public: nothing of it was ever public), `announceDueVersions` (the scheduler:
 * the approved versions whose time and release came, with the tags to invalidate; idempotent).
 */
export const {
  approve: approveVersion,
  sendBack: returnVersion,
  cancel: cancelScheduledVersion,
  announceDue: announceDueVersions,
} = lifecycleOf(seriesVersioning);

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
