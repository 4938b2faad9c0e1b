// GET /api/admin/publications?area=…&q=&status=&year=&sort=&dir=&page= — the back-office list of
// one or more publication areas (connected users only).
import { adminRoute } from '@/lib/admin/handler';
import { getArea } from '@/lib/content/areas';
import { listPublicationsForAdmin } from '@/lib/content/queries/admin-publications';
import { ValidationError } from '@/lib/errors';
import { json } from '@/lib/http/responses';
import { parseOrThrow } from '@/lib/validation';
import { adminListParams } from '@/lib/content/queries/admin-publications';

export const GET = adminRoute(async (request, { db }) => {
  const url = new URL(request.url);
  const areas = url.searchParams.getAll('area');
  if (areas.length === 0 || areas.some((slug) => getArea(slug)?.kind !== 'publications')) {
    throw new ValidationError('Rubrique inconnue : rechargez la page.');
  }
  const get = (key: string) => url.searchParams.get(key) || undefined;
  const params = parseOrThrow(adminListParams, {
    areas,
    q: get('q'),
    status: get('status'),
    year: get('year'),
    sort: get('sort'),
    dir: get('dir'),
    page: get('page'),
    perPage: get('perPage'),
  });
  return json(await listPublicationsForAdmin(db, params));
});
