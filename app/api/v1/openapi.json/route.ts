// GET /api/v1/openapi.json — the OpenAPI 3.1 description of the open API: series, tables (limits included) and the SDMX 2.1 REST service.
import { getIdentity } from '@/lib/content/public';
import { env } from '@/lib/env';
import { conditional } from '@/lib/http/conditional';
import { perRequest } from '@/lib/http/per-request';
import { withSdmx } from '@/lib/sdmx/openapi';
import { fullOpenApiDocument } from '@/lib/tables/read/openapi';

export async function GET(request: Request) {
  await perRequest();
  const identity = await getIdentity();
  const body = JSON.stringify(
    withSdmx(fullOpenApiDocument(env.SITE_URL.replace(/\/$/, ''), identity?.name ?? 'Institut national de la statistique')),
    null,
    2,
  );
  return conditional(request, body, 'application/json; charset=utf-8');
}
