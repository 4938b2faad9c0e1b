/**
 * What every answer of the production server tells the caches in front of it (nginx, Varnish, a
 * CDN, browsers), computed when its head is sent — also for the bytes the page cache replays, so
 * freshness is counted from now, not from the moment the copy was stored.
 *
 * - Public answers: browsers revalidate every time with the ETag (`max-age=0`, a 304 costs a few
 *   bytes, back/forward still works); shared caches keep them `sharedSeconds` (`s-maxage`, short:
 *   nginx has no purge), never past the next scheduled change of anything public (the due clock,
 *   lib/ops/due-clock.ts); `stale-if-error` keeps an outage invisible. No
 *   `stale-while-revalidate`: it would serve a withdrawn page once more after its time.
 * - Purged caches (a purge adapter configured, lib/cache/purge/): a tagged answer may stay
 *   `purgedSeconds` there (`Surrogate-Control` for Varnish and Fastly, `CDN-Cache-Control` for
 *   Cloudflare and others), also capped at the next due time: every write purges its tags, and a
 *   release's minute ends the copy by itself. An answer whose tags are unknown gets the short life.
 * - Tags: `Surrogate-Key` (space-separated: Fastly, the shipped VCL's xkey) and `Cache-Tag`
 *   (comma-separated: Cloudflare), the very tags writes invalidate (lib/cache/tags.ts).
 * - A copy Next serves while it renders the page again (`x-nextjs-cache: STALE`), every answer
 *   while a content write of this process is under way (from its commit to its answer: copies from
 *   before it are still served) and every answer in the seconds after a due time passed (its pages
 *   are being rendered again): 1 s, everywhere. nginx counts whole seconds, so 1 s is 1–2 s there.
 * - 404s and redirects: the short life only, capped the same way (an address that starts to exist
 *   at a release's minute must not stay « not found »).
 * - Pages rendered per request but decided by their address alone (the calendar, `addressOnly`):
 *   the short life, as any page whose tags are not all known. Other `no-store` pages (the search,
 *   one copy per query) stay private.
 * - Back-office, signed-in requests, answers that set a cookie, server errors: `private, no-store`.
 */
import { ServerResponse, type IncomingMessage, type OutgoingHttpHeader, type OutgoingHttpHeaders } from 'node:http';
import { AsyncLocalStorage } from 'node:async_hooks';
import { currentTimeMs } from '@/lib/clock';

export type CachePolicy = {
  sharedSeconds: number;
  purgedSeconds: number;
  staleIfErrorSeconds: number;
  /** Whether a purge adapter is configured: without it, no cache gets more than `sharedSeconds`. */
  purging: boolean;
};

/**
 * What the next due time is, as the due clock says (`known` false: not read yet, be conservative),
 * and the last one it saw pass (`passed`).
 */
export type DueTime = { known: boolean; next: Date | null; passed?: Date | null };

/**
 * For this long after a due time passed, answers live 1 s in every cache: the site shows what it
 * published only once its pages are rendered again (0.5–3 s under load), and a copy fetched in
 * between, given the full short life, kept the old page of a release on through nginx for 5 s more.
 */
const SETTLING_MS = 10_000;

export type AnswerFacts = {
  method: string;
  path: string;
  status: number;
  /** The answer's own `Cache-Control`, as its route set it (Next's, a handler's). */
  cacheControl: string | undefined;
  setsCookie: boolean;
  signedIn: boolean;
  /** The cache tags of what the answer shows (empty: unknown). */
  tags: readonly string[];
  /** Whether `tags` are all it shows (a page Next served whole from its cache): only then the purged life. */
  tagsComplete: boolean;
  /** A copy Next knows is out of date (`x-nextjs-cache: STALE`: a write made it so, its new render is under way). */
  stale?: boolean;
  /** A content write of this process is under way (committed, its pages not yet rendered again): the answer may predate it. */
  writing?: boolean;
  /**
   * A page Next renders per request (`no-store`) whose content its address alone decides (the
   * calendar and its release pages, `urlOnlyPaths` of the front page cache, which already replays
   * them to every reader): shared like the cached pages, with the short life.
   */
  addressOnly?: boolean;
  now: number;
  due: DueTime;
};

/** Never in a shared cache, whatever their route says. */
const PRIVATE_PREFIXES = ['/admin', '/api/admin', '/api/internal', '/api/user', '/api/users', '/api/alertes', '/api/langue'];
const PRIVATE = 'private, no-store';
/** Cloudflare reads at most 16 KB of `Cache-Tag` per answer; Varnish and Fastly have limits of their own. */
const MAX_TAG_HEADER = 8_000;

const isPrivatePath = (path: string) => PRIVATE_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));

