/**
 * The open series API (`/api/v1/series`, `/api/v1/series/{code}`), without a key: query
 * parameters checked with zod (French messages), the files of lib/series/files, ETag and 304,
 * CORS for GET, and a per-address rate limit whose figures are published (OpenAPI, re-users' page,
 * `RateLimit-*` headers). Labels in French, or in English with `lang=en` (headers, statuses,
 * frequencies, and each series' texts where translated). Route handlers are lib/series/routes.ts.
 */
import { narrowingParts, safeNamePart } from './files/names';
import { z } from 'zod';
import { env } from '@/lib/env';
import { conditional } from '@/lib/http/conditional';
import { corsHeaders } from '@/lib/http/cors';
import { createRateLimiter } from '@/lib/http/rate-limit';
import { defaultLocale, locales, type Locale } from '@/lib/i18n/locales';
import { localePath } from '@/lib/i18n/paths';
import { toCsv, toFrenchCsv, toJson, toSdmxCsv, toXlsx } from './files/export';
import { periodOf, periodStart, type Frequency, type SeriesData } from './model';
import { localizedSeries } from './localize';
import type { SeriesTranslations } from './queries';
import { downloadFormats, seriesPath, type DownloadFormat } from '@/lib/content/addresses';
import { currentTimeMs } from '@/lib/clock';

/** Requests per address and per minute (API_RATE_LIMIT_PER_MINUTE; published in the OpenAPI description). */
export const rateLimitPerMinute = env.API_RATE_LIMIT_PER_MINUTE;
export const agency = { id: 'INSSTAT', dataflow: 'DF_SERIES', refArea: env.SDMX_REF_AREA };

const period = z
  .string()
  .trim()
  .regex(/^\d{4}(-(0[1-9]|1[0-2]|Q[1-4]))?$/, 'Période au format SDMX attendue : 2026-10 (mois), 2026-Q3 (trimestre) ou 2026 (année).');

export const querySchema = z.object({
  format: z.enum(downloadFormats, { error: `Format inconnu : choisissez ${downloadFormats.join(', ')}.` }).optional(),
  startPeriod: period.optional(),
  endPeriod: period.optional(),
  lastNObservations: z.coerce
    .number({ error: 'lastNObservations : un nombre entier positif.' })
    .int('lastNObservations : un nombre entier positif.')
    .min(1, 'lastNObservations : un nombre entier positif.')
    .max(100_000)
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
  area: z.string().trim().max(60).optional(),
  lang: z.enum(locales, { error: `Langue inconnue : choisissez ${locales.join(' ou ')} (français par défaut).` }).optional(),
});
export type SeriesQuery = z.infer<typeof querySchema>;

export type ParsedQuery = { ok: true; query: SeriesQuery; at: Date | undefined } | { ok: false; error: string };

/** Reads and checks the query string (unknown parameters are refused, so a typo does not pass unnoticed). */
export function parseQuery(url: URL, allowed: readonly (keyof SeriesQuery)[]): ParsedQuery {
  const raw: Record<string, string> = {};
  for (const [key, value] of url.searchParams) {
    if (!(allowed as readonly string[]).includes(key))
      return { ok: false, error: `Paramètre inconnu : ${key}. Paramètres admis : ${allowed.join(', ')}.` };
    raw[key] = value;
  }
  const parsed = querySchema.safeParse(raw);
  if (!parsed.success) return { ok: false, error: parsed.error.issues.map((i) => i.message).join(' ') };
  const query = parsed.data;
  // Never later than now: a future instant would show values still under embargo.
  const at = query.asOf
    ? new Date(Math.min(Date.parse(query.asOf.length === 10 ? `${query.asOf}T23:59:59.999Z` : query.asOf), currentTimeMs()))
    : undefined;
  return { ok: true, query, at };
}

/** Bounds a start period in another notation to a first day (`2026` → `2026-01-01`, `2026-Q3` → `2026-07-01`). */
function firstDay(p: string): string {
  const f: Frequency = /Q/.test(p) ? 'quarterly' : p.length === 4 ? 'annual' : 'monthly';
  return periodStart(p, f)!;
}
/** The last day of a period in any notation. */
function lastDay(p: string): string {
  const start = new Date(`${firstDay(p)}T00:00:00Z`);
  const months = /Q/.test(p) ? 3 : p.length === 4 ? 12 : 1;
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + months, 0)).toISOString().slice(0, 10);
}

/** The observations the query asks for (periods, then the last N). */
export function filterObservations<D extends SeriesData>(data: D, query: SeriesQuery): D {
  let obs = data.observations;
  if (query.startPeriod) {
    const from = firstDay(query.startPeriod);
    obs = obs.filter((o) => o.period >= from);
  }
  if (query.endPeriod) {
    const to = lastDay(query.endPeriod);
    obs = obs.filter((o) => o.period <= to);
  }
  if (query.lastNObservations) obs = obs.slice(-query.lastNObservations);
  return { ...data, observations: obs };
}

