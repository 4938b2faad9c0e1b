// GET /fichiers/{id}/{name} — downloads a stored file (Range supported); restricted files need a session.
import { getSession } from '@/lib/auth/session';
import { getDb } from '@/lib/db';
import { getFileForDownload } from '@/lib/content/queries/files';
import { fileResponse } from '@/lib/files/download';
import { getStorage } from '@/lib/storage';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function handle(request: Request, { params }: { params: Promise<{ id: string; name: string }> }) {
  const { id } = await params;
  if (!UUID.test(id)) return notFound();
  const file = await getFileForDownload(await getDb(), id);
  if (!file) return notFound();
  const restricted = file.visibility === 'restricted';
  if (restricted && !(await getSession())) return notFound();
  return fileResponse(request, file, getStorage(), restricted ? 'private, no-store' : 'public, max-age=86400, stale-while-revalidate=604800');
}

function notFound() {
  return new Response('Fichier introuvable.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}

export const GET = handle;
export const HEAD = handle;
