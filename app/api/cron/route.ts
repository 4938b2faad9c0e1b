// GET /api/cron — scheduled work for hosts without the production server's timers (`next start`,
// a serverless platform's cron every minute, see vercel.json): Bearer CRON_SECRET; 404 when unset.
import { connection } from 'next/server';
import { invalidateTags } from '@/lib/ops/invalidate';
import { getDb } from '@/lib/db';
import { env } from '@/lib/env';
import { errorResponse } from '@/lib/http/responses';
import { handleCron } from '@/lib/ops/cron';
import { queueExtraction } from '@/lib/search/background';
import { sendDueAlerts } from '@/lib/alerts/service';

export async function GET(request: Request) {
  await connection();
  try {
    return await handleCron(request, {
      secret: env.CRON_SECRET,
      getDb,
      invalidate: invalidateTags,
      // A serverless call has a time limit: what is left goes out at the next minute's call.
      sendAlerts: (db) => sendDueAlerts(db, { budgetMs: 45_000 }),
      extract: () => queueExtraction(),
    });
  } catch (error) {
    return errorResponse(error);
  }
}
