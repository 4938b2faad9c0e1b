// GET /api/cron — scheduled work for hosts without the production server's timers (`next start`,
// a serverless platform's cron every minute, see vercel.json): Bearer CRON_SECRET; 404 when unset.
import { connection } from 'next/server';
import { invalidateTags } from '@/lib/ops/invalidate';
import { getDb } from '@/lib/db';
import { env } from '@/lib/env';
import { errorResponse } from '@/lib/http/responses';
import { handleCron } from '@/lib/ops/cron';
import { queueExtraction } from '@/lib/search/background';

export async function GET(request: Request) {
  await connection();
  try {
    return await handleCron(request, { secret: env.CRON_SECRET, getDb, invalidate: invalidateTags, extract: () => queueExtraction() });
  } catch (error) {
    return errorResponse(error);
  }
}
