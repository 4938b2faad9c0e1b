// POST /api/alertes/confirmation — the confirmation page's button: 303 to the page with the result.
import { handleConfirm } from '@/lib/alerts/http';
import { getDb } from '@/lib/db';
import { errorResponse } from '@/lib/http/responses';

export async function POST(request: Request) {
  try {
    return await handleConfirm(request, { db: await getDb() });
  } catch (error) {
    return errorResponse(error);
  }
}