/** Seconds from `now` to the next due time, at least 1 (a due time just passed: the scheduler is at work). */
function secondsToDue(due: DueTime, now: number): number | null {
  if (!due.next) return null;
  return Math.max(1, Math.floor((due.next.getTime() - now) / 1000));
}

/**
 * The cache headers of one answer (names in lower case; `null` removes a header), from the facts
 * of the answer. Pure: tested without a server.
 */
export function cacheHeaders(facts: AnswerFacts, policy: CachePolicy): Record<string, string | null> {
  const none = { 'surrogate-control': null, 'cdn-cache-control': null, 'surrogate-key': null, 'cache-tag': null };
  const declared = (facts.cacheControl ?? '').toLowerCase();
  if (isPrivatePath(facts.path) || facts.signedIn || facts.setsCookie || facts.status >= 500) return { 'cache-control': PRIVATE, ...none };
  if (facts.method !== 'GET' && facts.method !== 'HEAD') return {};
  // A public 404 is the same for everyone, and must be storable: a cache whose copy of a page
  // expires refreshes it, and an answer it may not store leaves the old page in place, served again
  // at every refresh (nginx with `proxy_cache_background_update`: a withdrawn page lived on for
  // minutes). Next marks its 404 `no-store`; it gets the short life instead.
  const gone = facts.status === 404 || facts.status === 410;
  const addressOnly = facts.addressOnly === true;
  if (!gone && !addressOnly && /\b(private|no-store)\b/.test(declared)) return { 'cache-control': PRIVATE, ...none };
  const success = facts.status === 200 || facts.status === 203 || facts.status === 206 || facts.status === 304;
  const redirect = facts.status >= 300 && facts.status < 400 && facts.status !== 304;
  // An answer its route did not mark as cacheable is left as it is (e.g. a 400 or 429 with no-store).
  const cacheable = addressOnly || /\b(public|s-maxage|max-age=[1-9])/.test(declared);
  if (success ? !cacheable : !(gone || (redirect && (cacheable || declared === '')))) return {};

  const toDue = facts.due.known ? secondsToDue(facts.due, facts.now) : null;
  const cap = (seconds: number) => (toDue === null ? seconds : Math.min(seconds, toDue));
  // An out-of-date copy, or any answer just after a due time, lives 1 s: given its full life, the
  // old page of a release went on through nginx for that life after the site itself showed the change.
  const passed = facts.due.passed?.getTime();
  const settling = passed !== undefined && facts.now >= passed && facts.now - passed < SETTLING_MS;
  const brief = facts.stale === true || facts.writing === true || settling;
  const shared = brief ? 1 : cap(policy.sharedSeconds);
  const ifError = policy.staleIfErrorSeconds > 0 ? `, stale-if-error=${policy.staleIfErrorSeconds}` : '';
  const headers: Record<string, string | null> = { ...none, 'cache-control': `public, max-age=0, s-maxage=${shared}${ifError}` };
  const tags = success ? facts.tags : [];
  if (tags.length > 0) {
    headers['surrogate-key'] = joinWithin(tags, ' ');
    headers['cache-tag'] = joinWithin(tags, ',');
  }
  // Purged caches keep tagged answers longer; before the due time is known, nothing longer than the short life.
  if (policy.purging && facts.due.known) {
    const purged = tags.length > 0 && facts.tagsComplete && !brief ? cap(policy.purgedSeconds) : shared;
    headers['surrogate-control'] = `max-age=${purged}${ifError}`;
    headers['cdn-cache-control'] = `max-age=${purged}${ifError}`;
  }
  return headers;
}

/** The tags joined by `separator`, cut before `MAX_TAG_HEADER` characters (the rest: the short life covers them). */
function joinWithin(tags: readonly string[], separator: string): string {
  let out = '';
  for (const tag of tags) {
    const next = out === '' ? tag : `${out}${separator}${tag}`;
    if (next.length > MAX_TAG_HEADER) break;
    out = next;
  }
  return out;
}

// The tags of what one answer shows, gathered while Next serves it: Next's page cache handler
// (lib/cache/handlers/incremental-cache.mjs) adds the tags of the page it reads or stores. Shared
// through globalThis: the handler is plain JavaScript loaded by Next, a module graph of its own.
const TAGS_KEY = Symbol.for('insstat.answerTags');
const g = globalThis as typeof globalThis & { [TAGS_KEY]?: AsyncLocalStorage<Set<string>> };
const answerTags = (g[TAGS_KEY] ??= new AsyncLocalStorage<Set<string>>());

/**
 * Tags last seen per path: a request that joined another's read of the same page (Next shares one
 * read between concurrent requests) gets them from here. Bounded: cleared when it grows past this.
 */
const MAX_REMEMBERED = 5_000;
const remembered = new Map<string, string[]>();

