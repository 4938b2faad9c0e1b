'use server';
// Back-office actions on tables with dimensions (lib/tables), each through adminFormAction (session,
// rule of lib/admin/access.ts, zod, French errors); the writes audit in their own transaction and
// return the cache tags to invalidate.
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { adminFormAction, type ActionContext } from '@/lib/admin/action';
import { can, needs } from '@/lib/admin/access';
import { fromFlatForm } from '@/lib/content/schemas/translations';
import { publicPublicationAreas } from '@/lib/content/areas';
import { env } from '@/lib/env';
import { ValidationError } from '@/lib/errors';
import { invalidateTags } from '@/lib/ops/invalidate';
import { versionPublishFields, versionTiming } from '@/lib/releases/version-timing';
import { cancelTableImport, publishTableImport, tableImportOwner } from '@/lib/tables/imports';
import { tableMetaSchema } from '@/lib/tables/model';
import { findTable, findTableVersion, versionAt } from '@/lib/tables/queries';
import {
  approveTableVersion,
  cancelTableVersion,
  createTable,
  returnTableVersion,
  tableEnglishSchema,
  updateTableMeta,
  type TableWrite,
} from '@/lib/tables/versions';
import { currentTimeMs } from '@/lib/clock';

const actorOf = (ctx: ActionContext) => ({ user: ctx.user, ip: ctx.request.ip });

/** The write's value, its caches invalidated; its French error as a form error (under its field when it has one). */
async function done<T>(result: TableWrite<T>): Promise<T> {
  if (!result.ok) throw new ValidationError(result.error, result.field ? { [result.field]: [result.error] } : undefined);
  await invalidateTags(result.tags);
  return result.value;
}

const metaInput = tableMetaSchema.extend({
  area: z
    .string({ error: 'Choisissez la rubrique du tableau.' })
    .refine((a) => publicPublicationAreas().some((p) => p.slug === a), 'Choisissez une rubrique publique.'),
  en: tableEnglishSchema,
  /** The code of the table edited; absent for a new one. */
  current: z.string().max(60).optional(),
  version: z.coerce.number().int().min(1).optional(),
});

/** The table edited and whether it is public (its description then shows at once). */
async function edited(ctx: ActionContext, code: string) {
  const row = await findTable(ctx.db, code);
  return row ? { row, isPublic: (await versionAt(ctx.db, row.id)) !== null } : null;
}

/** Creates a table (`current` absent) or saves its description (optimistic lock on `version`). */
export const saveTableAction = adminFormAction(
  fromFlatForm(metaInput),
  async ({ current, version, en, ...meta }, ctx) => {
    if (!current) {
      const row = await done(await createTable(ctx.db, { meta, english: en, actor: actorOf(ctx) }));
      redirect(`/admin/tableaux/${row.code}`);
    }
    if (!version) throw new ValidationError('Formulaire incomplet : rechargez la page.');
    const row = await done(
      await updateTableMeta(ctx.db, { code: current, expectedVersion: version, meta, english: en, actor: actorOf(ctx) }),
    );
    if (row.code !== current) redirect(`/admin/tableaux/${row.code}`);
    return { version: row.version };
  },
  {
    access: async (input, ctx) => {
      if (!input.current) return needs.createTable(input.area);
      const found = await edited(ctx, input.current);
      const areas = [...new Set([...(found ? [found.row.area] : []), input.area])];
      return needs.describeTable(areas, found?.isPublic ?? false);
    },
    success: 'Description du tableau enregistrée.',
  },
);

/** When a version goes online: now, at a time or with a release (every versioned kind's fields: lib/releases/version-timing.ts). */
const publishFields = versionPublishFields;
const timing = (input: Parameters<typeof versionTiming>[0]) => versionTiming(input, env.TIME_ZONE);

/** Writes a previewed import as a new version: its area's writers; submitted for review unless an approver under self-approval. */
export const publishTableImportAction = adminFormAction(
  z.object({ id: z.uuid('Import inconnu : envoyez le fichier à nouveau.'), ...publishFields }),
  async (input, ctx) => {
    const owner = await tableImportOwner(ctx.db, input.id);
    const written = await done(
      await publishTableImport(ctx.db, {
        id: input.id,
        ...timing(input),
        kind: input.kind,
        reason: input.reason,
        actor: actorOf(ctx),
        approver: can(ctx.actor, needs.review(owner ? [owner.area] : [])),
      }),
    );
    const message =
      written.review !== 'approved'
        ? `Version ${written.number} soumise pour relecture : une seconde personne l’approuve avant sa mise en ligne.`
        : written.publishedAt.getTime() > currentTimeMs() + 1000
          ? `Version ${written.number} programmée : rien n’est public avant l’heure prévue.`
          : `Version ${written.number} publiée.`;
    redirect(`/admin/tableaux/${written.code}?publie=${encodeURIComponent(message)}`);
  },
  { access: async ({ id }, ctx) => needs.prepareTable([(await tableImportOwner(ctx.db, id))?.area ?? '']) },
);

/** Forgets a previewed import: its author, or a publisher of the table's area. */
export const cancelTableImportAction = adminFormAction(
  z.object({ id: z.uuid('Import inconnu.') }),
  async ({ id }, ctx) => {
    const owner = await tableImportOwner(ctx.db, id);
    await cancelTableImport(ctx.db, id);
    redirect(
      owner ? `/admin/tableaux/${owner.code}?publie=${encodeURIComponent('Import annulé : rien n’a été enregistré.')}` : '/admin/tableaux',
    );
  },
  {
    access: async ({ id }, ctx) => {
      const owner = await tableImportOwner(ctx.db, id);
      return !owner || owner.createdBy === ctx.user.id ? needs.read : needs.publish([owner.area]);
    },
  },
);

/**
 * The review of a version not yet public: `approve` or `return` (with its reason) — a publisher of
 * the area, not its writer unless self-approval —, or `cancel`: a version waiting for review is
 * its area writers' work, one approved and scheduled the public site's (a publisher).
 */
export const reviewTableVersionAction = adminFormAction(
  z.object({
    code: z.string().max(60),
    number: z.coerce.number().int().min(1),
    step: z.enum(['approve', 'return', 'cancel'], { error: 'Action inconnue.' }),
    note: z.string().max(2_000, 'La raison tient en 2 000 caractères au plus.').default(''),
  }),
  async ({ code, number, step, note }, ctx) => {
    const actor = actorOf(ctx);
    if (step === 'approve') {
      const approved = await done(await approveTableVersion(ctx.db, { code, number, actor }));
      return {
        message: approved.public
          ? `Version ${number} approuvée et mise en ligne.`
          : `Version ${number} approuvée : en ligne à l’heure prévue.`,
      };
    }
    if (step === 'return') {
      await done(await returnTableVersion(ctx.db, { code, number, note, actor }));
      return { message: `Version ${number} renvoyée à son rédacteur, avec votre remarque. Rien n’en est public.` };
    }
    await done(await cancelTableVersion(ctx.db, { code, number, actor }));
    return { message: `Version ${number} annulée : rien n’en sera publié.` };
  },
  {
    access: async ({ code, number, step }, ctx) => {
      const version = await findTableVersion(ctx.db, code, number);
      const areas = version ? [version.area] : [(await findTable(ctx.db, code))?.area ?? ''];
      if (step !== 'cancel') return needs.review(areas);
      return version && version.review !== 'approved' ? needs.prepareTable(areas) : needs.publish(areas);
    },
    success: (r) => r.message,
  },
);
