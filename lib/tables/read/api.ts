/**
 * The open tables API (`/api/v1/tables`, `/api/v1/tables/{id}`, `/api/v1/tables/{id}/{key}`), as
 * the series' (lib/series/routes.ts): no key, query parameters checked with zod (French messages,
 * 400), unknown tables 404, ETag and 304, CORS, the same per-address rate limit. `{id}` is the
 * table's code or number; `{key}` the SDMX REST key (lib/tables/read/selection.ts). The format
 * comes from `format=` or else the Accept header (JSON-stat by default). A selection above
 * `apiCellLimit` cells, or above its format's budget (`formatCellBudget`), answers 413 with a French
 * message naming the limit, before any cell is read. Large answers (above `largeAnswerCells`) are
 * streamed (./formats.ts), a few at a time (`largeAnswers`: 503 with `Retry-After` past the queue),
 * within `answerSeconds`; small ones are rendered whole and kept.
 */
import { z } from 'zod';
import { getDb } from '@/lib/db';
import { env } from '@/lib/env';
import { createHash } from 'node:crypto';
import { conditional, maxAgeSeconds } from '@/lib/http/conditional';
import { corsHeaders } from '@/lib/http/cors';
import { createSlots } from '@/lib/http/slots';
import { preflight } from '@/lib/http/cors';
import { perRequest } from '@/lib/http/per-request';
import { locales, type Locale } from '@/lib/i18n/locales';
import { localePath } from '@/lib/i18n/paths';
import { agency, apiError, rateLimit } from '@/lib/series/api';
import { periodPattern } from '../model';
import { countCells, getTable, listPublicTables, pickCells } from '../queries';
import { chunkStream, renderTable, tableChunks, tableContentType, tableExtension, type Extract } from './formats';
import { tablePath, tableApiPath, tableFormats, type TableFormat } from '@/lib/content/addresses';
import { getPublicTableForApi } from './public';
import { keyOf, narrowPeriods, parseKey } from './selection';
import { downloadName } from './names';
import { largeAnswerCells } from './file';
import { currentTimeMs } from '@/lib/clock';

/** Rendered answers, most recently used last, up to `RENDERED_BYTES` (selections of immutable versions). */
const rendered = new Map<string, string | Uint8Array>();
let renderedBytes = 0;
const RENDERED_BYTES = 64 * 1024 * 1024;
const sizeOf = (b: string | Uint8Array) => (typeof b === 'string' ? b.length * 2 : b.byteLength);
function remember(key: string, body: string | Uint8Array) {
  if (sizeOf(body) > RENDERED_BYTES / 8) return;
  rendered.set(key, body);
  renderedBytes += sizeOf(body);
  for (const [k, old] of rendered) {
    if (renderedBytes <= RENDERED_BYTES) break;
    rendered.delete(k);
    renderedBytes -= sizeOf(old);
  }
}

/** The most cells one answer of the API holds (XLSX stays under Excel's 1,048,576 lines). */
export const apiCellLimit = 1_000_000;

/**
 * The most cells per format, so that an answer ends well within `answerSeconds` on a busy server.
 * Measured by `npm run bench:bounded` on a loaded 2-core machine: the text formats write a million
 * cells in 1–17 s, XLSX (exceljs, some 60 µs a line) in 60 s unloaded and past 180 s under load;
 * so XLSX stops at 300,000 lines (Excel's own limit is 1,048,576) and the rest go by CSV. Checked
 * before any cell is read.
 */
export const formatCellBudget: Record<TableFormat, number> = {
  csv: apiCellLimit,
  'csv-fr': apiCellLimit,
  'sdmx-csv': apiCellLimit,
  jsonstat: apiCellLimit,
  xlsx: 300_000,
};

export { largeAnswerCells };

/** The longest a large answer may take (a client that stops reading is cut off then, and frees its slot). */
export const answerSeconds = 180;

/** Seconds a refused client is told to wait (`Retry-After`). */
export const busyRetrySeconds = 15;

