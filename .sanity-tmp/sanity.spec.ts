import { test, expect } from '@playwright/test';
import { expectNoSeriousA11yViolations, watchConsoleErrors, setColourMode } from '../e2e/helpers/page-checks';
test('chromium + axe', async ({ page }) => {
  await setColourMode(page, 'dark');
  const errs = watchConsoleErrors(page);
  await page.setContent('<html lang="fr"><head><title>x</title></head><body><main><h1>Titre</h1><p>texte</p><img src="a.png"></main><script>console.error("boom"); document.documentElement.className = localStorage.getItem("theme") ?? "none"</script></body></html>');
  console.log('errors', errs);
  await expect(page.locator('html')).toHaveAttribute('lang','fr');
  await expectNoSeriousA11yViolations(page);
});
