// POST /api/admin/publications/bulk — { action: publish|unpublish|trash|restore, ids } from the
// back-office list; the public pages showing them are refreshed at once.
import { z } from 'zod';
import { adminRoute } from '@/lib/admin/handler';
import { invalidateTags } from '@/lib/cache/invalidate';
import { bulkChangeLifecycle } from '@/lib/content/mutations/lifecycle';
import { publicationKind } from '@/lib/content/mutations/publications';
import { json, readJson } from '@/lib/http/responses';
import { parseOrThrow } from '@/lib/validation';

const schema = z.object({
  action: z.enum(['publish', 'unpublish', 'trash', 'restore'], { message: 'Action inconnue.' }),
  ids: z.array(z.number().int().positive()).min(1, 'Sélectionnez au moins une publication.').max(1000, 'Sélectionnez au plus 1 000 publications à la fois.'),
});

const done = {
  publish: ['publiée', 'publiées'],
  unpublish: ['retirée du site', 'retirées du site'],
  trash: ['mise à la corbeille', 'mises à la corbeille'],
  restore: ['restaurée', 'restaurées'],
} as const;

export const POST = adminRoute(async (request, { db, user, request: auth }) => {
  const { action, ids } = parseOrThrow(schema, await readJson(request));
  const result = await bulkChangeLifecycle(db, publicationKind, action, ids, user, { ip: auth.ip });
  invalidateTags(result.tags);
  const n = result.publications.length;
  const skipped = result.skipped.length ? ` (${result.skipped.length} déjà dans cet état ou non modifiable${result.skipped.length > 1 ? 's' : ''})` : '';
  return json({ count: n, skipped: result.skipped, message: `${n} publication${n > 1 ? 's' : ''} ${done[action][n > 1 ? 1 : 0]}${skipped}.` });
});
