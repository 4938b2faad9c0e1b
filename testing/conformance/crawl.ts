/**
 * The conformance gate's crawler: from `/` and `sitemap.xml`, every internal page, file and image
 * URL the pages reference is requested (a redirect that ends in 200 is fine, anything else is a
 * broken link, named with the page that links to it), and every HTML page goes through
 * html-validate (testing/conformance/html-validate-config.ts) in worker threads, beside the
 * fetches rather than between them (testing/conformance/validator-pool.ts), and through the W3C
 * Nu checker by batches (testing/conformance/nu-checker.ts). Plain functions, so a unit test can
 * run them on fixture pages.
 */
import { createNuChecker, nuRule } from './nu-checker';
import { createValidatorPool, type ValidationMessage } from './validator-pool';

export type Broken = { url: string; status: number | string; from: string };
export type Invalid = { url: string; messages: ValidationMessage[] };
export type CrawlReport = {
  pages: number;
  urls: number;
  broken: Broken[];
  invalid: Invalid[];
  ms: number;
  /** Pages whose bytes were validated, and those identical to one already validated. */
  validated?: number;
  reused?: number;
  /** Pages left out past their `limits` (many pages of one template). */
  skipped?: number;
};

/**
 * Pages given to the Nu checker and not checked yet above which the fetches wait (two of its
 * batches): the rate the crawl shows includes the checker's, and the crawl's last page is at most
 * this many pages ahead of its last check.
 */
export const NU_BACKLOG = 100;

const decode = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
const TAG = /<(a|link|img|script|source|meta|iframe|video|audio|form)\b[^>]*>/gi;
const ATTR = /([\w:-]+)\s*=\s*"([^"]*)"/g;

/** Every URL an HTML page references: links, stylesheets, icons, scripts, images (each srcset candidate), og:image. */
export function referencedUrls(html: string): string[] {
  const out: string[] = [];
  for (const tag of html.matchAll(TAG)) {
    const name = tag[1]!.toLowerCase();
    const attrs = new Map([...tag[0].matchAll(ATTR)].map((m) => [m[1]!.toLowerCase(), decode(m[2]!)]));
    if (name === 'a' || name === 'link') {
      const rel = attrs.get('rel') ?? '';
      // Resource hints name origins or files the page may use later, not links.
      if (!/\b(preconnect|dns-prefetch)\b/.test(rel) && attrs.has('href')) out.push(attrs.get('href')!);
    }
    if (attrs.has('src')) out.push(attrs.get('src')!);
    if (attrs.has('srcset')) for (const candidate of attrs.get('srcset')!.split(/,\s+/)) out.push(candidate.trim().split(/\s+/)[0]!);
    if (name === 'meta' && /^(og:image|twitter:image)$/.test(attrs.get('property') ?? attrs.get('name') ?? ''))
      out.push(attrs.get('content') ?? '');
  }
  return out.filter(Boolean);
}

/** The path and query of an internal URL (null for another site, mailto:, tel:, a bare fragment). */
export function internalPath(raw: string, base: URL, page: URL): string | null {
  if (/^(mailto|tel|javascript|data):/i.test(raw) || raw.startsWith('#')) return null;
  let url: URL;
  try {
    url = new URL(raw, page);
  } catch {
    return null;
  }
  if (url.origin !== base.origin) return null;
  return `${url.pathname}${url.search}`;
}

