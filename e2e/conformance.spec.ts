/**
 * The conformance gate: a crawl of the seeded demo from `/`, `sitemap.xml` and two searches — every internal URL
 * answers 200 (after redirects), every HTML page passes html-validate's recommended rules
 * (scripts/conformance). It prints what it covered and how long it took.
 */
import { expect, test } from '@playwright/test';
import { crawl, describeReport } from '../scripts/conformance/crawl';

test('toutes les pages publiques : aucun lien cassé, HTML valide', async ({ baseURL }) => {
  test.setTimeout(180_000);
  // Search pages are reached by a form, not a link: a search with a few results (its filters and
  // pages are then crawled) and one with none (its suggestions).
  const start = ['/', '/sitemap.xml', '/recherche?q=RGPH', `/recherche?q=${encodeURIComponent('xylophonique recensemant ')}`];
  const report = await crawl({ base: baseURL!, siteUrl: baseURL!, start });
  console.log(`Conformité : ${describeReport(report).split('\n')[0]}`);
  // Each problem in the error's first line: CI shows only that line of a failure.
  const problems = describeReport(report).split('\n').slice(1);
  expect(problems, `Conformité : ${problems.join(' ; ').slice(0, 1000)}`).toEqual([]);
  expect(report.pages).toBeGreaterThan(150);
});
