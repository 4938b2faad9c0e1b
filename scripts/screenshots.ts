/**
 * npx tsx scripts/screenshots.ts shoot <base URL> <dir>   — screenshots of the public frame's pages
 * npx tsx scripts/screenshots.ts compare <dir A> <dir B>  — pixel difference of each pair
 *
 * A check of « no visual change » for work on the site frame (issue 25 item 4): the same pages at
 * phone (390 px) and desktop (1280 px) widths, in light and dark mode, whole page, then with the
 * phone menu and the first desktop menu open. Run it against the server before the change and
 * after, each on a copy of the same data, then compare: every pair must be identical. It stays a
 * script, not a CI test: pixel-exact comparisons depend on the installed fonts and Chromium.
 */
import { mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import sharp from 'sharp';
import { chromiumArgs, chromiumPath } from '../e2e/helpers/chromium';

const pages = ['/', '/indice/ipc/series/IPC', '/calendrier', '/actualites', '/introuvable-capture', '/en', '/en/indice/ipc/series/IPC'];
const widths = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } } as const;
const modes = ['light', 'dark'] as const;

/** Freezes what moves: transitions, animations and the caret. */
const still = '*,*::before,*::after{transition:none!important;animation:none!important;caret-color:transparent!important}';

async function settle(page: Page) {
  await page.addStyleTag({ content: still });
  // A whole-page capture does not scroll: lazy images would be captured loaded or not, by chance.
  await page.evaluate(async () => {
    const images = [...document.images];
    for (const img of images) img.loading = 'eager';
    // No named function in here: tsx would wrap it in a helper the page does not have.
    await Promise.all(
      images.map((img) =>
        img.complete
          ? null
          : new Promise((done) => {
              img.addEventListener('load', done, { once: true });
              img.addEventListener('error', done, { once: true });
            }),
      ),
    );
    await document.fonts.ready;
  });
  await page.waitForTimeout(200);
}

async function shoot(base: string, dir: string) {
  mkdirSync(dir, { recursive: true });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    for (const [size, viewport] of Object.entries(widths)) {
      for (const mode of modes) {
        const context = await browser.newContext({ viewport, colorScheme: mode, reducedMotion: 'reduce' });
        const page = await context.newPage();
        for (const p of pages) {
          const name = `${size}-${mode}-${p.replace(/[^a-z0-9]+/gi, '_')}`;
          await page.goto(base + p, { waitUntil: 'networkidle' });
          await settle(page);
          await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
          // One menu open: the phone menu on a phone, the first section's menu on a desktop.
          const summary =
            size === 'phone'
              ? page.locator('header summary').filter({ hasText: /^Menu$/ })
              : page.locator('header nav details > summary').first();
          await summary.click();
          await page.mouse.move(0, 0);
          await settle(page);
          await page.screenshot({ path: path.join(dir, `${name}-menu.png`) });
        }
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
}

async function compare(a: string, b: string) {
  let different = 0;
  for (const file of readdirSync(a)
    .filter((f) => f.endsWith('.png'))
    .sort()) {
    const [x, y] = await Promise.all(
      [a, b].map((d) =>
        sharp(path.join(d, file))
          .ensureAlpha()
          .raw()
          .toBuffer({ resolveWithObject: true })
          .catch(() => null),
      ),
    );
    if (!x || !y) {
      console.log(`${file}: absent de l'un des dossiers`);
      different++;
      continue;
    }
    if (x.info.width !== y.info.width || x.info.height !== y.info.height) {
      console.log(`${file}: tailles différentes ${x.info.width}×${x.info.height} / ${y.info.width}×${y.info.height}`);
      different++;
      continue;
    }
    let pixels = 0;
    for (let i = 0; i < x.data.length; i += 4) {
      if (x.data[i] !== y.data[i] || x.data[i + 1] !== y.data[i + 1] || x.data[i + 2] !== y.data[i + 2] || x.data[i + 3] !== y.data[i + 3])
        pixels++;
    }
    console.log(`${file}: ${pixels} pixel(s) différent(s) sur ${x.info.width * x.info.height}`);
    if (pixels > 0) different++;
  }
  console.log(different === 0 ? 'Aucune différence.' : `${different} capture(s) différente(s).`);
  process.exitCode = different === 0 ? 0 : 1;
}

const [command, first, second] = process.argv.slice(2);
if (command === 'shoot' && first && second) await shoot(first.replace(/\/$/, ''), second);
else if (command === 'compare' && first && second) await compare(first, second);
else {
  console.error('Usage : tsx scripts/screenshots.ts shoot <URL> <dossier> | compare <dossier A> <dossier B>');
  process.exitCode = 2;
}
