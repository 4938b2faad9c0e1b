// GET /api/files — the file library (search `q`, `type`, `page`), connected users only.
// POST /api/files — uploads one file (multipart, field `file`; optional `restreint=true`), streamed to storage;
// a document's text is then read in the background for the search. Writers of at least one area and publishers.
import { needs } from '@/lib/admin/access';
import { adminRoute } from '@/lib/admin/handler';
import { addUploadedFile, listFiles } from '@/lib/files/library';
import { receiveUpload } from '@/lib/files/receive';
import { json } from '@/lib/http/responses';
import { queueExtraction } from '@/lib/search/background';
import { getStorage } from '@/lib/storage';

export const GET = adminRoute(needs.read, async (request, { db }) => {
  const url = new URL(request.url);
  const page = Number.parseInt(url.searchParams.get('page') ?? '1', 10);
  const result = await listFiles(db, {
    q: url.searchParams.get('q') ?? undefined,
    type: url.searchParams.get('type') ?? undefined,
    page: Number.isFinite(page) && page > 0 && page < 100_000 ? page : 1,
  });
  return json(result);
});

export const POST = adminRoute(needs.upload, async (request, { db, user, request: auth }) => {
  const storage = getStorage();
  const received = await receiveUpload(request, { storage, signal: request.signal });
  const file = await addUploadedFile(db, storage, received, user, { restricted: received.fields.restreint === 'true', ip: auth.ip });
  // Its text is read in the background: the upload does not wait for it, nor fail with it.
  void queueExtraction();
  return json(
    { file: { id: file.id, name: file.name, type: file.mime, size: file.size, sha256: file.sha256, url: file.url } },
    { status: 201 },
  );
});
