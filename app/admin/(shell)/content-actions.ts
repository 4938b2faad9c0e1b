'use server';
// Saving and moving items through their life cycle from the generic edit screen, for every kind
// of area (lib/content/editing). Each goes through adminAction; the mutations write the audit
// entries in their own transactions, and the pages showing the item are invalidated here.
import { z } from 'zod';
import { adminAction } from '@/lib/admin/action';
import { invalidateTags } from '@/lib/cache/invalidate';
import { isEditable } from '@/lib/content/editing/forms';
import { editPath } from '@/lib/content/editing/paths';
import { areaOrThrow, editingOf } from '@/lib/content/editing/server';
import { agree, changeLifecycle } from '@/lib/content/mutations/lifecycle';
import { dateTime } from '@/lib/content/schemas/common';
import { NotFoundError } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';

const areaSlug = z.string({ message: 'Rubrique inconnue : rechargez la page.' }).min(1).max(60);
const itemId = z.number({ message: 'Élément inconnu : rechargez la page.' }).int().positive().max(2_147_483_647);
const version = z.number({ message: 'Version inconnue : rechargez la page.' }).int().positive();

function editableArea(slug: string) {
  const area = areaOrThrow(slug);
  if (!isEditable(area)) throw new NotFoundError('Cette rubrique ne se gère pas ici.');
  return area;
}

/** Creates an item (no `id`) or saves the edit form of one (with the version it was loaded at). */
export const saveItemAction = adminAction(
  z.object({ area: areaSlug, id: itemId.optional(), version: version.optional(), values: z.record(z.string(), z.unknown(), { message: 'Formulaire illisible : rechargez la page.' }) }),
  async (input, ctx) => {
    const area = editableArea(input.area);
    const editing = editingOf(area);
    const { words } = editing.kind;
    const options = { ip: ctx.request.ip };
    if (input.id === undefined) {
      const row = await editing.create(ctx.db, area, input.values, ctx.user, options);
      return { id: row.id, version: row.version, editUrl: editPath(area, row.id), message: `${words.noun} ${agree('créé', words)} (brouillon).` };
    }
    const { publication: row, tags } = await editing.update(ctx.db, input.id, input.version ?? 0, area, input.values, ctx.user, options);
    invalidateTags(tags);
    const message = tags.length === 0 ? 'Aucun changement à enregistrer.' : `${words.noun} ${agree('enregistré', words)}.`;
    return { id: row.id, version: row.version, editUrl: editPath(area, row.id), message };
  },
  { success: (data) => data.message },
);

const lifecycleMessages = {
  publish: (noun: string, w: Parameters<typeof agree>[1]) => `${noun} ${agree('mis', w)} en ligne.`,
  schedule: (noun: string, w: Parameters<typeof agree>[1], at?: Date) => `${noun} ${agree('programmé', w)} pour le ${formatDateTime(at as Date)}.`,
  unpublish: (noun: string, w: Parameters<typeof agree>[1]) => `${noun} ${agree('retiré', w)} du site : ${w.feminine ? 'elle' : 'il'} redevient un brouillon.`,
  trash: (noun: string, w: Parameters<typeof agree>[1]) => `${noun} ${agree('mis', w)} à la corbeille : ${w.feminine ? 'elle' : 'il'} n’est plus sur le site.`,
  restore: (noun: string, w: Parameters<typeof agree>[1]) => `${noun} ${agree('restauré', w)}.`,
  delete: (noun: string, w: Parameters<typeof agree>[1]) => `${noun} ${agree('supprimé', w)} définitivement.`,
} as const;

/** Publish, schedule, unpublish, trash, restore or delete for good one item, version-checked. */
export const changeItemAction = adminAction(
  z.object({
    area: areaSlug,
    id: itemId,
    version,
    action: z.enum(['publish', 'schedule', 'unpublish', 'trash', 'restore', 'delete'], { message: 'Action inconnue.' }),
    at: dateTime('La date de mise en ligne', false).optional(),
  }),
  async (input, ctx) => {
    const area = editableArea(input.area);
    const editing = editingOf(area);
    const options = { ip: ctx.request.ip };
    const params = { id: input.id, expectedVersion: input.version, user: ctx.user, ...options };
    const result =
      input.action === 'delete'
        ? await editing.deleteForever(ctx.db, input.id, input.version, ctx.user, options)
        : await changeLifecycle(ctx.db, editing.kind, input.action, input.action === 'schedule' ? { ...params, at: input.at ?? new Date(Number.NaN) } : params);
    invalidateTags(result.tags);
    const row = result.publication;
    return {
      version: row.version,
      status: row.status,
      trashed: input.action === 'delete' ? true : row.deletedAt !== null,
      publishedAt: row.publishedAt?.toISOString() ?? null,
      deleted: input.action === 'delete',
      message: lifecycleMessages[input.action](editing.kind.words.noun, editing.kind.words, input.at ?? undefined),
    };
  },
  { success: (data) => data.message },
);
