// GET /api/alertes/desabonnement?jeton=… — the List-Unsubscribe address opened in a browser: 303 to the page.
// POST — RFC 8058 one-click (200), or the page's button (303 to the page with the result).
import { handleUnsubscribeGet, handleUnsubscribePost } from '@/lib/alerts/http';
import { getDb } from '@/lib/db';
import { errorResponse } from '@/lib/http/responses';

export function GET(request: Request) {
  return handleUnsubscribeGet(request);
}

export async function POST(request: Request) {
  try {
    return await handleUnsubscribePost(request, { db: await getDb() });
  } catch (error) {
    return errorResponse(error);
  }
}
