/**
 * The README's screenshots, taken from the production build as a user sees it: each view opened the
 * way e2e/views.ts opens it (the same steps the accessibility walk takes), at 1440×900 in light and
 * dark mode, the first screen only (what a reader of the README sees first). Run with the app
 * served: `npm start` (or `npx next start -p PORT`), then `npm run screenshots [-- --base URL]`.
 */
import { chromium } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { VIEWS } from '../e2e/views';

const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/screenshots');
const SHOWN: Readonly<Record<string, string>> = {
  compare: 'compare',
  timeline: 'timeline',
  'compare-context-at-call': 'context-at-call',
};

async function main() {
  const at = process.argv.indexOf('--base');
  const base = at > 0 ? process.argv[at + 1] : 'http://localhost:3000';
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  for (const colorScheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({
      baseURL: base,
      colorScheme,
      viewport: { width: 1440, height: 900 },
    });
    for (const view of VIEWS.filter((v) => v.name in SHOWN)) {
      const page = await context.newPage();
      await view.open(page);
      const file = path.join(OUT, `${SHOWN[view.name]}-${colorScheme}.png`);
      await page.screenshot({ path: file });
      process.stdout.write(`wrote ${file}\n`);
      await page.close();
    }
    await context.close();
  }
  await browser.close();
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
