'use server';
// Back-office actions on series, each through adminFormAction (session, zod, French errors); the
// writes audit in their own transaction (lib/series/versions.ts) and return the tags to invalidate.
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { adminFormAction, type ActionContext } from '@/lib/admin/action';
import { can, needs, type Need } from '@/lib/admin/access';
import { invalidateTags } from '@/lib/ops/invalidate';
import { publicPublicationAreas } from '@/lib/content/areas';
import { env } from '@/lib/env';
import { ValidationError } from '@/lib/errors';
import { versionPublishFields, versionTiming } from '@/lib/releases/version-timing';
import { cancelImport, importOwnerAndAreas, publishImport } from '@/lib/series/imports';
import { isStatusCode, periodStart, seriesMetaSchema, statusCodes, type Observation, type SeriesMeta } from '@/lib/series/model';
import { findSeries, findVersion } from '@/lib/series/queries';
import {
  approveVersion,
  cancelScheduledVersion,
  createSeries,
  publishVersions,
  returnVersion,
  seriesEnglishSchema,
  updateSeriesMeta,
  type PublishedVersion,
  type SeriesWrite,
} from '@/lib/series/versions';
import { fromFlatForm } from '@/lib/content/schemas/translations';
import { importView } from '@/lib/series/imports';
import { defineSlice, followedTableVersion, sliceFormSchema, slicedAmong, unlinkSlice, type SliceWrite } from '@/lib/tables/slices';
import { currentTimeMs } from '@/lib/clock';

const actorOf = (ctx: ActionContext) => ({ user: ctx.user, ip: ctx.request.ip });

/**
 * What a series write needs: a series' description is public as soon as it is saved, so it takes a
 * publisher of the series' area. Values are different (issue 24): a version is public only once a
 * second person approved it, so the area's writers prepare them (`needs.prepareValues`) and its
 * publishers approve them (`needs.review`).
 */
const publishSeries = (areas: readonly string[], what: string): Need => ({ to: 'publish', areas, what });
/** The area of a series by its code (none when it is unknown: the write then answers « n’existe pas »). */
const areasOfSeries = async (ctx: ActionContext, code: string) => {
  const row = await findSeries(ctx.db, code);
  return row ? [row.area] : [];
};

/** The write's value, its caches invalidated; its French error as a form error (under its field when it has one). */
async function done<T>(result: SeriesWrite<T>): Promise<T> {
  if (!result.ok) throw new ValidationError(result.error, result.field ? { [result.field]: [result.error] } : undefined);
  await invalidateTags(result.tags);
  return result.value;
}

/**
 * A series defined as a slice of a table follows the table's versions (lib/tables/slices.ts): its
 * values are not typed nor imported by hand, until it is detached.
 */
async function refuseSlices(ctx: ActionContext, codes: readonly string[]): Promise<void> {
  const sliced = await slicedAmong(ctx.db, codes);
  if (sliced.size === 0) return;
  const names = [...sliced].map(([code, table]) => `${code} (tableau ${table})`).join(', ');
  throw new ValidationError(
    `Rien n’a été publié : ${sliced.size > 1 ? 'les séries' : 'la série'} ${names} ${sliced.size > 1 ? 'sont des tranches' : 'est une tranche'} ` +
      'd’un tableau et en suit les versions. Importez une nouvelle version du tableau, ou détachez la série du tableau sur son écran.',
  );
}

/** A series version written by a table version is approved, returned or cancelled with it, on the table's screen. */
async function refuseFollower(ctx: ActionContext, code: string, number: number): Promise<void> {
  const followed = await followedTableVersion(ctx.db, code, number);
  if (followed) {
    throw new ValidationError(
      `La version ${number} de ${code} suit la version ${followed.number} du tableau ${followed.table} : ` +
        'approuvez-la, renvoyez-la ou annulez-la sur l’écran du tableau, elle suivra.',
    );
  }
}

const metaInput = seriesMetaSchema.extend({
  area: z
    .string({ error: 'Choisissez la rubrique de la série.' })
    .refine((a) => publicPublicationAreas().some((p) => p.slug === a), 'Choisissez une rubrique publique.'),
  headline: z
    .literal('on')
    .optional()
    .transform((v) => v === 'on'),
  en: seriesEnglishSchema,
});
/** The French description (its columns are picked by the write; the English one, `en`, is passed apart). */
const toMeta = (input: z.infer<typeof metaInput>): SeriesMeta => ({ ...input, headline: input.headline });

// The English description comes flat (`en.label`…): `fromFlatForm` nests it under `en`.
export const createSeriesAction = adminFormAction(
  fromFlatForm(metaInput),
  async (input, ctx) => {
    const row = await done(await createSeries(ctx.db, { meta: toMeta(input), english: input.en, actor: actorOf(ctx) }));
    redirect(`/admin/series/${row.code}`);
  },
  { access: (input) => publishSeries([input.area], 'créer une série (elle est publique dès sa création)') },
);

