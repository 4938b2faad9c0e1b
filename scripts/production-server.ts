// npm run serve — the production server: Next's request handler behind the front page cache
// (lib/http/page-cache.ts), with unknown addresses answered before Next (lib/http/not-found.ts),
// the scheduler of timed publications, and the clean-up of uploads a broken connection left behind.
// Needs a build (`npm run build`; `npm start` does everything). Started by scripts/serve.ts, once
// per worker when several share the port (lib/ops/cluster.ts).
import './load-env';
import http from 'node:http';
import next from 'next';
import { env } from '@/lib/env';
import { stampClientIp } from '@/lib/http/client-ip';
import { createNotFoundAnswer } from '@/lib/http/not-found';
import { answerDirectly } from '@/lib/http/direct';
import { enablePageRefresh, handleWithPageCache, isUnder, pageCacheGeneration, writeUnderWay } from '@/lib/http/page-cache';
import { securityHeaders } from '@/lib/http/security-headers';
import { internalSecret } from '@/lib/http/internal';
import { CacheHeadersResponse, withCacheHeaders } from '@/lib/http/cache-headers';
import { followAnswer } from '@/lib/http/unanswered';
import { listenAcceptingMany } from '@/lib/http/listen';
import { cachePolicy } from '@/lib/cache/purge';
import { dueTimeKnown, lastPassedDueTime, nextDueTime, refreshDueTime } from '@/lib/ops/due-clock';
import { startScheduler } from '@/lib/ops/scheduler';
import { watchStalls } from '@/lib/ops/stall-watch';
import { runsServerWideWork, servesReaders } from '@/lib/ops/cluster';
import { expireTagsInProcess } from '@/lib/ops/expire';
import { sendDueAlerts } from '@/lib/alerts/service';
import { getDb } from '@/lib/db/instance';
import { createDatabaseProbe } from '@/lib/db/probe';
import { removeStaleUploads } from '@/lib/files/upload-tmp';
import { startExtractionTimer } from '@/lib/search/background';
import { warmSearchIndex } from '@/lib/search/query';
import { answerSuggestions, SUGGESTIONS_PATH } from '@/lib/search/suggestions';
import { createFastSearch } from '@/lib/search/fast-page';
import { searchBlock } from '@/lib/search/page-html';
import { localePath, splitLocale } from '@/lib/i18n/paths';
import { locales } from '@/lib/i18n/locales';
import { isUnknownPublicPath } from '@/lib/routing/path-index';
import { notFoundRoute, PROXIED_PATH } from '@/lib/routing/public-paths';
import { calendarPath, filesPrefix, searchPath } from '@/lib/content/addresses';
import { sdmxWithoutTrailingSlash } from '@/lib/sdmx/address';

// No `hostname` here: Next builds internal URLs on `localhost:PORT`, and a proxy rewrite is only
// treated as internal when both agree (the listening interface is set on the HTTP server below).
const app = next({ dev: false, dir: process.cwd(), port: env.PORT });
const handle = app.getRequestHandler();
await app.prepare();

