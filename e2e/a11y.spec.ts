/**
 * Every view (e2e/views.ts) in light and in dark mode (Playwright's `colorScheme`, which the app
 * follows through prefers-color-scheme) at 1440×900 and 1024×768, scanned by axe-core
 * (@axe-core/playwright): no serious or critical violation. The scan runs axe's WCAG 2.x A and AA
 * rules and its best practices, plus the experimental `label-content-name-mismatch` (WCAG 2.5.3,
 * label in name: a control whose name does not contain its visible text cannot be spoken to by the
 * words on it), which axe leaves off by default.
 *
 * The same visit checks that nothing is wider than the window (the page never scrolls sideways; a
 * wide table scrolls in its own box) and writes a full-page screenshot to e2e/screenshots/ (ignored
 * by git) as `view-<name>-<theme>-<width>.png`, for a person to look at before a change ships:
 * opening a view costs far more than either, so they ride along.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { VIEWS } from './views';

const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
mkdirSync(SHOTS, { recursive: true });

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
] as const;

const BLOCKING = new Set(['serious', 'critical']);

for (const colorScheme of ['light', 'dark'] as const) {
  for (const viewport of SIZES) {
    test.describe(`${colorScheme}, ${viewport.width}×${viewport.height}`, () => {
      test.use({ colorScheme, viewport });
      for (const view of VIEWS) {
        test(`${view.name}: no serious or critical violation, nothing wider than the window`, async ({
          page,
        }) => {
          await view.open(page);
          const result = await new AxeBuilder({ page })
            .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
            .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
            .analyze();
          // One line per rule: what it checks, how many elements fail it, the first few of them.
          const blocking = result.violations
            .filter((v) => BLOCKING.has(v.impact ?? ''))
            .map(
              (v) =>
                `${v.id} (${v.impact}, ${v.nodes.length}×): ${v.help}: ${v.nodes
                  .slice(0, 3)
                  .map(
                    (n) =>
                      `${n.html.slice(0, 160)} [${n.failureSummary?.split('\n')[1]?.trim() ?? ''}]`,
                  )
                  .join(' | ')}`,
            );
          expect(blocking).toEqual([]);
          const width = await page.evaluate(() => ({
            page: document.documentElement.scrollWidth,
            window: window.innerWidth,
          }));
          expect(width.page).toBeLessThanOrEqual(width.window);
          await page.screenshot({
            path: path.join(SHOTS, `view-${view.name}-${colorScheme}-${viewport.width}.png`),
            fullPage: true,
          });
        });
      }
    });
  }
}