export const updateSeriesAction = adminFormAction(
  fromFlatForm(metaInput.extend({ current: z.string().max(40), version: z.coerce.number().int().min(1) })),
  async ({ current, version, ...input }, ctx) => {
    const row = await done(
      await updateSeriesMeta(ctx.db, {
        code: current,
        expectedVersion: version,
        meta: toMeta(input),
        english: input.en,
        actor: actorOf(ctx),
      }),
    );
    if (row.code !== current) redirect(`/admin/series/${row.code}`);
    return { version: row.version };
  },
  {
    access: async (input, ctx) =>
      publishSeries(
        [...new Set([...(await areasOfSeries(ctx, input.current)), input.area])],
        'modifier la description d’une série (publique dès l’enregistrement)',
      ),
    success: 'Description de la série enregistrée.',
  },
);

/** When the values go online: now, at a time or with a release (every versioned kind's fields: lib/releases/version-timing.ts). */
const publishFields = versionPublishFields;
const timing = (input: Parameters<typeof versionTiming>[0]) => versionTiming(input, env.TIME_ZONE);
const publishedMessage = (v: PublishedVersion[]) => {
  const names = v.map((x) => `${x.code} v${x.number}`).join(', ');
  if (v.some((x) => x.review !== 'approved')) {
    return (
      `Version soumise pour relecture : ${names}. Une seconde personne ` + 'l’approuve avant sa mise en ligne ; rien n’est public d’ici là.'
    );
  }
  return v.some((x) => x.publishedAt.getTime() > currentTimeMs() + 1000)
    ? `Version programmée : ${names}. Rien n’est public avant l’heure prévue.`
    : `Version publiée : ${names}. Les pages, fichiers et l’API sont à jour.`;
};
/** Whether the actor approves versions of these series' areas (a publisher): their own is still submitted unless self-approval. */
const approverOf = (ctx: ActionContext, areas: readonly string[]) => can(ctx.actor, needs.review(areas));

/** Values typed in the grid: `value:{period}` and `status:{period}` fields. */
export const publishValuesAction = adminFormAction(
  z.looseObject({ code: z.string().max(40), ...publishFields }),
  async (input, ctx) => {
    const row = await findSeries(ctx.db, input.code);
    if (!row) throw new ValidationError(`La série ${input.code} n’existe pas ou plus.`);
    await refuseSlices(ctx, [row.code]);
    const values: Observation[] = [];
    const errors: string[] = [];
    // Each message also under its cell (`value:{period}`, `status:{period}`), for the grid to show.
    const fieldErrors: Record<string, string[]> = {};
    const refuse = (field: string, message: string) => {
      errors.push(message);
      fieldErrors[field] = [message];
    };
    for (const [key, raw] of Object.entries(input)) {
      if (!key.startsWith('value:') || typeof raw !== 'string') continue;
      const period = key.slice(6);
      const text = raw
        .trim()
        .replace(/[\s\u00a0\u202f]/g, '')
        .replace(',', '.');
      if (text === '') continue;
      if (!periodStart(period.slice(0, 7), 'monthly') && !/^\d{4}-\d{2}-01$/.test(period)) {
        refuse(key, `Période inconnue : ${period}.`);
        continue;
      }
      if (!/^-?\d+(\.\d+)?$/.test(text)) {
        refuse(key, `${period} : « ${raw} » n’est pas un nombre (exemple : 101,5).`);
        continue;
      }
      const status = String(input[`status:${period}`] ?? 'A');
      if (!isStatusCode(status)) {
        refuse(`status:${period}`, `${period} : statut inconnu « ${status} » (${statusCodes.join(', ')}).`);
        continue;
      }
      values.push({ period, value: Math.round(Number(text) * 10_000) / 10_000, status });
    }
    if (errors.length > 0) throw new ValidationError(`Rien n’a été publié. ${errors.join(' ')}`, fieldErrors);
    const published = await done(
      await publishVersions(ctx.db, {
        values: new Map([[row.code, values.sort((a, b) => a.period.localeCompare(b.period))]]),
        ...timing(input),
        kind: input.kind,
        reason: input.reason,
        actor: actorOf(ctx),
        approver: approverOf(ctx, [row.area]),
      }),
    );
    return { message: publishedMessage(published) };
  },
  { access: async (input, ctx) => needs.prepareValues(await areasOfSeries(ctx, input.code)), success: (r) => r.message },
);

export const publishImportAction = adminFormAction(
  z.object({ id: z.uuid('Import inconnu : envoyez le fichier à nouveau.'), ...publishFields }),
  async (input, ctx) => {
    const areas = (await importOwnerAndAreas(ctx.db, input.id))?.areas ?? [];
    await refuseSlices(ctx, Object.keys((await importView(ctx.db, input.id))?.frequencies ?? {}));
    const published = await done(
      await publishImport(ctx.db, {
        id: input.id,
        ...timing(input),
        kind: input.kind,
        reason: input.reason,
        actor: actorOf(ctx),
        approver: approverOf(ctx, areas),
      }),
    );
    redirect(`/admin/series?publie=${encodeURIComponent(publishedMessage(published))}`);
  },
  { access: async ({ id }, ctx) => needs.prepareValues((await importOwnerAndAreas(ctx.db, id))?.areas ?? []) },
);

