/** Checks every public page must pass: what a visitor (or a screen reader user) would notice. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type Response } from '@playwright/test';

export type ColourMode = 'light' | 'dark';

/**
 * Both modes; on the second database of a CI run (`INSSTAT_SECOND_DATABASE=1`, see scripts/test.sh)
 * only the light one: the dark mode's colours do not depend on the database, and were checked on
 * the first.
 */
export const colourModes: ColourMode[] = process.env.INSSTAT_SECOND_DATABASE === '1' ? ['light'] : ['light', 'dark'];

/** Chooses the colour mode the way a returning visitor's browser would: next-themes' storage key. */
export async function setColourMode(page: Page, mode: ColourMode): Promise<void> {
  await page.addInitScript((value) => {
    try {
      window.localStorage.setItem('theme', value);
    } catch {
      // about:blank and opaque origins have no storage.
    }
  }, mode);
}

/**
 * Starts collecting the errors a visitor's console would show (console.error, uncaught exceptions,
 * failed resources). Call before navigating; the returned array fills as the page runs.
 */
export function watchConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') {
      const location = message.location();
      errors.push(`console.error: ${message.text()}${location.url ? ` (${location.url}:${location.lineNumber})` : ''}`);
    }
  });
  page.on('pageerror', (error) => {
    errors.push(`exception: ${error.message}`);
  });
  return errors;
}

/**
 * The second database of a CI run (`INSSTAT_SECOND_DATABASE=1`, scripts/test.sh): what the
 * database cannot change (templates, markup, redirects decided without it) ran in the first pass.
 */
export const secondDatabase = process.env.INSSTAT_SECOND_DATABASE === '1';

/**
 * No WCAG 2.1 A/AA violation of serious or critical impact (axe-core). In dark mode only the
 * contrast rules run: the dark theme changes colours, not structure, and the light run checked the
 * rest of the same page. On the second database of a CI run axe does not run at all: the pages are
 * the same templates over the same seed, and axe (5–10 s a page on CI's two cores) was the larger
 * part of that pass.
 */
export async function expectNoSeriousA11yViolations(page: Page, mode: ColourMode = 'light'): Promise<void> {
  if (secondDatabase) return;
  // Only violations are read: axe then skips collecting the nodes of every passed and inapplicable
  // check (the same rules run; the report is what is left out).
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  const results = await (
    mode === 'dark'
      ? builder.withRules(['color-contrast', 'link-in-text-block'])
      : builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
  ).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious.map(
    (v) =>
      `${v.id} (${v.impact}) : ${v.help}\n` +
      v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.target.join(' ')}${n.failureSummary ? ` — ${n.failureSummary.replace(/\s+/g, ' ')}` : ''}`)
        .join('\n'),
  );
  expect(report, `violations d'accessibilité sur ${page.url()}`).toEqual([]);
}

/**
 * A public page answered and rendered as a structured page in its language (French by default) with real content, in the
 * requested colour mode, without console errors or serious accessibility violations.
 */
export async function expectPublicPage(
  page: Page,
  response: Response | null,
  options: { mode: ColourMode; consoleErrors: string[]; h1?: string; lang?: 'fr' | 'en' },
): Promise<void> {
  expect(response, 'pas de réponse à la navigation').not.toBeNull();
  expect(response?.status(), `statut HTTP de ${response?.url()}`).toBe(200);

  const html = page.locator('html');
  await expect(html).toHaveAttribute('lang', options.lang ?? 'fr');
  if (options.mode === 'dark') await expect(html).toHaveClass(/(^|\s)dark(\s|$)/);
  else await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/);

  const h1 = page.locator('h1');
  await expect(h1, 'un seul titre h1').toHaveCount(1);
  await expect(h1).toBeVisible();
  await expect(h1).toHaveText(/\S/);
  if (options.h1) await expect(h1).toContainText(options.h1);

  const main = page.locator('main');
  await expect(main, 'une seule région principale <main>').toHaveCount(1);
  await expect(main).toBeVisible();
  const mainText = (await main.innerText()).replace(/\s+/g, ' ').trim();
  const headingText = (await h1.innerText()).replace(/\s+/g, ' ').trim();
  expect(
    mainText.replace(headingText, '').trim().length,
    `contenu principal quasi vide : « ${mainText.slice(0, 200)} »`,
  ).toBeGreaterThanOrEqual(80);

  await expectNoSeriousA11yViolations(page, options.mode);
  expect(options.consoleErrors, 'erreurs dans la console du navigateur').toEqual([]);
}