// The search page is rendered on every request (its results follow the clock) but depends only on
// its address: it is replayed like the cached pages, and forgotten with them at every write.
// While the database is unreachable, the pages served before are served as they were (the probe
// tells a slow render from an outage).
const inAllLocales = (path: string) => locales.map((locale) => localePath(locale, path));
const calendarPaths = inAllLocales(calendarPath);
const databaseProbe = env.DATABASE_URL ? createDatabaseProbe(env.DATABASE_URL) : null;
const options = {
  ttlMs: env.PAGE_CACHE_SECONDS * 1000,
  maxBytes: env.PAGE_CACHE_MAX_MB * 1024 * 1024,
  // Rendered on every request, answered by their address alone: the search and the calendar
  // (see its route for why it is not prerendered).
  urlOnlyPaths: [...inAllLocales(searchPath), ...calendarPaths],
  uncachedPrefixes: [filesPrefix],
  // Postgres only, on a connection of its own (a busy pool is not an outage); PGlite is inside
  // this process: a server error is all it can have.
  probe: databaseProbe?.probe,
  // A write renders the pages being read before it answers, by asking this server for them (below).
  refreshSecret: internalSecret(),
};
// The header search box's suggestions, one request per keystroke: answered here, without Next's
// route pipeline (same function as its route, same headers; on an error, Next answers).
const headers = securityHeaders({
  siteUrl: env.SITE_URL,
  apiBaseUrl: env.NEXT_PUBLIC_API_BASE_URL,
  production: env.NODE_ENV === 'production',
});
// Unknown addresses (a scanner's random paths): answered from a copy of Next's 404 page per
// language, the path filled in, without a render; the copy follows the page cache's writes and time.
const answerNotFound = createNotFoundAnswer({
  isUnknown: isUnknownPublicPath,
  localeOf: (pathname) => splitLocale(pathname).locale,
  generation: pageCacheGeneration,
  ttlMs: options.ttlMs,
  rewrittenTo: notFoundRoute,
  proxied: PROXIED_PATH,
});
// Distinct searches (`/recherche?q=…`, every query different): answered from a copy of the search
// page per language with only what depends on the address filled in (title, form, results, the
// address in the payload), without a render of the whole site; the copy follows the page cache's
// writes and time (lib/search/fast-page.ts). Identical searches are replayed by the page cache.
//
// The session cookie's name is letters, digits, - and _ (lib/env.ts); Supabase's start with `sb-`.
const sessionCookie = new RegExp(`(?:^|;\\s*)(?:${env.SESSION_COOKIE_NAME}|sb-[^=;]*)=`);
const answerSearch = createFastSearch({
  path: searchPath,
  locales,
  block: async (params, locale) => searchBlock(await getDb(), params, locale),
  generation: pageCacheGeneration,
  ttlMs: options.ttlMs,
  hasSession: (req) => sessionCookie.test(req.headers.cookie ?? ''),
  log: (message) => console.warn(message),
});
/** The listen queue's length asked for (Node's default is 511). */
const LISTEN_BACKLOG = 4096;
const isSuggestions = (url: string | undefined) => url === SUGGESTIONS_PATH || url?.startsWith(`${SUGGESTIONS_PATH}?`);
// What every answer tells the caches in front (lib/http/cache-headers.ts), set as its head leaves.
const cacheOptions = {
  policy: cachePolicy(),
  due: () => ({ known: dueTimeKnown(), next: nextDueTime(), passed: lastPassedDueTime() }),
  signedIn: (req: http.IncomingMessage) => sessionCookie.test(req.headers.cookie ?? ''),
  writing: writeUnderWay,
  // The calendar and its release pages (read by a crowd at a release's minute) are rendered per
  // request but decided by their address: caches in front share them too. Not the search (a copy per query).
  addressOnly: (path: string) => isUnder(path, calendarPaths),
};
const server = http.createServer({ ServerResponse: CacheHeadersResponse }, (req, res) => {
  stampClientIp(req, env.TRUST_PROXY_HOPS);
  // SDMX clients end their paths with a slash: answered as the same address, not redirected.
  if (req.url) req.url = sdmxWithoutTrailingSlash(req.url);
  followAnswer(req, res);
  withCacheHeaders(req, res, cacheOptions, () => {
    if (req.method === 'GET' && isSuggestions(req.url))
      return void answerDirectly(req, res, answerSuggestions, { headers, fallback: () => void handle(req, res) });
    answerNotFound(req, res, () => {
      if (options.ttlMs === 0) return void handle(req, res);
      handleWithPageCache(req, res, () => answerSearch(req, res, () => void handle(req, res)), options);
    });
  });
});
// Large uploads over slow links: no limit on a whole request (Node's default cuts at 5 minutes, a
// 300 MB yearbook at 1 Mbit/s takes 40); a connection silent for 2 minutes is closed instead.
server.requestTimeout = 0;
server.setTimeout(120_000);
// Idle keep-alive connections stay open longer than a reverse proxy's or client's own idle limit
// (nginx 60 s): with Node's 5 s, a client reusing a socket the server is closing gets ECONNRESET.
server.keepAliveTimeout = 65_000;

