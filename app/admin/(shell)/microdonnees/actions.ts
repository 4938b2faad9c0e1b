'use server';
// Back-office actions on surveys (lib/microdata), each through adminFormAction (session, the rule of
// lib/admin/access.ts, zod, French errors); the writes audit in their own transaction and return the
// cache tags to invalidate.
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { adminFormAction } from '@/lib/admin/action';
import { needs } from '@/lib/admin/access';
import { surveySlugPattern } from '@/lib/content/addresses';
import { ValidationError } from '@/lib/errors';
import { invalidateTags } from '@/lib/ops/invalidate';
import { cancelSurveyImport, confirmSurveyImport, findSurveyImport } from '@/lib/microdata/imports';
import { accessTiers, dataKinds } from '@/lib/microdata/model';
import { findSurvey, findSurveyById } from '@/lib/microdata/queries';
import { setFileAccess, setSurveyPublication, type SurveyWrite } from '@/lib/microdata/write';
import type { ActionContext } from '@/lib/admin/action';

const actorOf = (ctx: ActionContext) => ({ user: ctx.user, ip: ctx.request.ip });

async function done<T>(result: SurveyWrite<T>): Promise<T> {
  if (!result.ok) throw new ValidationError(result.error);
  await invalidateTags(result.tags);
  return result.value;
}

/** The area a previewed import is for: its survey's, or the one chosen for a new survey. */
async function importArea(ctx: ActionContext, id: string): Promise<string> {
  const pending = await findSurveyImport(ctx.db, id);
  if (!pending) return '';
  if (pending.surveyId === null) return pending.area;
  return (await findSurveyById(ctx.db, pending.surveyId))?.area ?? pending.area;
}

const importId = z.uuid('Import inconnu : envoyez le fichier à nouveau.');

/** Writes a previewed DDI import as the survey's next version (a new survey at `slug`). */
export const confirmSurveyImportAction = adminFormAction(
  z.object({
    id: importId,
    slug: z
      .string()
      .trim()
      .regex(surveySlugPattern, 'Adresse : lettres minuscules, chiffres et tirets (« ehcvm-2024 »).')
      .max(80, 'Adresse : 80 caractères au plus.')
      .optional(),
    dataKind: z.enum(dataKinds, { error: 'Choisissez le type de données.' }).default('enquete'),
  }),
  async (input, ctx) => {
    const written = await done(await confirmSurveyImport(ctx.db, { ...input, actor: actorOf(ctx) }));
    const kept = written.keptFiles.length ? ` Fichiers absents de ce DDI, conservés : ${written.keptFiles.join(', ')}.` : '';
    redirect(`/admin/microdonnees/${written.slug}?message=${encodeURIComponent(`Version ${written.number} enregistrée.${kept}`)}`);
  },
  { access: async ({ id }, ctx) => needs.describeSurvey([await importArea(ctx, id)]) },
);

/** Forgets a previewed import: nothing was written. */
export const cancelSurveyImportAction = adminFormAction(
  z.object({ id: importId }),
  async ({ id }, ctx) => {
    await cancelSurveyImport(ctx.db, id);
    redirect(`/admin/microdonnees?message=${encodeURIComponent('Import annulé : rien n’a été enregistré.')}`);
  },
  { access: async ({ id }, ctx) => needs.describeSurvey([await importArea(ctx, id)]) },
);

const surveySlug = z.string().regex(surveySlugPattern, 'Enquête inconnue.');
const surveyArea = async (ctx: ActionContext, slug: string) => (await findSurvey(ctx.db, slug))?.area ?? '';

/** Puts a survey online now, or takes it off the site. */
export const publishSurveyAction = adminFormAction(
  z.object({ slug: surveySlug, online: z.enum(['on', 'off'], { error: 'Choix inconnu.' }) }),
  async ({ slug, online }, ctx) => {
    const survey = await findSurvey(ctx.db, slug);
    if (!survey) throw new ValidationError('Enquête introuvable.');
    await done(await setSurveyPublication(ctx.db, { surveyId: survey.id, at: online === 'on' ? new Date() : null, actor: actorOf(ctx) }));
    return null;
  },
  {
    access: async ({ slug }, ctx) => needs.publishSurvey([await surveyArea(ctx, slug)]),
    success: 'Enquête mise à jour.',
  },
);

/** A data file's access tier and the conditions its readers see. */
export const setFileAccessAction = adminFormAction(
  z.object({
    slug: surveySlug,
    fileId: z.coerce.number({ error: 'Fichier inconnu.' }).int().positive('Fichier inconnu.'),
    access: z.enum(accessTiers, { error: 'Choisissez le niveau d’accès.' }),
    conditions: z.string().trim().max(5000, 'Conditions : 5 000 caractères au plus.').default(''),
    conditionsEn: z.string().trim().max(5000, 'Conditions en anglais : 5 000 caractères au plus.').default(''),
  }),
  async ({ slug, ...input }, ctx) => {
    const survey = await findSurvey(ctx.db, slug);
    if (!survey) throw new ValidationError('Enquête introuvable.');
    await done(await setFileAccess(ctx.db, { surveyId: survey.id, ...input, actor: actorOf(ctx) }));
    return null;
  },
  { access: async ({ slug }, ctx) => needs.publishSurvey([await surveyArea(ctx, slug)]), success: 'Accès du fichier enregistré.' },
);
