// GET /api/admin/{kind}?area=…&q=&status=&year=&sort=&dir=&page= — the back-office list of an
// admin screen (connected users only): `kind` one of lib/content/kinds, `area` the screen's areas
// (optional for a kind whose items all belong to one area).
import { needs } from '@/lib/admin/access';
import { adminRoute } from '@/lib/admin/handler';
import { getArea } from '@/lib/content/areas';
import { kindOf } from '@/lib/content/kinds';
import { adminListParams, listItemsForAdmin } from '@/lib/content/queries/admin-items';
import { ValidationError } from '@/lib/errors';
import { json } from '@/lib/http/responses';
import { parseOrThrow } from '@/lib/validation';

export const GET = adminRoute<{ kind: string }>(needs.read, async (request, { db }, params) => {
  const kind = kindOf(params.kind);
  const url = new URL(request.url);
  const get = (key: string) => url.searchParams.get(key) || undefined;
  // A kind whose rows all belong to one area (news, events…) needs no `area`.
  const given = url.searchParams.getAll('area');
  const areas = given.length === 0 && 'slug' in kind.area ? [kind.area.slug] : given;
  if (areas.length === 0 || areas.some((slug) => getArea(slug)?.kind !== kind.name))
    throw new ValidationError('Rubrique inconnue : rechargez la page.');
  const filters = {
    areas,
    q: get('q'),
    status: get('status'),
    year: get('year'),
    sort: get('sort'),
    dir: get('dir'),
    page: get('page'),
    perPage: get('perPage'),
  };
  return json(await listItemsForAdmin(db, kind, parseOrThrow(adminListParams, filters)));
});
