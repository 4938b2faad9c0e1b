// GET /api/files/{id} — one file of the library with its uses.
// PATCH /api/files/{id} — { name } renames its display name (pages showing it are refreshed).
// DELETE /api/files/{id} — deletes it; 409 with the list of uses while it is attached somewhere.
import { z } from 'zod';
import { adminRoute } from '@/lib/admin/handler';
import { invalidateTags } from '@/lib/cache/invalidate';
import { deleteFile, getLibraryFile, renameFile } from '@/lib/files/library';
import { json, readJson } from '@/lib/http/responses';
import { NotFoundError } from '@/lib/errors';
import { getStorage } from '@/lib/storage';
import { parseOrThrow } from '@/lib/validation';

type Params = { id: string };
const idOf = (params: Params) => {
  if (!z.uuid().safeParse(params.id).success) throw new NotFoundError('Ce fichier n’existe pas ou plus.');
  return params.id;
};
const renameSchema = z.object({ name: z.string({ message: 'Saisissez un nom.' }).max(400, 'Nom trop long.') });

export const GET = adminRoute<Params>(async (_request, { db }, params) => json({ file: await getLibraryFile(db, idOf(params)) }));

export const PATCH = adminRoute<Params>(async (request, { db, user, request: auth }, params) => {
  const { name } = parseOrThrow(renameSchema, await readJson(request));
  const file = await renameFile(db, idOf(params), name, user, auth.ip);
  await invalidateTags(file.uses.flatMap((u) => u.tags));
  return json({ file });
});

export const DELETE = adminRoute<Params>(async (_request, { db, user, request: auth }, params) => {
  await deleteFile(db, getStorage(), idOf(params), user, auth.ip);
  return json({ ok: true });
});