/**
 * Large answers written at once by this process (two: one per core of a small server, the pages
 * keep the event loop between chunks), four more waiting up to 20 s; past that, 503.
 */
export const largeAnswers = createSlots({ slots: 2, queue: 4, waitMs: 20_000 });

const period = z
  .string()
  .trim()
  .regex(periodPattern, 'Période au format SDMX attendue : 2026 (année), 2026-S2 (semestre), 2026-Q3 (trimestre) ou 2026-10 (mois).');

export const tableQuerySchema = z.object({
  format: z
    .enum([...tableFormats, 'json'], { error: `Format inconnu : choisissez ${tableFormats.join(', ')} (json est jsonstat).` })
    .optional(),
  startPeriod: period.optional(),
  endPeriod: period.optional(),
  lastNObservations: z.coerce
    .number({ error: 'lastNObservations : un nombre entier positif.' })
    .int('lastNObservations : un nombre entier positif.')
    .min(1, 'lastNObservations : un nombre entier positif.')
    .max(100_000, 'lastNObservations : 100 000 au plus.')
    .optional(),
  asOf: z
    .string()
    .trim()
    .refine(
      (v) =>
        (/^\d{4}-\d{2}-\d{2}$/.test(v) || /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(v)) &&
        !Number.isNaN(Date.parse(v)),
      'asOf : une date ISO 8601 (2026-11-12) ou une date et heure avec fuseau (2026-11-12T08:45:00Z).',
    )
    .optional(),
  lang: z.enum(locales, { error: `Langue inconnue : choisissez ${locales.join(' ou ')} (français par défaut).` }).optional(),
});
export type TableQuery = z.infer<typeof tableQuerySchema>;

/** The query string checked (unknown parameters refused: a typo must not pass unnoticed). */
export function parseTableQuery(url: URL): { ok: true; query: TableQuery; at?: Date } | { ok: false; error: string } {
  const allowed = Object.keys(tableQuerySchema.shape);
  const raw: Record<string, string> = {};
  for (const [key, value] of url.searchParams) {
    if (!allowed.includes(key))
      return { ok: false, error: `Paramètre inconnu : ${key.slice(0, 60)}. Paramètres admis : ${allowed.join(', ')}.` };
    if (key in raw) return { ok: false, error: `Paramètre répété : ${key}.` };
    raw[key] = value;
  }
  const parsed = tableQuerySchema.safeParse(raw);
  if (!parsed.success) return { ok: false, error: parsed.error.issues.map((i) => i.message).join(' ') };
  const q = parsed.data;
  // Never later than now: a future instant would show values still under embargo.
  const at = q.asOf
    ? new Date(Math.min(Date.parse(q.asOf.length === 10 ? `${q.asOf}T23:59:59.999Z` : q.asOf), currentTimeMs()))
    : undefined;
  return { ok: true, query: q, at };
}

/** The format asked: `format=`, else the Accept header, else JSON-stat. */
export function formatOf(query: TableQuery, accept: string | null): TableFormat {
  if (query.format) return query.format === 'json' ? 'jsonstat' : query.format;
  const a = (accept ?? '').toLowerCase();
  if (a.includes('application/vnd.sdmx.data+csv')) return 'sdmx-csv';
  if (a.includes('spreadsheetml')) return 'xlsx';
  if (a.includes('text/csv')) return 'csv';
  return 'jsonstat';
}

const site = () => env.SITE_URL.replace(/\/$/, '');

type Context = { params: Promise<{ id?: string; key?: string }> };
type Handler = (request: Request, context: Context) => Promise<Response>;

function limited(run: Handler): Handler {
  return async (request, context) => {
    await perRequest();
    const { headers, retryAfter } = rateLimit(request);
    if (retryAfter !== null) {
      return apiError(
        429,
        `Trop de requêtes depuis votre adresse : la limite est publiée dans /api/v1/openapi.json. Réessayez dans ${retryAfter} s.`,
        { ...headers, 'Retry-After': String(retryAfter) },
      );
    }
    const response = await run(request, context);
    for (const [k, v] of Object.entries(headers)) response.headers.set(k, v);
    return response;
  };
}

