// GET /fichiers/{id}/{name} — downloads a stored file (Range supported, counted); restricted files,
// and files only unpublished items use, need a session.
import { userOfRequest } from '@/lib/admin/handler';
import { getDb } from '@/lib/db';
import { getFileForDownload } from '@/lib/content/queries/files';
import { fileResponse } from '@/lib/files/download';
import { downloadCounter } from '@/lib/files/downloads';
import { visibleToVisitors } from '@/lib/files/library';
import { getStorage } from '@/lib/storage';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function handle(request: Request, { params }: { params: Promise<{ id: string; name: string }> }) {
  const { id } = await params;
  if (!UUID.test(id)) return notFound();
  const db = await getDb();
  const file = await getFileForDownload(db, id);
  if (!file) return notFound();
  const restricted = file.visibility === 'restricted';
  // A visitor is not told a restricted file exists, nor a document only unpublished items use (a
  // draft's, an embargoed release's). Images are exempt: next/image fetches them without the
  // reader's cookies, so a draft's cover would be broken in the editors' preview.
  const hidden = restricted || (!file.mime.startsWith('image/') && !(await visibleToVisitors(db, file.id, new Date())));
  if (hidden && !(await userOfRequest(request))) return notFound();
  const response = await fileResponse(
    request,
    file,
    getStorage(),
    hidden ? 'private, no-store' : 'public, max-age=86400, stale-while-revalidate=604800',
  );
  downloadCounter().record(file.id, request, response);
  return response;
}

function notFound() {
  return new Response('Fichier introuvable.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}

export const GET = handle;
export const HEAD = handle;
