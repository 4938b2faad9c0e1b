// npm run lighthouse — Lighthouse 12 (mobile defaults) on the home page, the IPC page and the
// first IPC publication, served by the production build (started here unless LIGHTHOUSE_URL is
// given). Fails when accessibility, best practices or SEO is under 100 on any page; performance
// under 95 is a warning only (shared, noisy machines).
import './load-env';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { chromiumArgs, chromiumPath } from '../e2e/helpers/chromium';
import { measuredPages, connectOrStartServer, warm } from '../testing/spawn-server';

const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type CategoryId = (typeof categories)[number];
const headers: Record<CategoryId, string> = {
  performance: 'performance',
  accessibility: 'accessibilité',
  'best-practices': 'bonnes pratiques',
  seo: 'SEO',
};
/** Categories that must score 100; performance is only compared to PERFORMANCE_TARGET. */
const required: CategoryId[] = ['accessibility', 'best-practices', 'seo'];
const PERFORMANCE_TARGET = 95;

type PageResult = {
  name: string;
  url: string;
  scores: Partial<Record<CategoryId, number>>;
  /** Audits below their best score, per category under 100. */
  failing: Partial<Record<CategoryId, string[]>>;
  details: string[];
  error?: string;
};

function score(lhr: Result, id: CategoryId): number | undefined {
  const value = lhr.categories[id]?.score;
  return value === null || value === undefined ? undefined : Math.round(value * 100);
}

/** Short evidence for a failing audit: the elements or resources it points at. */
function auditEvidence(audit: Result['audits'][string]): string[] {
  const details = audit.details as { type?: string; items?: Record<string, unknown>[] } | undefined;
  const out: string[] = [];
  for (const item of details?.items?.slice(0, 5) ?? []) {
    const node = item.node as { selector?: string; snippet?: string } | undefined;
    const source = item.sourceLocation as { url?: string } | undefined;
    const parts = [node?.selector ?? node?.snippet, item.url ?? source?.url, item.description].filter((p) => typeof p === 'string' && p);
    if (parts.length) out.push(parts.join(' — ').slice(0, 200));
  }
  return out;
}

function analyse(name: string, url: string, lhr: Result): PageResult {
  const result: PageResult = { name, url, scores: {}, failing: {}, details: [] };
  if (lhr.runtimeError) result.error = `${lhr.runtimeError.code} : ${lhr.runtimeError.message}`;
  for (const id of categories) {
    const value = score(lhr, id);
    result.scores[id] = value;
    if (value === undefined || value >= 100) continue;
    const refs = lhr.categories[id]?.auditRefs ?? [];
    const failing: string[] = [];
    for (const ref of refs) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'notApplicable' || audit.scoreDisplayMode === 'manual')
        continue;
      // Performance: the weighted metrics (insights and diagnostics do not change the score).
      if (id === 'performance' && ref.weight === 0) continue;
      failing.push(audit.displayValue ? `${ref.id} (${audit.displayValue})` : ref.id);
      if (required.includes(id)) {
        result.details.push(`${ref.id} — ${audit.title}`);
        for (const evidence of auditEvidence(audit)) result.details.push(`    ${evidence}`);
      }
    }
    result.failing[id] = failing;
  }
  return result;
}

function printTable(results: PageResult[]): void {
  const nameWidth = Math.max(5, ...results.map((r) => `${r.name} (${new URL(r.url).pathname})`.length));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(nameWidth) : cell.padStart(headers[categories[i - 1] as CategoryId].length))).join(' │ ');
  console.log();
  console.log(line(['page', ...categories.map((c) => headers[c])]));
  console.log(line(['─'.repeat(nameWidth), ...categories.map((c) => '─'.repeat(headers[c].length))]));
  for (const r of results) {
    console.log(
      line([`${r.name} (${new URL(r.url).pathname})`, ...categories.map((c) => (r.scores[c] === undefined ? '—' : String(r.scores[c])))]),
    );
  }
  console.log();
  for (const r of results) {
    if (r.error) console.log(`${r.name} : ERREUR ${r.error}`);
    for (const c of categories) {
      const failing = r.failing[c];
      if (failing?.length) console.log(`${r.name} — ${headers[c]} < 100 : ${failing.join(', ')}`);
    }
    for (const d of r.details) console.log(`    ${d}`);
  }
}

async function main(): Promise<number> {
  const server = await connectOrStartServer(process.env.LIGHTHOUSE_URL);
  let chrome: LaunchedChrome | undefined;
  const results: PageResult[] = [];
  try {
    // The search results page too (not cached: rendered at each request). It asks search engines
    // not to index it (results pages are not content), so its SEO is scored without `is-crawlable`.
    // The English site's pages (issue 15) are held to the same scores: the same pages under /en.
    const french = await measuredPages(server.baseUrl);
    const english = french.map((p) => ({ name: `${p.name} (anglais)`, path: p.path === '/' ? '/en' : `/en${p.path}` }));
    const pages: { name: string; path: string; noindex?: boolean }[] = [
      ...french,
      ...english,
      { name: 'Recherche', path: '/recherche?q=prix+riz', noindex: true },
      // A table's map (issue 38): a selection, so not for search engines (it follows the canonical table page).
      { name: 'Carte (population par région)', path: '/donnees/tableaux/POP_REGION_SEXE_AGE?vue=carte', noindex: true },
    ];
    await warm(
      server.baseUrl,
      pages.map((p) => p.path),
    );
    chrome = await launch({
      chromePath: chromiumPath,
      chromeFlags: ['--headless=new', ...chromiumArgs],
      logLevel: 'silent',
    });
    for (const page of pages) {
      const url = `${server.baseUrl}${page.path}`;
      console.log(`Lighthouse : ${url}`);
      const run = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...categories],
        ...(page.noindex ? { skipAudits: ['is-crawlable'] } : {}),
      });
      if (!run) {
        results.push({ name: page.name, url, scores: {}, failing: {}, details: [], error: 'aucun résultat' });
        continue;
      }
      results.push(analyse(page.name, url, run.lhr));
    }
  } finally {
    chrome?.kill();
    await server.stop();
  }

  printTable(results);
  let failed = false;
  for (const r of results) {
    if (r.error) failed = true;
    for (const c of required) {
      if (r.scores[c] === undefined || (r.scores[c] as number) < 100) {
        console.log(`ÉCHEC : ${r.name} — ${headers[c]} ${r.scores[c] ?? '—'} (100 attendu)`);
        failed = true;
      }
    }
    const perf = r.scores.performance;
    if (perf === undefined || perf < PERFORMANCE_TARGET) {
      console.log(`WARNING : ${r.name} — performance ${perf ?? '—'} < ${PERFORMANCE_TARGET} (avertissement seulement : machine partagée)`);
    }
  }
  console.log(failed ? 'Lighthouse : échec.' : 'Lighthouse : accessibilité, bonnes pratiques et SEO à 100 sur chaque page.');
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
