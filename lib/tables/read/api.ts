/**
 * The open tables API (`/api/v1/tables`, `/api/v1/tables/{id}`, `/api/v1/tables/{id}/{key}`), as
 * the series' (lib/series/routes.ts): no key, query parameters checked with zod (French messages,
 * 400), unknown tables 404, ETag and 304, CORS, the same per-address rate limit. `{id}` is the
 * table's code or number; `{key}` the SDMX REST key (lib/tables/read/selection.ts). The format
 * comes from `format=` or else the Accept header (JSON-stat by default). A selection above
 * `apiCellLimit` cells answers 413 with a French message, before any cell is read.
 */
import { z } from 'zod';
import { getDb } from '@/lib/db';
import { env } from '@/lib/env';
import { conditional } from '@/lib/http/conditional';
import { preflight } from '@/lib/http/cors';
import { perRequest } from '@/lib/http/per-request';
import { locales, type Locale } from '@/lib/i18n/locales';
import { localePath } from '@/lib/i18n/paths';
import { agency, apiError, rateLimit } from '@/lib/series/api';
import { periodPattern } from '../model';
import { countCells, getTable, listPublicTables, selectCells } from '../queries';
import { renderTable, tableContentType, tableExtension } from './formats';
import { tablePath, tableApiPath, tableFormats, type TableFormat } from '@/lib/content/addresses';
import { getPublicTableForApi } from './public';
import { keyOf, narrowPeriods, parseKey } from './selection';

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
  const at = q.asOf ? new Date(Math.min(Date.parse(q.asOf.length === 10 ? `${q.asOf}T23:59:59.999Z` : q.asOf), Date.now())) : undefined;
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
  const href = `${site()}${url.pathname}${url.search}`;
  // A version never changes: its rendered selections are kept (bounded), keyed by what they depend on.
  const memoKey = `${table.version.id}|${lang}|${format}|${keyOf(table.structure, selection)}|${(measures ?? []).join('+')}|${href}`;
  let body = rendered.get(memoKey);
  if (body === undefined) {
    const picked = await selectCells(db, table, selection, measures);
    if (!picked.ok) return apiError(400, picked.error.fr);
    body = await renderTable({ table, cells: picked.value }, format, lang, { agency: agency.id, href });
    remember(memoKey, body);
  } else {
    rendered.delete(memoKey);
    rendered.set(memoKey, body);
  }
  const name = `${table.code}${key === 'all' ? '' : `-${key.replace(/[^A-Za-z0-9_+.-]/g, '_').slice(0, 80)}`}.${tableExtension[format]}`;
  const headers: Record<string, string> = { Vary: 'Origin, Accept' };
  if (format !== 'jsonstat') headers['Content-Disposition'] = `attachment; filename="${name}"`;
  return conditional(request, body, tableContentType[format], headers);
};

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
