// POST /api/alertes — the subscription form (no JavaScript needed): 303 to /alertes with what happened.
import { after } from 'next/server';
import { handleSubscribe } from '@/lib/alerts/http';
import { sendDueAlerts } from '@/lib/alerts/service';
import { getDb } from '@/lib/db';
import { CLIENT_IP_HEADER } from '@/lib/http/client-ip';
import { errorResponse } from '@/lib/http/responses';

export async function POST(request: Request) {
  try {
    const db = await getDb();
    const response = await handleSubscribe(request, { db, ip: request.headers.get(CLIENT_IP_HEADER) });
    // The confirmation goes out now rather than at the scheduler's next run.
    after(() => sendDueAlerts(db));
    return response;
  } catch (error) {
    return errorResponse(error);
  }
}
