/**
 * The SDMX 2.1 REST service under `/sdmx/rest` (one catch-all route): structure queries, data
 * queries and `availableconstraint`, read from the same public tables as the pages and the tables
 * API (`listPublicTables` at the clock's now, `getPublicTableForApi`: nothing under embargo before
 * its minute), with that API's bounds (`apiCellLimit` cells, then 413 with SDMX code 510; above
 * `largeAnswerCells` a streamed answer holding one of `largeAnswers`' slots within `answerSeconds`),
 * its rate limit, ETag/304 and CORS. The format comes from `Accept`; every refusal is an SDMX-ML
 * error message in French with its standard code, and no input gives a 500.
 */
import { createHash } from 'node:crypto';
import { getDb } from '@/lib/db';
import { currentTime } from '@/lib/clock';
import { conditional, maxAgeSeconds } from '@/lib/http/conditional';
import { corsHeaders, preflight } from '@/lib/http/cors';
import { perRequest } from '@/lib/http/per-request';
import type { Locale } from '@/lib/i18n/locales';
import { rateLimit } from '@/lib/series/api';
import { countCells, listPublicTables, pickCells } from '@/lib/tables/queries';
import { answerSeconds, apiCellLimit, busyRetrySeconds, largeAnswerCells, largeAnswers } from '@/lib/tables/read/api';
import { chunkStream, tableChunks, tableContentType } from '@/lib/tables/read/formats';
import { getPublicTableForApi } from '@/lib/tables/read/public';
import { availabilityMessage, availableValues } from './availability';
import { chooseData, genericData, jsonData, layoutOf, structureSpecificData, type DataSet } from './data';
import { SdmxError, errorMessage } from './errors';
import { flowOf, sdmxAgency, sdmxVersion, tableCodeOf, type Flow } from './model';
import { parseSdmxQuery, type AvailabilityQuery, type DataQuery, type FlowRef, type StructureQuery } from './request';
import { structureMessage, structuresBody } from './structure';

export type DataFormat = 'generic' | 'structurespecific' | 'json' | 'csv';

export const dataContentType: Record<DataFormat, string> = {
  generic: 'application/vnd.sdmx.genericdata+xml; version=2.1; charset=utf-8',
  structurespecific: 'application/vnd.sdmx.structurespecificdata+xml; version=2.1; charset=utf-8',
  json: 'application/vnd.sdmx.data+json; version=1.0.0; charset=utf-8',
  csv: tableContentType['sdmx-csv'],
};
export const structureContentType = 'application/vnd.sdmx.structure+xml; version=2.1; charset=utf-8';