/** Series as the reads return them: with their translated texts beside `meta` (none: French only). */
type ApiSeries = SeriesData & { translations?: SeriesTranslations | null };

/** `data` with its series' texts in `locale` where translated, French otherwise; plain series data as the files read it. */
function shownIn(data: ApiSeries[], locale: Locale): SeriesData[] {
  return data.map((d) => {
    const { meta, version, observations } = locale === defaultLocale ? d : localizedSeries(d, locale);
    return { meta, version, observations };
  });
}

export const seriesContentType: Record<DownloadFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  'csv-fr': 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'sdmx-csv': 'application/vnd.sdmx.data+csv; version=2.0.0; charset=utf-8',
  json: 'application/json; charset=utf-8',
};
const extension: Record<DownloadFormat, string> = { csv: 'csv', 'csv-fr': 'fr.csv', xlsx: 'xlsx', 'sdmx-csv': 'sdmx.csv', json: 'json' };

async function render(data: ApiSeries[], format: DownloadFormat, locale: Locale): Promise<string | Uint8Array> {
  const shown = () => shownIn(data, locale);
  switch (format) {
    case 'csv':
      return toCsv(shown());
    case 'csv-fr':
      return toFrenchCsv(shown(), locale);
    case 'xlsx':
      return new Uint8Array(await toXlsx(shown(), locale));
    case 'sdmx-csv':
      // Codes only, the same in every language (UNIT_MEASURE is read from the French unit).
      return toSdmxCsv(data, { agency: agency.id, dataflow: agency.dataflow, refArea: agency.refArea });
    case 'json':
      return toJson(shown(), locale);
  }
}

/**
 * The bytes `GET /api/v1/series/{code}?format=…` answers for one series as published, with no other
 * parameter (French): the DCAT-AP catalogue (lib/dcat) gives their size and SHA-256.
 */
export const seriesFile = (data: ApiSeries, format: DownloadFormat): Promise<string | Uint8Array> => render([data], format, defaultLocale);

/** A JSON error in French, with CORS so a browser client can read it. */
export function apiError(status: number, error: string, headers: Record<string, string> = {}): Response {
  return Response.json({ error }, { status, headers: { ...corsHeaders, 'Cache-Control': 'no-store', ...headers } });
}

/** One or several series as a file (or JSON) of the requested format, in the language of `lang`. */
export async function seriesResponse(request: Request, data: ApiSeries[], query: SeriesQuery, name: string): Promise<Response> {
  const format = query.format ?? 'json';
  const selected = data.map((d) => filterObservations(d, query));
  const body = await render(selected, format, query.lang ?? defaultLocale);
  const headers: Record<string, string> = {};
  // The name says what narrows the file (periods, instant, language): two selections, two names.
  const file = [safeNamePart(name), ...narrowingParts(query)].join('_');
  if (format !== 'json') headers['Content-Disposition'] = `attachment; filename="${file}.${extension[format]}"`;
  return conditional(request, body, seriesContentType[format], headers);
}

/** The catalogue: every series with its latest value and links (no observations), its texts and its page in `locale`. */
export function catalogue(data: ApiSeries[], site: string, locale: Locale = defaultLocale) {
  return {
    series: shownIn(data, locale).map(({ meta, version, observations }) => {
      const last = observations.at(-1);
      const page = seriesPath(meta);
      return {
        code: meta.code,
        label: meta.label,
        area: meta.area,
        unit: meta.unit,
        basePeriod: meta.basePeriod,
        frequency: meta.frequency,
        decimals: meta.decimals,
        seasonalAdjustment: meta.seasonalAdjustment,
        source: meta.source,
        version: version.number,
        versionPublishedAt: version.publishedAt,
        firstPeriod: observations[0] ? periodOf(observations[0].period, meta.frequency) : null,
        lastPeriod: last ? periodOf(last.period, meta.frequency) : null,
        lastValue: last ? last.value : null,
        lastStatus: last ? last.status : null,
        links: {
          self: `${site}/api/v1/series/${meta.code}`,
          ...(page ? { page: `${site}${localePath(locale, page)}` } : {}),
        },
      };
    }),
  };
}

// ─── Rate limit ──────────────────────────────────────────────────────────────────────────────

const limiter = createRateLimiter(rateLimitPerMinute);

/** Counts a request of this address in the current minute (per app instance): `createRateLimiter`. */
export const rateLimit = (request: Request, now = Date.now()) => limiter.check(request, now);

/** Forgets every count (tests). */
export const resetRateLimit = (): void => limiter.reset();
