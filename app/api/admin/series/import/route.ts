// POST /api/admin/series/import — a CSV or XLSX file of values (multipart, field `file`), read and
// kept for its preview; nothing is published (publishing it takes a publisher: series/actions.ts).
// 201 { id } → /admin/series/import/{id}; 413 over the size limit.
import { needs } from '@/lib/admin/access';
import { adminRoute } from '@/lib/admin/handler';
import { json, readUpload } from '@/lib/http/responses';
import { maxImportBytes } from '@/lib/series/files/import';
import { stageImport } from '@/lib/series/imports';

const tooLarge = () =>
  json(
    { error: `Fichier trop volumineux : ${Math.round(maxImportBytes / 1024 / 1024)} Mo au plus. Découpez-le en plusieurs fichiers.` },
    { status: 413 },
  );

export const POST = adminRoute({ ...needs.upload, what: 'préparer un import de valeurs' }, async (request, { db, user, request: auth }) => {
  // Refused before reading the body when its announced size is over the limit.
  const announced = Number(request.headers.get('content-length') ?? 0);
  if (announced > maxImportBytes + 64 * 1024) return tooLarge();
  const { file } = await readUpload(request, 'Choisissez un fichier CSV ou XLSX à importer.');
  if (file.size > maxImportBytes) return tooLarge();
  const { id } = await stageImport(db, {
    filename: file.name,
    bytes: new Uint8Array(await file.arrayBuffer()),
    actor: { user, ip: auth.ip },
  });
  return json({ id }, { status: 201 });
});
