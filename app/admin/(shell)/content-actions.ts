'use server';
// Saving and moving items through their life cycle from the generic edit screen, for every kind
// of area (lib/content/kinds). Each goes through adminAction; the mutations write the audit
// entries in their own transactions, and the pages showing the item are invalidated here.
import { z } from 'zod';
import { adminAction, type ActionContext } from '@/lib/admin/action';
import { needs, type Need } from '@/lib/admin/access';
import { invalidateTags } from '@/lib/ops/invalidate';
import { getArea } from '@/lib/content/areas';
import { editPath } from '@/lib/content/editing/paths';
import { kindOfArea } from '@/lib/content/kinds';
import { areaOfRow } from '@/lib/content/kinds/kind';
import { createItem, deleteItemForever, updateItem } from '@/lib/content/mutations/items';
import { agree, changeLifecycle, readRows } from '@/lib/content/mutations/lifecycle';
import { dateTime } from '@/lib/content/schemas/common';
import { NotFoundError } from '@/lib/errors';
import { formatDateTime } from '@/lib/i18n/format';

const areaSlug = z.string({ message: 'Rubrique inconnue : rechargez la page.' }).min(1).max(60);
const itemId = z.number({ message: 'Élément inconnu : rechargez la page.' }).int().positive().max(2_147_483_647);
const version = z.number({ message: 'Version inconnue : rechargez la page.' }).int().positive();

/** The area a form names and the kind of its items; `NotFoundError` (French) for anything else. */
function areaAndKind(slug: string) {
  const area = getArea(slug);
  if (!area) throw new NotFoundError('Cette rubrique n’existe pas : rechargez la page.');
  return { area, kind: kindOfArea(area) };
}

/**
 * What touching an existing item needs: a draft is written by whoever holds its area (and the
 * form's, when the item moves between the areas of one screen), in the trash or not; an item
 * online or scheduled is the public site's, which takes a publisher. The write itself is version-checked,
 * so an item published between this check and the write is refused as a conflict.
 */
async function itemNeeds(ctx: ActionContext, formArea: string, id: number): Promise<Need[]> {
  const { kind } = areaAndKind(formArea);
  const [row] = await readRows(ctx.db, kind, [id]);
  // Gone: the write answers « n’existe pas ou plus ».
  if (!row) return [needs.read];
  return needs.change([...new Set([areaOfRow(kind, row), formArea])], row.status);
}

/** Creates an item (no `id`) or saves the edit form of one (with the version it was loaded at). */
export const saveItemAction = adminAction(
  z.object({
    area: areaSlug,
    id: itemId.optional(),
    version: version.optional(),
    values: z.record(z.string(), z.unknown(), { message: 'Formulaire illisible : rechargez la page.' }),
  }),
  async (input, ctx) => {
    const { area, kind } = areaAndKind(input.area);
    const { words } = kind;
    // The form's area decides where the item goes (lois ↔ décrets share a screen); kinds of one area ignore it.
    const write = { kind, input: { ...input.values, area: area.slug }, user: ctx.user, ip: ctx.request.ip };
    if (input.id === undefined) {
      const { item: row } = await createItem(ctx.db, write);
      return {
        id: row.id,
        version: row.version,
        editUrl: editPath(area, row.id),
        message: `${words.noun} ${agree('créé', words)} (brouillon).`,
      };
    }
    const { item: row, tags } = await updateItem(ctx.db, { ...write, id: input.id, expectedVersion: input.version ?? 0 });
    await invalidateTags(tags);
    const message = tags.length === 0 ? 'Aucun changement à enregistrer.' : `${words.noun} ${agree('enregistré', words)}.`;
    return { id: row.id, version: row.version, editUrl: editPath(area, row.id), message };
  },
  {
    access: (input, ctx) =>
      input.id === undefined ? needs.create(areaAndKind(input.area).area.slug) : itemNeeds(ctx, input.area, input.id),
    success: (data) => data.message,
  },
);