export const cancelImportAction = adminFormAction(
  z.object({ id: z.uuid('Import inconnu.') }),
  async ({ id }, ctx) => {
    await cancelImport(ctx.db, id);
    redirect('/admin/series/import?annule=1');
  },
  {
    // Its author forgets their own import; someone else's takes a publisher.
    access: async ({ id }, ctx) => {
      const staged = await importOwnerAndAreas(ctx.db, id);
      return !staged || staged.createdBy === ctx.user.id
        ? needs.read
        : publishSeries(staged.areas, 'annuler l’import d’une autre personne');
    },
  },
);

const versionInput = z.object({ code: z.string().max(40), number: z.coerce.number().int().min(1) });

/**
 * Cancelling a version not yet public: one waiting for review (submitted or sent back) is still
 * its areas' writers' work, like a draft; an approved one scheduled for later is the public
 * site's, which takes a publisher.
 */
export const cancelVersionAction = adminFormAction(
  versionInput,
  async ({ code, number }, ctx) => {
    await refuseFollower(ctx, code, number);
    return done(await cancelScheduledVersion(ctx.db, { code, number, actor: actorOf(ctx) }));
  },
  {
    access: async ({ code, number }, ctx) => {
      const version = await findVersion(ctx.db, code, number);
      if (version && version.review !== 'approved') return needs.prepareValues([version.area]);
      return publishSeries(await areasOfSeries(ctx, code), 'annuler une version programmée');
    },
    success: 'Version annulée : rien n’en sera publié.',
  },
);

/** Approving a version submitted for review: by a publisher of its area who did not write it (unless self-approval). */
export const approveVersionAction = adminFormAction(
  versionInput,
  async ({ code, number }, ctx) => {
    await refuseFollower(ctx, code, number);
    const approved = await done(await approveVersion(ctx.db, { code, number, actor: actorOf(ctx) }));
    return {
      message: approved.public
        ? `Version ${number} de ${code} approuvée et mise en ligne : les pages, fichiers et l’API sont à jour.`
        : `Version ${number} de ${code} approuvée : elle sera en ligne à l’heure prévue.`,
    };
  },
  { access: async ({ code }, ctx) => needs.review(await areasOfSeries(ctx, code)), success: (r) => r.message },
);

/** Sending a submitted version back to its writer, with the reason (`note`, required). */
export const returnVersionAction = adminFormAction(
  versionInput.extend({ note: z.string().max(2_000, 'La raison tient en 2 000 caractères au plus.').default('') }),
  async ({ code, number, note }, ctx) => {
    await refuseFollower(ctx, code, number);
    return done(await returnVersion(ctx.db, { code, number, note, actor: actorOf(ctx) }));
  },
  {
    access: async ({ code }, ctx) => needs.review(await areasOfSeries(ctx, code)),
    success: 'Version renvoyée à son rédacteur, avec votre remarque. Rien n’en est public.',
  },
);

/** The slice's write, its caches invalidated; its French error as a form error. */
async function sliceDone(result: SliceWrite) {
  if (!result.ok) throw new ValidationError(result.error, result.field ? { [result.field]: [result.error] } : undefined);
  await invalidateTags(result.tags);
  return result.value;
}

/**
 * Defines the series as a slice of a table (one value of each non-time dimension, one measure),
 * checked against the table's current structure; its values become the slice's at once (a version,
 * reviewed like any other) and then follow each version of the table.
 */
export const defineSliceAction = adminFormAction(
  sliceFormSchema,
  async (input, ctx) => {
    const row = await findSeries(ctx.db, input.code);
    if (!row) throw new ValidationError(`La série ${input.code} n’existe pas ou plus.`);
    const written = await sliceDone(
      await defineSlice(ctx.db, {
        seriesCode: row.code,
        tableCode: input.table,
        slice: { selection: input.selection, measure: input.measure },
        actor: actorOf(ctx),
        approver: approverOf(ctx, [row.area]),
      }),
    );
    const message =
      written.number === null
        ? `La série ${row.code} suit désormais le tableau ${input.table} ; ses valeurs étaient déjà celles du tableau.`
        : written.review === 'approved'
          ? `La série ${row.code} suit désormais le tableau ${input.table} : version ${written.number} publiée avec les valeurs du tableau.`
          : `La série ${row.code} suit désormais le tableau ${input.table} : la version ${written.number}, aux valeurs du tableau, ` +
            'est soumise pour relecture.';
    return { message };
  },
  { access: async (input, ctx) => needs.defineSlice(await areasOfSeries(ctx, input.code)), success: (r) => r.message },
);

/** Detaches the series from its table: its versions stay, and its values are typed or imported by hand again. */
export const unlinkSliceAction = adminFormAction(
  z.object({ code: z.string().trim().max(40) }),
  async ({ code }, ctx) => sliceDone(await unlinkSlice(ctx.db, { seriesCode: code, actor: actorOf(ctx) })),
  {
    access: async ({ code }, ctx) => needs.defineSlice(await areasOfSeries(ctx, code)),
    success: 'Série détachée du tableau : ses versions restent, ses valeurs se saisissent de nouveau à la main.',
  },
);