/** Next's implicit per-path tags (`_N_T_/…`): never invalidated by this product's writes. */
const isOwnTag = (tag: string) => tag !== '' && !tag.startsWith('_N_T_');

type CacheOptions = {
  policy: CachePolicy;
  due: () => DueTime;
  signedIn: (req: IncomingMessage) => boolean;
  /** Whether a content write of this process is under way (lib/http/page-cache.ts `writeUnderWay`). */
  writing?: () => boolean;
  /** Whether the page at this path is decided by its address alone though rendered per request (`AnswerFacts.addressOnly`). */
  addressOnly?: (path: string) => boolean;
};

/**
 * The server's answers (`http.createServer({ ServerResponse: CacheHeadersResponse })`): when the
 * head of an answer run through `withCacheHeaders` leaves, whoever sends it (Next, the page cache's
 * replays, the 404 copies), its cache headers are rewritten (`cacheHeaders`). A method of the class
 * rather than a `writeHead` put on each answer: that own property alone (even doing nothing) halved
 * the answers per second of unknown addresses (18,000 → 8,000 with wrk on 2 cores).
 */
export class CacheHeadersResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  /** What `withCacheHeaders` gave this answer: its options and the tags gathered while it is served. */
  cacheAnswer: { options: CacheOptions; collected: Set<string> } | null = null;

  override writeHead(
    statusCode: number,
    statusMessage?: string | OutgoingHttpHeaders | OutgoingHttpHeader[],
    headers?: OutgoingHttpHeaders | OutgoingHttpHeader[],
  ): this {
    const answer = this.cacheAnswer;
    const message = typeof statusMessage === 'string' ? statusMessage : undefined;
    const given = (typeof statusMessage === 'object' ? statusMessage : headers) as OutgoingHttpHeaders | OutgoingHttpHeader[] | undefined;
    if (!answer || this.headersSent || Array.isArray(given)) return super.writeHead(statusCode, message, given);
    // Headers given to writeHead win over those set before (Node's rule). They are read and
    // rewritten in one object handed on to writeHead, not set one by one.
    const merged: OutgoingHttpHeaders | undefined = given ? {} : undefined;
    if (given && merged) for (const name in given) if (given[name] !== undefined) merged[name.toLowerCase()] = given[name];
    const header = (name: string) => merged?.[name] ?? this.getHeader(name);
    const req = this.req;
    const path = (req.url ?? '/').split('?')[0]!;
    // Only a page Next served whole from its cache says all it shows: a render (a first one of a
    // new address is its fallback shell, the layout's tags, the rest rendered on the side) may
    // miss some. Its tags are sent (a purge reaches it) but purged caches get the short life.
    const whole = header('x-nextjs-cache') === 'HIT';
    let tags = answer.collected.size > 0 ? [...answer.collected].filter(isOwnTag) : [];
    if (tags.length > 0 && statusCode === 200 && whole) {
      if (remembered.size >= MAX_REMEMBERED) remembered.clear();
      remembered.set(path, tags);
    } else if (whole && tags.length === 0 && (statusCode === 200 || statusCode === 304)) {
      // A replay carries the tags it was stored with; a joined read, those seen last for its path.
      const stored = header('surrogate-key');
      tags = typeof stored === 'string' ? stored.split(' ').filter(isOwnTag) : (remembered.get(path) ?? []);
    }
    const setCookie = header('set-cookie');
    const changes = cacheHeaders(
      {
        method: req.method ?? 'GET',
        path,
        status: statusCode,
        cacheControl: String(header('cache-control') ?? '') || undefined,
        setsCookie: setCookie !== undefined && !(Array.isArray(setCookie) && setCookie.length === 0),
        signedIn: answer.options.signedIn(req),
        tags,
        tagsComplete: whole,
        stale: header('x-nextjs-cache') === 'STALE',
        writing: answer.options.writing?.() ?? false,
        addressOnly: answer.options.addressOnly?.(path) ?? false,
        now: currentTimeMs(),
        due: answer.options.due(),
      },
      answer.options.policy,
    );
    for (const name in changes) {
      const value = changes[name];
      if (value === null || value === undefined) {
        if (this.hasHeader(name)) this.removeHeader(name);
        if (merged) delete merged[name];
      } else if (merged) merged[name] = value;
      else this.setHeader(name, value);
    }
    return super.writeHead(statusCode, message, merged);
  }
}

/**
 * Runs `serve` with a collector for the answer's cache tags; the answer's cache headers are
 * rewritten as its head leaves (`CacheHeadersResponse`, the server's class of answers).
 */
export function withCacheHeaders(req: IncomingMessage, res: CacheHeadersResponse, options: CacheOptions, serve: () => void): void {
  const collected = new Set<string>();
  res.cacheAnswer = { options, collected };
  answerTags.run(collected, serve);
}
