'use server';
// The release calendar's back-office actions, each through adminFormAction; the writes audit in
// their transaction (lib/releases/mutations.ts) and return the tags to invalidate.
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { adminFormAction, type ActionContext } from '@/lib/admin/action';
import { can, needs, type Need } from '@/lib/admin/access';
import { invalidateTags } from '@/lib/ops/invalidate';
import { env } from '@/lib/env';
import { ValidationError } from '@/lib/errors';
import { linkPublication, unlinkPublication } from '@/lib/releases/links';
import { fromZonedInput } from '@/lib/releases/model';
import { releaseArea } from '@/lib/releases/queries';
import { reviewRelease } from '@/lib/releases/review';
import {
  changeRelease,
  createRelease,
  releaseEnglishSchema,
  releaseInputSchema,
  translateRelease,
  type ReleaseWrite,
} from '@/lib/releases/mutations';
import { englishFields, englishText, fromFlatForm } from '@/lib/content/schemas/translations';

const actorOf = (ctx: ActionContext) => ({ user: ctx.user, ip: ctx.request.ip });

/**
 * The calendar is public as soon as it changes (announcements, dates, reasons, what a release
 * brings out): a write to a release on the public calendar takes a publisher of its area. A release
 * a Rédacteur prepared, not yet approved (off the public calendar), is its area's writers' too.
 */
const publishRelease = async (ctx: ActionContext, id: number, what: string): Promise<Need> => {
  const release = await releaseArea(ctx.db, id);
  const areas = release ? [release.area] : [];
  return release && !release.public ? { to: 'edit', areas, what } : { to: 'publish', areas, what };
};
/** Linking schedules a publication (of any area) with the release: a publisher's act, whatever the release. */
const linkRelease = async (ctx: ActionContext, id: number, what: string): Promise<Need> => {
  const release = await releaseArea(ctx.db, id);
  return { to: 'publish', areas: release ? [release.area] : [], what };
};
/** The write's result, its caches invalidated; its French error as a form error (under its field when it has one). */
async function done(result: ReleaseWrite) {
  if (!result.ok) throw new ValidationError(result.error, result.field ? { [result.field]: [result.error] } : undefined);
  await invalidateTags(result.tags);
  return result;
}
/** `datetime-local` values are wall-clock times of the institute's zone (`TIME_ZONE`). */
const localTime = z
  .string({ error: 'Indiquez la date et l’heure.' })
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'Date et heure attendues (AAAA-MM-JJ HH:MM).')
  .transform(
    (v, ctx) => fromZonedInput(v, env.TIME_ZONE) ?? (ctx.addIssue({ code: 'custom', message: 'Cette date n’existe pas.' }), z.NEVER),
  );

// English fields come flat (`en.title`): `fromFlatForm` nests them under `en`.
export const createReleaseAction = adminFormAction(
  fromFlatForm(releaseInputSchema.extend({ scheduledAt: localTime })),
  async (input, ctx) => {
    // A publisher's announcement is public at once; a Rédacteur's waits for its approval.
    const created = await done(
      await createRelease(ctx.db, { input, actor: actorOf(ctx), publicAtOnce: can(ctx.actor, needs.publish([input.area])) }),
    );
    redirect(`/admin/calendrier/${created.id}`);
  },
  { access: (input) => needs.editDraft([input.area]) },
);

const target = { id: z.coerce.number().int().min(1), version: z.coerce.number().int().min(1) };

export const confirmReleaseAction = adminFormAction(
  z.object({ ...target, scheduledAt: localTime }),
  async ({ id, version, scheduledAt }, ctx) => {
    await done(
      await changeRelease(ctx.db, { id, expectedVersion: version, change: { kind: 'confirm', scheduledAt }, actor: actorOf(ctx) }),
    );
  },
  {
    access: ({ id }, ctx) => publishRelease(ctx, id, 'confirmer la date d’une parution'),
    success: 'Date confirmée : le calendrier public et ses flux sont à jour.',
  },
);

