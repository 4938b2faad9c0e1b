/**
 * The catalogue's answers: `/catalogue` by content negotiation, `/catalogue.ttl`,
 * `/catalogue.jsonld` and `/catalogue.rdf` as they are; `?page=N` for the pages after the first
 * (Hydra's `hydra:next` names them). Open data's headers (ETag, 304, CORS, a short public life that
 * the server caps at the next scheduled change). A reader that asks for HTML (a browser) is sent
 * (303 See Other) to the open-data page, which explains the catalogue and links its three files:
 * the catalogue's address stays RDF for every harvester, and a person gets a page in their language.
 */
import { env } from '@/lib/env';
import { conditional, maxAgeSeconds } from '@/lib/http/conditional';
import { corsHeaders } from '@/lib/http/cors';
import { perRequest } from '@/lib/http/per-request';
import { catalogueFilePath, cataloguePath, dataPath } from '@/lib/content/addresses';
import { localePath } from '@/lib/i18n/paths';
import { catalogueGraph, pageCount } from './model';
import { getPublicCatalogue } from './public';
import { catalogueContentType, catalogueExtension, serialize, type CatalogueFormat } from './serialize';

const filePath = (format: CatalogueFormat) => catalogueFilePath(catalogueExtension[format]);

/** The media types a reader may ask for, by what answers them. */
const offers: { type: string; answer: CatalogueFormat | 'html' }[] = [
  { type: 'text/turtle', answer: 'turtle' },
  { type: 'application/x-turtle', answer: 'turtle' },
  { type: 'application/ld+json', answer: 'jsonld' },
  { type: 'application/json', answer: 'jsonld' },
  { type: 'application/rdf+xml', answer: 'rdfxml' },
  { type: 'text/html', answer: 'html' },
  { type: 'application/xhtml+xml', answer: 'html' },
];

/**
 * What `/catalogue` answers an `Accept` header: the offer of highest quality, a type named
 * outright winning over one reached by a wildcard, then Turtle, JSON-LD, RDF/XML, HTML in that
 * order (no header, or `*∕*`: Turtle). Null when nothing offered is acceptable (406).
 */
export function negotiate(accept: string | null): CatalogueFormat | 'html' | null {
  const ranges = (accept?.trim() ? accept : '*/*').split(',').flatMap((part) => {
    const [range = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    const quality = q ? Number(q.slice(2)) : 1;
    return range && Number.isFinite(quality) ? [{ range, quality }] : [];
  });
  let best: { answer: CatalogueFormat | 'html'; quality: number; explicit: boolean; rank: number } | null = null;
  offers.forEach(({ type, answer }, rank) => {
    const [major] = type.split('/');
    const exact = ranges.find((r) => r.range === type);
    const match = exact ?? ranges.find((r) => r.range === `${major}/*`) ?? ranges.find((r) => r.range === '*/*');
    if (!match || match.quality <= 0) return;
    const candidate = { answer, quality: match.quality, explicit: Boolean(exact), rank };
    if (!best || candidate.quality > best.quality || (candidate.quality === best.quality && candidate.explicit && !best.explicit)) {
      best = candidate;
    }
  });
  return (best as { answer: CatalogueFormat | 'html' } | null)?.answer ?? null;
}

const text = (status: number, message: string, extra: Record<string, string> = {}) =>
  new Response(`${message}\n`, {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': `public, max-age=${maxAgeSeconds}`, ...extra },
  });

const site = () => env.SITE_URL.replace(/\/$/, '');

/** The page asked (`?page=N`, 1 without it), or a French 400 message. */
function pageOf(url: URL): { ok: true; page: number } | { ok: false; error: string } {
  for (const key of url.searchParams.keys()) {
    if (key !== 'page') return { ok: false, error: `Paramètre inconnu : ${key.slice(0, 60)}. Paramètre admis : page.` };
  }
  const raw = url.searchParams.get('page');
  if (raw === null) return { ok: true, page: 1 };
  if (!/^[1-9]\d{0,5}$/.test(raw)) return { ok: false, error: 'page : un nombre entier à partir de 1.' };
  return { ok: true, page: Number(raw) };
}

/** The catalogue's page in `format`; `path` is the address it was asked at (its Hydra links stay there). */
async function answer(request: Request, format: CatalogueFormat, path: string, extra: Record<string, string>): Promise<Response> {
  const parsed = pageOf(new URL(request.url));
  if (!parsed.ok) return text(400, parsed.error);
  const catalogue = await getPublicCatalogue();
  const graph = catalogueGraph(catalogue, parsed.page, (n) => `${site()}${path}?page=${n}`);
  if (!graph) {
    return text(404, `Page ${parsed.page} inconnue : le catalogue en compte ${pageCount(catalogue)}.`);
  }
  const links = (['turtle', 'jsonld', 'rdfxml'] as const)
    .map((f) => `<${site()}${filePath(f)}>; rel="alternate"; type="${catalogueContentType[f].split(';')[0]}"`)
    .join(', ');
  return conditional(request, serialize(graph.triples, format), catalogueContentType[format], { Link: links, ...extra });
}

/** GET /catalogue — the format the reader asks for (Accept), or the open-data page for a browser. */
export async function negotiatedCatalogue(request: Request): Promise<Response> {
  await perRequest();
  const chosen = negotiate(request.headers.get('accept'));
  if (chosen === null) {
    return text(406, 'Format non disponible : le catalogue existe en text/turtle, application/ld+json et application/rdf+xml.', {
      Vary: 'Accept, Origin',
    });
  }
  if (chosen === 'html') {
    const english = /^\s*en\b/i.test(request.headers.get('accept-language') ?? '');
    const location = `${site()}${localePath(english ? 'en' : 'fr', dataPath)}#catalogue`;
    return text(303, `Le catalogue DCAT-AP est décrit sur ${location}.`, { Location: location, Vary: 'Accept, Accept-Language, Origin' });
  }
  const url = new URL(request.url);
  return answer(request, chosen, cataloguePath, {
    Vary: 'Accept, Origin',
    'Content-Location': `${site()}${filePath(chosen)}${url.search}`,
  });
}

/** GET /catalogue.ttl, .jsonld, .rdf — the catalogue in that serialization. */
export function catalogueFile(format: CatalogueFormat) {
  return async (request: Request): Promise<Response> => {
    await perRequest();
    return answer(request, format, filePath(format), {});
  };
}
