/**
 * The conformance gate: a crawl of the seeded demo from `/`, `sitemap.xml` and two searches — every internal URL
 * answers 200 (after redirects), every HTML page passes html-validate's recommended rules and the
 * W3C Nu checker (testing/conformance; Java from scripts/ensure-java.sh). It prints what it
 * covered, how long it took and its pages per second.
 *
 * Its time limit follows the site and the machine: every 50 pages it becomes three times what the
 * URLs still to visit would take at the rate measured so far in this run (plus the rechecks'
 * waits), so a bigger site or a slower, loaded machine gets a proportionally longer limit, and a
 * crawl that stops advancing still fails.
 *
 * On the second database of a CI run every link is followed again (the data behind them comes from
 * that database), but the markup, the same templates over the same seed, was validated on the first.
 */
import { expect, test } from '@playwright/test';
import { crawl, describeReport, NU_BACKLOG } from '../testing/conformance/crawl';
import { secondDatabase } from './helpers/page-checks';

const MARGIN = 3;
const RECHECK_MS = 11_000;

test('toutes les pages publiques : aucun lien cassé, HTML valide', async ({ baseURL }) => {
  // Until the first rate is measured: the first 50 pages take seconds even on a slow machine.
  test.setTimeout(120_000);
  const started = Date.now();
  // Search pages are reached by a form, not a link: a search with a few results (its filters and
  // pages are then crawled) and one with none (its suggestions).
  const start = ['/', '/sitemap.xml', '/recherche?q=RGPH', `/recherche?q=${encodeURIComponent('xylophonique recensemant ')}`];
  const report = await crawl({
    base: baseURL!,
    siteUrl: baseURL!,
    start,
    recheckMs: RECHECK_MS,
    validate: !secondDatabase,
    // A survey's variables are hundreds of pages of one template: thirty of them, in each language.
    limits: [
      { pattern: /^\/microdonnees\/[^/]+\/variables\/[^/?]+$/, max: 30 },
      { pattern: /^\/en\/microdonnees\/[^/]+\/variables\/[^/?]+$/, max: 30 },
    ],
    onPage: (pages, known) => {
      if (pages % 50 !== 0) return;
      const elapsed = Date.now() - started;
      const msPerUrl = elapsed / pages;
      // Every known URL counted as a page (files and images cost less), the pages the Nu checker
      // may still have to check after the last one is fetched, and two rechecks' waits.
      const remaining = (Math.max(0, known - pages) + NU_BACKLOG) * msPerUrl;
      test.setTimeout(Math.round(elapsed + MARGIN * remaining + 2 * 3 * RECHECK_MS + 30_000));
    },
  });
  const scope = secondDatabase ? ' Liens seulement (HTML validé au premier passage).' : '';
  console.log(
    `Conformité : ${describeReport(report).split('\n')[0]}${scope} Limite de temps : ${Math.round(test.info().timeout / 1000)} s.`,
  );
  // Each problem in the error's first line: CI shows only that line of a failure.
  const problems = describeReport(report).split('\n').slice(1);
  expect(problems, `Conformité : ${problems.join(' ; ').slice(0, 1000)}`).toEqual([]);
  expect(report.pages).toBeGreaterThan(150);
});
