// POST /api/alertes/gerer — new preferences through a message's link: 303 to the page.
import { handleManage } from '@/lib/alerts/http';
import { getDb } from '@/lib/db';
import { errorResponse } from '@/lib/http/responses';

export async function POST(request: Request) {
  try {
    return await handleManage(request, { db: await getDb() });
  } catch (error) {
    return errorResponse(error);
  }
}