const lifecycleMessages = {
  publish: (noun: string, w: Parameters<typeof agree>[1]) => `${noun} ${agree('mis', w)} en ligne.`,
  schedule: (noun: string, w: Parameters<typeof agree>[1], at?: Date) =>
    `${noun} ${agree('programmé', w)} pour le ${formatDateTime(at as Date)}.`,
  unpublish: (noun: string, w: Parameters<typeof agree>[1]) =>
    `${noun} ${agree('retiré', w)} du site : ${w.feminine ? 'elle' : 'il'} redevient un brouillon.`,
  trash: (noun: string, w: Parameters<typeof agree>[1]) =>
    `${noun} ${agree('mis', w)} à la corbeille : ${w.feminine ? 'elle' : 'il'} n’est plus sur le site.`,
  restore: (noun: string, w: Parameters<typeof agree>[1]) => `${noun} ${agree('restauré', w)}.`,
  delete: (noun: string, w: Parameters<typeof agree>[1]) => `${noun} ${agree('supprimé', w)} définitivement.`,
  submit: (noun: string, w: Parameters<typeof agree>[1]) =>
    `${noun} ${agree('soumis', w)} pour relecture : un responsable de publication ${w.feminine ? 'la' : 'le'} relira.`,
  approve: (noun: string, w: Parameters<typeof agree>[1]) =>
    `${noun} ${agree('approuvé', w)} : ${w.feminine ? 'elle' : 'il'} peut être ` +
    `mis${w.feminine ? 'e' : ''} en ligne ou programmé${w.feminine ? 'e' : ''}.`,
  return: (noun: string, w: Parameters<typeof agree>[1]) => `${noun} ${agree('renvoyé', w)} à son rédacteur, avec votre remarque.`,
} as const;

/**
 * Publish, schedule, unpublish, trash, restore or delete for good one item, version-checked; or a
 * step of its review (lib/review): submit it, approve it, send it back with a `note`.
 */
export const changeItemAction = adminAction(
  z.object({
    area: areaSlug,
    id: itemId,
    version,
    action: z.enum(['publish', 'schedule', 'unpublish', 'trash', 'restore', 'delete', 'submit', 'approve', 'return'], {
      message: 'Action inconnue.',
    }),
    at: dateTime('La date de mise en ligne', false).optional(),
    note: z.string({ message: 'Remarque illisible.' }).max(2_000, { message: 'La raison tient en 2 000 caractères au plus.' }).optional(),
  }),
  async (input, ctx) => {
    const { kind } = areaAndKind(input.area);
    const params = { kind, id: input.id, expectedVersion: input.version, user: ctx.user, ip: ctx.request.ip };
    const result =
      input.action === 'delete'
        ? await deleteItemForever(ctx.db, params)
        : await changeLifecycle(ctx.db, {
            ...params,
            action: input.action,
            ...(input.action === 'schedule' ? { at: input.at ?? new Date(Number.NaN) } : {}),
            ...(input.action === 'return' ? { note: input.note ?? '' } : {}),
          });
    await invalidateTags(result.tags);
    const row = result.item;
    return {
      version: row.version,
      status: row.status,
      trashed: input.action === 'delete' ? true : row.deletedAt !== null,
      publishedAt: row.publishedAt?.toISOString() ?? null,
      review: row.review,
      reviewNote: row.reviewNote,
      deleted: input.action === 'delete',
      message: lifecycleMessages[input.action](kind.words.noun, kind.words, input.at ?? undefined),
    };
  },
  {
    // Putting online, scheduling, withdrawing, approving, sending back and deleting for good take a
    // publisher; a draft goes to the trash and back, and to review, with its area's writers.
    access: async (input, ctx) =>
      input.action === 'delete'
        ? needs.deleteForGood
        : input.action === 'trash' || input.action === 'restore' || input.action === 'submit'
          ? itemNeeds(ctx, input.area, input.id)
          : input.action === 'approve' || input.action === 'return'
            ? needs.review([areaAndKind(input.area).area.slug])
            : needs.publish([areaAndKind(input.area).area.slug]),
    success: (data) => data.message,
  },
);