export const moveReleaseAction = adminFormAction(
  fromFlatForm(
    z.object({
      ...target,
      scheduledAt: localTime,
      reason: z.string().trim().max(500).default(''),
      en: englishFields({ reason: englishText(500, 'La raison du report') }),
    }),
  ),
  async ({ id, version, scheduledAt, reason, en }, ctx) => {
    const change = { kind: 'move' as const, scheduledAt, reason, reasonEn: en?.reason };
    await done(await changeRelease(ctx.db, { id, expectedVersion: version, change, actor: actorOf(ctx) }));
  },
  {
    access: ({ id }, ctx) => publishRelease(ctx, id, 'reporter une parution'),
    success: 'Parution reportée : l’ancienne date et la raison sont publiées.',
  },
);

export const cancelReleaseAction = adminFormAction(
  z.object({ ...target, notice: z.string().trim().max(1000).default('') }),
  async ({ id, version, notice }, ctx) => {
    await done(await changeRelease(ctx.db, { id, expectedVersion: version, change: { kind: 'cancel', notice }, actor: actorOf(ctx) }));
  },
  { access: ({ id }, ctx) => publishRelease(ctx, id, 'annuler une parution'), success: 'Parution annulée : l’avis est publié.' },
);

export const translateReleaseAction = adminFormAction(
  fromFlatForm(z.object({ ...target, en: releaseEnglishSchema })),
  async ({ id, version, en }, ctx) => {
    const result = await done(await translateRelease(ctx.db, { id, expectedVersion: version, english: en, actor: actorOf(ctx) }));
    return { changed: result.tags.length > 0 };
  },
  {
    access: ({ id }, ctx) => publishRelease(ctx, id, 'modifier la version anglaise d’une parution'),
    success: (r) =>
      r.changed ? 'Version anglaise enregistrée : le calendrier en anglais est à jour.' : 'Aucune modification à enregistrer.',
  },
);

const link = {
  releaseId: z.coerce.number().int().min(1),
  publicationId: z.coerce.number({ error: 'Choisissez une publication.' }).int().min(1, 'Choisissez une publication.'),
};

export const linkPublicationAction = adminFormAction(
  z.object(link),
  async ({ releaseId, publicationId }, ctx) => {
    await done(await linkPublication(ctx.db, { releaseId, publicationId, actor: actorOf(ctx) }));
  },
  {
    access: ({ releaseId }, ctx) => linkRelease(ctx, releaseId, 'lier une publication à une parution'),
    success: 'Publication liée : elle sera en ligne à l’heure de la parution, pas avant.',
  },
);

export const unlinkPublicationAction = adminFormAction(
  z.object(link),
  async ({ releaseId, publicationId }, ctx) => {
    await done(await unlinkPublication(ctx.db, { releaseId, publicationId, actor: actorOf(ctx) }));
  },
  {
    access: ({ releaseId }, ctx) => linkRelease(ctx, releaseId, 'retirer une publication d’une parution'),
    success: 'Publication retirée de la parution : elle redevient un brouillon.',
  },
);

/**
 * A step of the release's review (lib/releases/review.ts): `submit` (whoever writes in its area),
 * `approve` it as a whole with its pieces, or `return` it with a reason (a publisher of its area,
 * who did not write it last unless self-approval).
 */
export const reviewReleaseAction = adminFormAction(
  z.object({
    ...target,
    step: z.enum(['submit', 'approve', 'return'], { message: 'Étape de relecture inconnue.' }),
    note: z.string().max(2_000, 'La raison tient en 2 000 caractères au plus.').optional(),
  }),
  async ({ id, version, step, note }, ctx) => ({
    ...(await done(await reviewRelease(ctx.db, { id, expectedVersion: version, step, note, actor: actorOf(ctx) }))),
    step,
  }),
  {
    access: async ({ id, step }, ctx) => {
      const release = await releaseArea(ctx.db, id);
      const areas = release ? [release.area] : [];
      return step === 'submit' ? needs.editDraft(areas) : needs.review(areas);
    },
    success: (r) =>
      ({
        submit: 'Parution soumise pour relecture.',
        approve: 'Parution approuvée avec tout ce qu’elle porte : elle sortira à son heure.',
        return: 'Parution renvoyée, avec votre remarque.',
      })[r.step],
  },
);