/** GET /api/v1/tables/{id}[/{key}] — a table or a selection, in the format asked. */
export const tableData: Handler = async (request, { params }) => {
  const { id = '', key = 'all' } = await params;
  if (!/^([A-Z][A-Z0-9_]{1,59}|[1-9]\d{0,9})$/.test(id)) return apiError(404, `Tableau inconnu : ${id.slice(0, 60)}.`);
  const url = new URL(request.url);
  const parsed = parseTableQuery(url);
  if (!parsed.ok) return apiError(400, parsed.error);
  const { query, at } = parsed;
  const lang: Locale = query.lang ?? 'fr';
  const db = await getDb();
  // Now: the cached read of the page (a code; a number reads the database); asOf: the database at that instant.
  const table = !at && !/^\d/.test(id) ? await getPublicTableForApi(id, lang) : await getTable(db, id, { lang, asOf: at });
  if (!table) return apiError(404, at ? `Tableau inconnu, ou pas encore publié à cette date : ${id}.` : `Tableau inconnu : ${id}.`);
  let decoded: string;
  try {
    decoded = decodeURIComponent(key);
  } catch {
    return apiError(400, 'Clé illisible : un « % » n’y est pas suivi de deux chiffres hexadécimaux.');
  }
  const keyed = parseKey(table.structure, decoded);
  if (!keyed.ok) return apiError(400, keyed.error.fr);
  const narrowed = narrowPeriods(table.structure, keyed.value, query);
  if (!narrowed.ok) return apiError(404, narrowed.error.fr);
  const { selection, measures } = narrowed.value;
  const count = countCells(table.structure, selection, measures) ?? 0;
  if (count > apiCellLimit) {
    return apiError(
      413,
      `La sélection compte ${count.toLocaleString('fr-FR')} cellules : une réponse en contient ${apiCellLimit.toLocaleString('fr-FR')} au plus. ` +
        'Réduisez-la (plus de positions dans la clé, startPeriod, endPeriod ou lastNObservations), ou demandez-la en plusieurs fois.',
    );
  }
  const format = formatOf(query, request.headers.get('accept'));
  if (count > formatCellBudget[format]) {
    return apiError(
      413,
      `La sélection compte ${count.toLocaleString('fr-FR')} cellules : au format ${format}, une réponse en contient ` +
        `${formatCellBudget[format].toLocaleString('fr-FR')} au plus. Réduisez-la ou choisissez le format csv.`,
    );
  }
  const href = `${site()}${url.pathname}${url.search}`;
  const name = `${downloadName(table.structure, table.code, keyed.value.selection, keyed.value.measures, query)}.${tableExtension[format]}`;
  const headers: Record<string, string> = { Vary: 'Origin, Accept' };
  if (format !== 'jsonstat') headers['Content-Disposition'] = `attachment; filename="${name}"`;
  // A version never changes: its rendered selections are kept (bounded), keyed by what they depend on.
  const memoKey = `${table.version.id}|${lang}|${format}|${keyOf(table.structure, selection)}|${(measures ?? []).join('+')}|${href}`;
  if (count > largeAnswerCells) return largeAnswer(request, db, table, { selection, measures }, format, lang, href, memoKey, headers);
  let body = rendered.get(memoKey);
  if (body === undefined) {
    const picked = await pickCells(db, table, selection, measures);
    if (!picked.ok) return apiError(400, picked.error.fr);
    body = await renderTable({ table, cells: picked.value }, format, lang, { agency: agency.id, href });
    remember(memoKey, body);
  } else {
    rendered.delete(memoKey);
    rendered.set(memoKey, body);
  }
  return conditional(request, body, tableContentType[format], headers);
};

/**
 * A large selection, streamed: 304 when the client holds it (the ETag names the version and the
 * selection, which never change, so no byte is made to compare), HEAD without work, else a slot of
 * `largeAnswers` (503 with `Retry-After` when none comes) held until the last byte, an error, the
 * client leaving, or `answerSeconds`.
 */
