// GET /api/v1/geo/{level} — a geographic level's boundaries as TopoJSON (lib/geo/api.ts).
import { preflight } from '@/lib/http/cors';
import { geoLevelAnswer } from '@/lib/geo/api';

type Context = { params: Promise<{ level: string }> };

export async function GET(request: Request, { params }: Context): Promise<Response> {
  return geoLevelAnswer(request, (await params).level);
}
export const HEAD = GET;
export const OPTIONS = preflight;