// Scheduled publications go online at the second of their time (the due clock's timer, with a run
// every SCHEDULER_SECONDS as a safety net), with nobody in the back-office: the database change
// and the cache tags' expiry both happen in this process (lib/ops/expire.ts), off the readers' queue.
const selfHost = env.HOSTNAME === '0.0.0.0' || env.HOSTNAME === '::' ? '127.0.0.1' : env.HOSTNAME;
let scheduler: ReturnType<typeof startScheduler> | null = null;

// Work done once per server, not per worker (lib/ops/cluster.ts).
const serverWide = runsServerWideWork();

// Temporary files of uploads cut off more than a day ago (a crash or a kill mid-upload leaves them).
if (serverWide)
  void removeStaleUploads()
    .then((n) => {
      if (n > 0)
        console.info(`Envois interrompus : ${n} fichier${n > 1 ? 's' : ''} temporaire${n > 1 ? 's' : ''} supprimé${n > 1 ? 's' : ''}.`);
    })
    .catch((error: unknown) => console.error('Nettoyage des envois interrompus impossible (nouvel essai au prochain démarrage).', error));

const serving = servesReaders();
// Every process says in the log when it stopped answering for a while (and whether a collection did it).
watchStalls(env.EVENT_LOOP_WARN_MS);
const ready = () => {
  // From now on, a write renders the pages being read before it answers (lib/http/page-cache.ts).
  if (serving && options.ttlMs > 0) enablePageRefresh({ host: selfHost, port: env.PORT, secret: options.refreshSecret });
  console.log(
    serving
      ? `Prêt : http://${env.HOSTNAME === '0.0.0.0' ? 'localhost' : env.HOSTNAME}:${env.PORT}`
      : 'Prêt : publications programmées, alertes et extraction (ce processus ne sert pas de pages).',
  );
  // The shared caches' freshness ends at the next due time: known from now on (kept fresh by the scheduler and writes).
  void getDb().then(refreshDueTime, () => undefined);
  // Documents' text for the search: retries, and files queued while no upload woke the queue.
  if (serverWide) startExtractionTimer();
  // Visitors' search index in memory, built now rather than by the first search (which uses SQL meanwhile).
  if (serving && env.SEARCH_MEMORY_INDEX)
    void getDb().then(
      (db) => warmSearchIndex(db),
      (error: unknown) => console.error('Index de recherche : base injoignable au démarrage.', error),
    );
  if (!serverWide) return;
  scheduler = startScheduler({
    getDb,
    intervalMs: env.SCHEDULER_SECONDS * 1000,
    sendAlerts: (db) => sendDueAlerts(db),
    invalidate: async (tags) => expireTagsInProcess(await getDb(), tags),
  });
};
// A deep accept queue (the kernel caps it at net.core.somaxconn): under a thousand readers, a
// newcomer's connection waits in it instead of being refused when Node's 511 are taken. The
// cluster's worker doing the server-wide work listens on nothing (lib/ops/cluster.ts).
// Several sockets on the port (LISTEN_SOCKETS): each turn of the loop accepts one connection per
// socket, so a crowd arriving at the minute gets in several at a time (lib/http/listen.ts).
let listening: { close(): void } = { close: () => void server.close() };
if (serving)
  listening = await listenAcceptingMany(server, {
    port: env.PORT,
    host: env.HOSTNAME,
    backlog: LISTEN_BACKLOG,
    sockets: env.LISTEN_SOCKETS,
  });
ready();

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    // Downloads counted in memory since the last flush (lib/files/downloads.ts).
    const counter = (globalThis as { __insstatDownloads?: { flush(): Promise<void> } }).__insstatDownloads;
    void counter?.flush();
    void scheduler?.stop();
    void databaseProbe?.close();
    listening.close();
    server.on('close', () => process.exit(0));
    setTimeout(() => process.exit(0), 5_000).unref();
  });
}