async function largeAnswer(
  request: Request,
  db: Awaited<ReturnType<typeof getDb>>,
  table: Extract['table'],
  { selection, measures }: { selection: Record<string, readonly string[] | undefined>; measures?: string[] },
  format: TableFormat,
  lang: Locale,
  href: string,
  memoKey: string,
  extra: Record<string, string>,
): Promise<Response> {
  const etag = `W/"${createHash('sha256').update(memoKey).digest('base64url').slice(0, 27)}"`;
  const headers: Record<string, string> = {
    ...corsHeaders,
    'Content-Type': tableContentType[format],
    ETag: etag,
    'Cache-Control': `public, max-age=${maxAgeSeconds}`,
    ...extra,
  };
  const match = request.headers.get('if-none-match');
  if (match && match.split(',').some((t) => t.trim() === etag)) return new Response(null, { status: 304, headers });
  if (request.method === 'HEAD') return new Response(null, { status: 200, headers });
  const release = await largeAnswers.take();
  if (!release) {
    return apiError(
      503,
      `Trop de fichiers volumineux sont en préparation : réessayez dans ${busyRetrySeconds} s ` +
        '(ou réduisez la sélection : en dessous de ' +
        `${largeAnswerCells.toLocaleString('fr-FR')} cellules, la réponse ne fait pas la queue).`,
      { 'Retry-After': String(busyRetrySeconds) },
    );
  }
  try {
    const picked = await pickCells(db, table, selection, measures);
    if (!picked.ok) {
      release();
      return apiError(400, picked.error.fr);
    }
    const chunks = tableChunks({ table, cells: picked.value }, format, lang, { agency: agency.id, href });
    return new Response(chunkStream(within(chunks, Date.now() + answerSeconds * 1000), release), { status: 200, headers });
  } catch (e) {
    release();
    throw e;
  }
}

/** The chunks until `deadline` (ms), then an error: the connection is cut rather than held. */
async function* within(chunks: AsyncGenerator<Uint8Array>, deadline: number): AsyncGenerator<Uint8Array> {
  try {
    for await (const chunk of chunks) {
      if (Date.now() > deadline) throw new Error(`Réponse interrompue : plus de ${answerSeconds} s.`);
      yield chunk;
    }
  } finally {
    await chunks.return(undefined);
  }
}

/** GET /api/v1/tables — the catalogue: every public table with its dimensions and links. */
export const tableCatalogue: Handler = async (request) => {
  const url = new URL(request.url);
  for (const key of url.searchParams.keys()) {
    if (key !== 'lang' && key !== 'area') return apiError(400, `Paramètre inconnu : ${key.slice(0, 60)}. Paramètres admis : area, lang.`);
  }
  const langParam = url.searchParams.get('lang') ?? 'fr';
  if (!(locales as readonly string[]).includes(langParam)) return apiError(400, `Langue inconnue : choisissez ${locales.join(' ou ')}.`);
  const lang = langParam as Locale;
  const area = url.searchParams.get('area') ?? undefined;
  const tables = await listPublicTables(await getDb(), { lang, area });
  const body = {
    tables: tables.map((t) => ({
      code: t.code,
      id: t.id,
      title: t.title,
      area: t.area,
      cellCount: t.cellCount,
      version: t.version.number,
      versionPublishedAt: t.version.publishedAt,
      dimensions: t.dimensions.map((d) => ({ code: d.code, label: d.label, role: d.role, size: d.values.length })),
      measures: t.measures,
      links: { self: `${site()}${tableApiPath(t.code)}`, page: `${site()}${localePath(lang, tablePath(t.code))}` },
    })),
  };
  return conditional(request, JSON.stringify(body), 'application/json; charset=utf-8');
};

export const tableRoutes = {
  catalogue: limited(tableCatalogue),
  data: limited(tableData),
  options: async () => preflight(),
};
