// GET /api/admin/{kind}?area=…&q=&status=&year=&sort=&dir=&page= — the back-office list of an
// admin screen (connected users only). `kind`: publications (with one or more `area`), news,
// events, galleries, tenders.
import { adminRoute } from '@/lib/admin/handler';
import { getArea } from '@/lib/content/areas';
import { adminListParams, listItemsForAdmin, listPublicationsForAdmin } from '@/lib/content/queries/admin-publications';
import { NotFoundError, ValidationError } from '@/lib/errors';
import { json } from '@/lib/http/responses';
import { parseOrThrow } from '@/lib/validation';

const otherKinds = new Set(['news', 'events', 'galleries', 'tenders'] as const);
type OtherKind = 'news' | 'events' | 'galleries' | 'tenders';

export const GET = adminRoute<{ kind: string }>(async (request, { db }, { kind }) => {
  const url = new URL(request.url);
  const get = (key: string) => url.searchParams.get(key) || undefined;
  const filters = { q: get('q'), status: get('status'), year: get('year'), sort: get('sort'), dir: get('dir'), page: get('page'), perPage: get('perPage') };
  if (kind === 'publications') {
    const areas = url.searchParams.getAll('area');
    if (areas.length === 0 || areas.some((slug) => getArea(slug)?.kind !== 'publications')) {
      throw new ValidationError('Rubrique inconnue : rechargez la page.');
    }
    return json(await listPublicationsForAdmin(db, parseOrThrow(adminListParams, { areas, ...filters })));
  }
  if (!otherKinds.has(kind as OtherKind)) throw new NotFoundError('Liste inconnue.');
  return json(await listItemsForAdmin(db, kind as OtherKind, parseOrThrow(adminListParams.omit({ areas: true }), filters)));
});
