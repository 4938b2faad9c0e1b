// POST /api/admin/{kind}/bulk — { action: publish|unpublish|trash|restore, ids } from a
// back-office list; the public pages showing them are refreshed at once. Putting online and
// withdrawing take a publisher; drafts go to the trash and back with their areas' writers.
import { z } from 'zod';
import { needs } from '@/lib/admin/access';
import { adminRoute } from '@/lib/admin/handler';
import { invalidateTags } from '@/lib/ops/invalidate';
import { kindOf } from '@/lib/content/kinds';
import { areaOfRow } from '@/lib/content/kinds/kind';
import { bulkChangeLifecycle, readRows } from '@/lib/content/mutations/lifecycle';
import { json } from '@/lib/http/responses';

const schema = z.object({
  action: z.enum(['publish', 'unpublish', 'trash', 'restore'], { message: 'Action inconnue.' }),
  ids: z
    .array(z.number().int().positive().max(2_147_483_647), { message: 'Sélection illisible : rechargez la page.' })
    .min(1, 'Sélectionnez au moins un élément.')
    .max(1000, 'Sélectionnez au plus 1 000 éléments à la fois.'),
});

const done = {
  publish: ['mis en ligne', 'mis en ligne'],
  unpublish: ['retiré du site', 'retirés du site'],
  trash: ['mis à la corbeille', 'mis à la corbeille'],
  restore: ['restauré', 'restaurés'],
} as const;

/**
 * « 2 éléments mis en ligne », then why some were refused (the reasons the items' own screens give,
 * each once), then how many were already in that state.
 */
function bulkMessage(participle: readonly [string, string], n: number, skipped: number, refused: { reason: string }[]): string {
  const parts = [`${n} élément${n > 1 ? 's' : ''} ${participle[n > 1 ? 1 : 0]}.`];
  if (refused.length)
    parts.push(`${refused.length} refusé${refused.length > 1 ? 's' : ''} : ${[...new Set(refused.map((r) => r.reason))].join(' ')}`);
  const already = skipped - refused.length;
  if (already > 0) parts.push(`${already} déjà dans cet état ou non modifiable${already > 1 ? 's' : ''}.`);
  return parts.join(' ');
}

export const POST = adminRoute<{ kind: string }, z.infer<typeof schema>>(
  async ({ params, body }, { db }) => {
    const kind = kindOf(params.kind);
    const rows = await readRows(db, kind, body.ids);
    if (body.action === 'publish' || body.action === 'unpublish')
      return needs.publish([...new Set(rows.map((row) => areaOfRow(kind, row)))]);
    return rows.flatMap((row) => needs.change([areaOfRow(kind, row)], row.status));
  },
  async (_request, { db, user, request: auth }, { kind }, { action, ids }) => {
    const result = await bulkChangeLifecycle(db, { kind: kindOf(kind), action, ids, user, ip: auth.ip });
    await invalidateTags(result.tags);
    return json({
      count: result.items.length,
      skipped: result.skipped,
      refused: result.refused.map((r) => r.id),
      message: bulkMessage(done[action], result.items.length, result.skipped.length, result.refused),
    });
  },
  { body: schema },
);
