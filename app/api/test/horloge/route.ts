// GET /api/test/horloge — the calendar's "now" on a test server; POST { at } moves it forward to `at`
// and answers once what became due is published (lib/clock.ts). 404 on any other server.
import { connection } from 'next/server';
import { z } from 'zod';
import { currentTime, moveClockTo, testClockEnabled } from '@/lib/clock';
import { json } from '@/lib/http/responses';

const moveSchema = z.object({ at: z.iso.datetime({ offset: true, message: 'doit être une date ISO 8601 (ex. 2026-12-01T10:00:00Z)' }) });

const notFound = () => json({ error: 'Adresse inconnue.' }, { status: 404 });

export async function GET() {
  await connection();
  if (!testClockEnabled()) return notFound();
  return json({ now: currentTime().toISOString() });
}

export async function POST(request: Request) {
  await connection();
  if (!testClockEnabled()) return notFound();
  const parsed = moveSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return json({ error: 'Date invalide.', fieldErrors: z.flattenError(parsed.error).fieldErrors }, { status: 400 });
  const moved = await moveClockTo(new Date(parsed.data.at));
  return json({ now: moved.toISOString() });
}
