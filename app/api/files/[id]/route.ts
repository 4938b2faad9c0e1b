// GET /api/files/{id} — one file of the library with its uses.
// PATCH /api/files/{id} — { name } renames its display name (pages showing it are refreshed).
// DELETE /api/files/{id} — deletes it; 409 with the list of uses while it is attached somewhere.
// Renaming one's own upload that nothing uses yet takes a writer; renaming a file in use (its name and
// address show on the pages using it) or another's, or deleting any, takes a publisher.
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { needs } from '@/lib/admin/access';
import { adminRoute } from '@/lib/admin/handler';
import { files } from '@/lib/db/schema';
import { invalidateTags } from '@/lib/ops/invalidate';
import { deleteFile, getLibraryFile, renameFile } from '@/lib/files/library';
import { json } from '@/lib/http/responses';
import { NotFoundError } from '@/lib/errors';
import { getStorage } from '@/lib/storage';

type Params = { id: string };
const idOf = (params: Params) => {
  if (!z.uuid().safeParse(params.id).success) throw new NotFoundError('Ce fichier n’existe pas ou plus.');
  return params.id;
};
const renameSchema = z.object({ name: z.string({ message: 'Saisissez un nom.' }).max(400, 'Nom trop long.') });

export const GET = adminRoute<Params>(needs.read, async (_request, { db }, params) =>
  json({ file: await getLibraryFile(db, idOf(params)) }),
);

export const PATCH = adminRoute<Params, z.infer<typeof renameSchema>>(
  async ({ params }, { db, actor }) => {
    const [file] = await db
      .select({ uploadedBy: files.uploadedBy })
      .from(files)
      .where(eq(files.id, idOf(params)))
      .limit(1);
    if (!file) return needs.read;
    if (file.uploadedBy !== actor.id) return { to: 'publish', what: 'renommer le fichier d’une autre personne' };
    const { uses } = await getLibraryFile(db, idOf(params));
    return uses.length === 0
      ? { ...needs.upload, what: 'renommer vos fichiers' }
      : { to: 'publish', what: 'renommer un fichier utilisé par le site (son nom et son adresse y changent)' };
  },
  async (_request, { db, user, request: auth }, params, { name }) => {
    const file = await renameFile(db, idOf(params), name, user, auth.ip);
    await invalidateTags(file.uses.flatMap((u) => u.tags));
    return json({ file });
  },
  { body: renameSchema },
);

export const DELETE = adminRoute<Params>(needs.deleteForGood, async (_request, { db, user, request: auth }, params) => {
  await deleteFile(db, getStorage(), idOf(params), user, auth.ip);
  return json({ ok: true });
});
