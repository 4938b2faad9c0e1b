// GET /fichiers/{id}/{name} — downloads a stored file (Range supported, counted) at its own name
// only, any other name answering a 301 to that address; restricted files, and files only
// unpublished items use, need a session.
import { userOfRequest } from '@/lib/admin/handler';
import { currentTime } from '@/lib/clock';
import { fileUrl } from '@/lib/content/addresses';
import { getDb } from '@/lib/db';
import { getFileForDownload } from '@/lib/content/queries/files';
import { fileResponse } from '@/lib/files/download';
import { downloadCounter } from '@/lib/files/downloads';
import { visibleToVisitors } from '@/lib/files/library';
import { getStorage } from '@/lib/storage';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function handle(request: Request, { params }: { params: Promise<{ id: string; name: string }> }) {
  const { id, name } = await params;
  if (!UUID.test(id)) return notFound();
  const db = await getDb();
  const file = await getFileForDownload(db, id);
  if (!file) return notFound();
  const restricted = file.visibility === 'restricted';
  // A visitor is not told a restricted file exists, nor a document only unpublished items use (a
  // draft's, an embargoed release's). Images are exempt: next/image fetches them without the
  // reader's cookies, so a draft's cover would be broken in the editors' preview.
  const hidden = restricted || (!file.mime.startsWith('image/') && !(await visibleToVisitors(db, file.id, currentTime())));
  if (hidden && !(await userOfRequest(request))) return notFound();
  // One address per file: another name (`…/backup.sql`) is not a second copy of it. Checked after
  // the visibility, so a visitor is not told a hidden file's name; the query goes along unchanged.
  // Not stored: the target follows the file's name, which an editor may change back.
  if (name !== file.name) {
    return new Response(null, {
      status: 301,
      headers: { Location: `${fileUrl(file)}${new URL(request.url).search}`, 'Cache-Control': 'no-store' },
    });
  }
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
