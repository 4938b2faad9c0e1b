// POST /api/internal/revalidate — { tags } expired by the production server's own scheduler;
// 404 for anyone else (the secret is created in-process at start-up).
import { z } from 'zod';
import { invalidateTags } from '@/lib/ops/invalidate';
import { isInternalRequest } from '@/lib/http/internal';
import { json } from '@/lib/http/responses';

const schema = z.object({ tags: z.array(z.string().min(1).max(200)).max(10_000) });

export async function POST(request: Request) {
  if (!isInternalRequest(request)) return json({ error: 'Introuvable.' }, { status: 404 });
  const parsed = schema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return json({ error: 'Étiquettes invalides.' }, { status: 400 });
  await invalidateTags(parsed.data.tags);
  return json({ ok: true, count: parsed.data.tags.length });
}