/** The media types of `Accept` by preference (q, then order). */
function accepted(accept: string | null): string[] {
  if (!accept || accept.trim() === '') return ['*/*'];
  return accept
    .split(',')
    .map((part, i) => {
      const [type = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
      const q = params.find((p) => p.startsWith('q='));
      return { type, q: q ? Number(q.slice(2)) || 0 : 1, i };
    })
    .filter((t) => t.q > 0 && t.type !== '')
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((t) => t.type);
}

/** The data format `Accept` asks for (GenericData when it asks for none in particular), or 406. */
export function dataFormatOf(accept: string | null): DataFormat {
  for (const type of accepted(accept)) {
    if (type === 'application/vnd.sdmx.genericdata+xml') return 'generic';
    if (type === 'application/vnd.sdmx.structurespecificdata+xml') return 'structurespecific';
    if (type === 'application/vnd.sdmx.data+json' || type === 'application/json') return 'json';
    if (type === 'application/vnd.sdmx.data+csv' || type === 'text/csv') return 'csv';
    if (['application/xml', 'text/xml', '*/*', 'application/*', 'text/*'].includes(type)) return 'generic';
  }
  throw new SdmxError(
    406,
    'Format non servi. Formats des données : application/vnd.sdmx.genericdata+xml (par défaut), ' +
      'application/vnd.sdmx.structurespecificdata+xml, application/vnd.sdmx.data+json, application/vnd.sdmx.data+csv.',
  );
}

function checkStructureAccept(accept: string | null): void {
  for (const type of accepted(accept)) {
    if (['application/vnd.sdmx.structure+xml', 'application/xml', 'text/xml', '*/*', 'application/*', 'text/*'].includes(type)) return;
  }
  throw new SdmxError(
    406,
    'Format non servi : les structures sont en SDMX-ML 2.1 (application/vnd.sdmx.structure+xml ou application/xml).',
  );
}

const errorResponse = (error: SdmxError) =>
  new Response(errorMessage(error), {
    status: error.status,
    headers: { ...corsHeaders, 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'no-store', ...error.headers },
  });

/** Every public table as a flow, now. */
async function publicFlows(): Promise<Flow[]> {
  return (await listPublicTables(await getDb(), { lang: 'fr', at: currentTime() })).map(flowOf);
}

/** The flow a data query names, public now, or « no results ». */
async function namedFlow(ref: FlowRef, provider: string | null): Promise<Flow> {
  const unknown = () =>
    new SdmxError(
      100,
      `Aucun résultat : le flux ${[ref.agency, ref.id, ref.version].filter(Boolean).join(',').slice(0, 120)} n’est pas publié ici.`,
    );
  if (ref.agency !== null && ref.agency !== sdmxAgency) throw unknown();
  if (ref.version !== null && ref.version.replace(/(\.0)+$/, '') !== sdmxVersion.replace(/(\.0)+$/, '')) throw unknown();
  if (provider !== null && provider !== sdmxAgency)
    throw new SdmxError(100, `Aucun résultat : le seul fournisseur de données est ${sdmxAgency}.`);
  const code = tableCodeOf(ref.id);
  const table = code ? await getPublicTableForApi(code, 'fr') : null;
  if (!table) throw unknown();
  return flowOf(table);
}

async function structure(request: Request, q: StructureQuery): Promise<Response> {
  checkStructureAccept(request.headers.get('accept'));
  const body = structureMessage(await publicFlows(), q, currentTime());
  return conditional(request, body, structureContentType, { Vary: 'Origin, Accept' });
}

async function availability(request: Request, q: AvailabilityQuery): Promise<Response> {
  checkStructureAccept(request.headers.get('accept'));
  const flow = await namedFlow(q.flow, q.provider);
  const values = await availableValues(await getDb(), flow, q);
  const extra =
    q.references === 'none'
      ? ''
      : structuresBody([flow], {
          kind: 'structure',
          type: 'dataflow',
          agencies: 'all',
          ids: [flow.id],
          versions: 'all',
          items: 'all',
          references: q.references === 'all' ? 'descendants' : q.references === 'dataflow' ? 'none' : q.references,
          detail: 'full',
        });
  return conditional(request, availabilityMessage(flow, values, currentTime(), extra), structureContentType, { Vary: 'Origin, Accept' });
}

const lang = (request: Request): Locale => (/^\s*en\b/i.test(request.headers.get('accept-language') ?? '') ? 'en' : 'fr');

async function data(request: Request, q: DataQuery): Promise<Response> {
  const format = dataFormatOf(request.headers.get('accept'));
  const flow = await namedFlow(q.flow, q.provider);
  const { table } = flow;
  if (q.updatedAfter && Date.parse(table.version.publishedAt) <= q.updatedAfter.getTime())
    throw new SdmxError(
      100,
      `Aucun résultat : la version en ligne du tableau ${table.code} date du ${table.version.publishedAt}, avant updatedAfter.`,
    );
  const choice = chooseData(flow, q.key, q);
  const layout = layoutOf(flow, q.dimensionAtObservation);
  const count = countCells(table.structure, choice.selection, choice.measures) ?? 0;
  if (count > apiCellLimit)
    throw new SdmxError(
      510,
      `La sélection compte ${count.toLocaleString('fr-FR')} observations : une réponse en contient ${apiCellLimit.toLocaleString('fr-FR')} au plus. ` +
        'Précisez la clé, startPeriod, endPeriod ou lastNObservations, ou demandez-la en plusieurs fois.',
    );
  const db = await getDb();
  const language = lang(request);
  const headers: Record<string, string> = { Vary: 'Origin, Accept, Accept-Language' };
  const chunks = async (): Promise<AsyncGenerator<Uint8Array | string>> => {
    const picked = await pickCells(db, table, choice.selection, choice.measures);
    if (!picked.ok) throw new SdmxError(100, `Aucun résultat : ${picked.error.fr}`);
    if (format === 'csv') return tableChunks({ table, cells: picked.value }, 'sdmx-csv', 'fr', { agency: sdmxAgency });
    const x: DataSet = {
      flow,
      cells: picked.value,
      layout,
      detail: q.detail,
      lang: language,
      now: currentTime(),
      obsAtAll: q.dimensionAtObservation === 'AllDimensions',
    };
    return format === 'generic' ? genericData(x) : format === 'structurespecific' ? structureSpecificData(x) : jsonData(x);
  };
  if (count <= largeAnswerCells) {
    let body = '';
    const decoder = new TextDecoder();
    for await (const c of await chunks()) body += typeof c === 'string' ? c : decoder.decode(c, { stream: true });
    return conditional(request, body, dataContentType[format], headers);
  }
  // Large: streamed, one slot of the tables API's, a weak ETag naming the version and the query.
  const etag = `W/"${createHash('sha256').update(`${table.version.id}|${format}|${language}|${request.url}`).digest('base64url').slice(0, 27)}"`;
  const head: Record<string, string> = {
    ...corsHeaders,
    'Content-Type': dataContentType[format],
    ETag: etag,
    'Cache-Control': `public, max-age=${maxAgeSeconds}`,
    ...headers,
  };
  const match = request.headers.get('if-none-match');
  if (match && match.split(',').some((t) => t.trim() === etag)) return new Response(null, { status: 304, headers: head });
  if (request.method === 'HEAD') return new Response(null, { status: 200, headers: head });
  const release = await largeAnswers.take();
  if (!release)
    throw new SdmxError(503, `Trop de réponses volumineuses sont en préparation : réessayez dans ${busyRetrySeconds} s.`, {
      'Retry-After': String(busyRetrySeconds),
    });
  try {
    const source = await chunks();
    return new Response(chunkStream(bytesWithin(source, Date.now() + answerSeconds * 1000), release), { status: 200, headers: head });
  } catch (e) {
    release();
    throw e;
  }
}

const encoder = new TextEncoder();

/** The chunks as bytes until `deadline` (ms), then an error: the connection is cut rather than held. */
async function* bytesWithin(chunks: AsyncGenerator<Uint8Array | string>, deadline: number): AsyncGenerator<Uint8Array> {
  try {
    for await (const chunk of chunks) {
      if (Date.now() > deadline) throw new Error(`Réponse interrompue : plus de ${answerSeconds} s.`);
      const bytes = typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
      if (bytes.byteLength > 0) yield bytes;
    }
  } finally {
    await chunks.return(undefined);
  }
}

/** The path's parts after `/sdmx/rest`, decoded (a bad `%` escape is a syntax error). */
function segmentsOf(url: URL): string[] {
  const rest = url.pathname.replace(/^\/sdmx\/rest\/?/, '');
  try {
    return rest.split('/').map((s) => decodeURIComponent(s));
  } catch {
    throw new SdmxError(140, 'Chemin illisible : un « % » n’y est pas suivi de deux chiffres hexadécimaux.');
  }
}

/** GET /sdmx/rest/… — any query of the service. */
export async function sdmxGet(request: Request): Promise<Response> {
  await perRequest();
  const { headers, retryAfter } = rateLimit(request);
  let response: Response;
  if (retryAfter !== null) {
    response = errorResponse(
      new SdmxError(
        1000,
        `Trop de requêtes depuis votre adresse : la limite est publiée dans /api/v1/openapi.json. Réessayez dans ${retryAfter} s.`,
        {
          'Retry-After': String(retryAfter),
        },
      ),
    );
  } else {
    try {
      const url = new URL(request.url);
      const q = parseSdmxQuery(segmentsOf(url), url);
      response =
        q.kind === 'structure' ? await structure(request, q) : q.kind === 'data' ? await data(request, q) : await availability(request, q);
    } catch (e) {
      if (!(e instanceof SdmxError)) console.error('SDMX : erreur inattendue', e);
      response = errorResponse(e instanceof SdmxError ? e : new SdmxError(500, 'Erreur du service : réessayez plus tard.'));
    }
  }
  for (const [k, v] of Object.entries(headers)) response.headers.set(k, v);
  return response;
}

export const sdmxRoutes = { get: sdmxGet, options: async () => preflight() };