export async function crawl({
  base,
  fetchImpl = fetch,
  start = ['/', '/sitemap.xml'],
  concurrency = 8,
  siteUrl,
  recheckMs = 11_000,
  validate = true,
  limits = [],
  onPage,
}: {
  base: string;
  fetchImpl?: typeof fetch;
  start?: string[];
  concurrency?: number;
  /** The origin written in absolute URLs (sitemap, Open Graph), when it differs from `base`. */
  siteUrl?: string;
  /**
   * The site changes while it is crawled (other tests publish and delete): a broken link or an
   * invalid page is looked at again after this wait (the front cache's replay time,
   * PAGE_CACHE_SECONDS, 10 s by default) and reported only if it is still so.
   */
  recheckMs?: number;
  /** Whether HTML pages go through html-validate and the Nu checker (false: links only). */
  validate?: boolean;
  /**
   * Pages of one template there are hundreds of (a survey's variables): past `max` URLs matching
   * `pattern`, the others are not fetched — the template was checked, and they are counted as skipped.
   */
  limits?: { pattern: RegExp; max: number }[];
  /** Called after each HTML page is fetched, with the pages fetched and the URLs known so far. */
  onPage?: (pages: number, known: number) => void;
}): Promise<CrawlReport> {
  const t0 = Date.now();
  const origin = new URL(base);
  const written = siteUrl ? new URL(siteUrl) : origin;
  const pool = validate ? createValidatorPool() : null;
  const nu = validate ? createNuChecker() : null;
  const validations: Promise<void>[] = [];
  // Pages fetched but not yet validated: the fetches wait above this many, so the rate the crawl
  // shows (onPage) is the rate of the whole work, not of fetches racing ahead of validation.
  let unvalidated = 0;
  const backlog = 16;
  const seen = new Map<string, string>(start.map((s) => [s, '(départ)']));
  const queue = [...start];
  const broken: Broken[] = [];
  const invalid: Invalid[] = [];
  let pages = 0;
  let skipped = 0;
  const taken = limits.map(() => 0);

  const enqueue = (raw: string, pageUrl: URL, from: string) => {
    // Absolute URLs written with the canonical origin point at this server too.
    const rebased = raw.startsWith(written.origin) ? `${origin.origin}${raw.slice(written.origin.length)}` : raw;
    const path = internalPath(rebased, origin, pageUrl);
    if (path && !seen.has(path)) {
      seen.set(path, from);
      const limit = limits.findIndex((l) => l.pattern.test(path));
      if (limit >= 0 && taken[limit]!++ >= limits[limit]!.max) {
        skipped++;
        return;
      }
      queue.push(path);
    }
  };

  const get = (url: URL) => fetchImpl(url, { redirect: 'follow', headers: { 'user-agent': 'insstat-conformance' } });

  type Validator = (html: string, name: string) => Promise<ValidationMessage[]>;
  // Once every page is fetched, nothing more will fill a Nu batch: a recheck's page is checked at once.
  let fetched = false;
  const nuValidate: Validator | null =
    nu &&
    ((html, name) => {
      const messages = nu.validate(html, name);
      if (fetched) nu.flush();
      return messages;
    });
  /** Validates a fetched page off the fetch path; a page found invalid is looked at again after `recheckMs`. */
  const check = async (validator: Validator, path: string, html: string) => {
    let messages = await validator(html, path);
    // A page another test has just created or is about to delete: invalid only if it is still
    // there, still invalid, after the front cache's replay time.
    if (messages.length > 0 && recheckMs > 0) {
      await new Promise((resolve) => setTimeout(resolve, recheckMs));
      const again = await get(new URL(path, origin)).catch(() => null);
      messages =
        again?.status === 200 && (again.headers.get('content-type') ?? '').includes('text/html')
          ? await validator(await again.text(), path)
          : [];
    }
    if (messages.length > 0) invalid.push({ url: path, messages });
  };

  const stillLinks = async (from: string, path: string) => {
    const page = new URL(from, origin);
    const again = await fetchImpl(page, { redirect: 'follow' }).catch(() => null);
    if (!again || again.status !== 200) return false;
    const text = await again.text();
    const refs = from.endsWith('.xml') ? [...text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => decode(m[1]!.trim())) : referencedUrls(text);
    return refs.some((raw) => {
      const rebased = raw.startsWith(written.origin) ? `${origin.origin}${raw.slice(written.origin.length)}` : raw;
      return internalPath(rebased, origin, page) === path;
    });
  };

  const visit = async (path: string) => {
    const url = new URL(path, origin);
    let response: Response;
    try {
      // A connection the server closed just as it was reused fails once; a second failure is the server's.
      response = await get(url).catch(async () => {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        return get(url);
      });
    } catch (error) {
      broken.push({ url: path, status: error instanceof Error ? error.message : String(error), from: seen.get(path) ?? '' });
      return;
    }
    if (response.status !== 200) {
      await response.body?.cancel();
      const from = seen.get(path) ?? '';
      // The link is broken only if the page that had it still has it — once more after
      // `recheckMs` and one regeneration of a list just invalidated.
      if (from.startsWith('/') && !(await stillLinks(from, path))) return;
      if (from.startsWith('/') && recheckMs > 0) {
        await new Promise((resolve) => setTimeout(resolve, recheckMs));
        if (!(await stillLinks(from, path)) || !(await stillLinks(from, path))) return;
      }
      broken.push({ url: path, status: response.status, from });
      return;
    }
    const type = response.headers.get('content-type') ?? '';
    if (type.includes('text/html')) {
      pages++;
      const html = await response.text();
      for (const raw of referencedUrls(html)) enqueue(raw, new URL(response.url || url), path);
      if (pool) {
        unvalidated++;
        validations.push(check(pool.validate, path, html).finally(() => unvalidated--));
      }
      // Not in `unvalidated`: a page waits in its Nu batch until the batch is full (nu.backlog() instead).
      if (nuValidate) validations.push(check(nuValidate, path, html));
      while (unvalidated > backlog || (nu?.backlog() ?? 0) > NU_BACKLOG) await new Promise((resolve) => setTimeout(resolve, 5));
      onPage?.(pages, seen.size);
    } else if (/xml/.test(type) && path.endsWith('.xml')) {
      const xml = await response.text();
      for (const m of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) enqueue(decode(m[1]!.trim()), url, path);
    } else {
      await response.body?.cancel();
    }
  };

  let active = 0;
  const workers = Array.from({ length: concurrency }, async () => {
    for (;;) {
      const next = queue.shift();
      if (next === undefined) {
        // Another worker may still add URLs: wait for the queue to settle.
        if (active === 0) return;
        await new Promise((r) => setTimeout(r, 5));
        continue;
      }
      active++;
      try {
        await visit(next);
      } finally {
        active--;
      }
    }
  });
  try {
    await Promise.all(workers);
    fetched = true;
    nu?.flush();
    await Promise.all(validations);
  } finally {
    await Promise.all([pool?.close(), nu?.close()]);
  }
  // Pages are validated in parallel: report them in a stable order (html-validate's messages before Nu's).
  invalid.sort((a, b) => a.url.localeCompare(b.url) || Number(a.messages[0]?.rule === nuRule) - Number(b.messages[0]?.rule === nuRule));
  return { pages, urls: seen.size - skipped, broken, invalid, ms: Date.now() - t0, ...(skipped ? { skipped } : {}), ...pool?.stats() };
}

/** A report a person can act on: each broken link with the page that links to it, each error with its rule. */
export function describeReport(report: CrawlReport): string {
  const seconds = report.ms / 1000;
  const rate = seconds > 0 ? Math.round(report.pages / seconds) : report.pages;
  const reused =
    (report.reused ? `, ${report.reused} identiques validées une fois` : '') +
    (report.skipped ? `, ${report.skipped} du même modèle laissées` : '');
  const lines = [`${report.pages} pages HTML, ${report.urls} URL vérifiées en ${seconds.toFixed(1)} s (${rate} pages/s${reused}).`];
  for (const b of report.broken) lines.push(`Lien cassé : ${b.url} (${b.status}), lié depuis ${b.from}`);
  for (const page of report.invalid)
    for (const m of page.messages) lines.push(`HTML invalide : ${page.url}:${m.line}:${m.column} [${m.rule}] ${m.message}`);
  return lines.join('\n');
}
