/**
 * Every view (e2e/views.ts) in both themes at 1440×900 and 1024×768, as a layout check and a review
 * set: nothing is wider than the window (the page never scrolls sideways; wide tables scroll in
 * their own box), and a full-page screenshot of each lands in e2e/screenshots/ (ignored by git) as
 * `view-<name>-<theme>-<width>.png`, for a person to look at before a change ships.
 */
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

for (const colorScheme of ['light', 'dark'] as const) {
  for (const viewport of SIZES) {
    test.describe(`${colorScheme}, ${viewport.width}×${viewport.height}`, () => {
      test.use({ colorScheme, viewport });
      for (const view of VIEWS) {
        test(`${view.name}: fits the window`, async ({ page }) => {
          await view.open(page);
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

test.describe('the answer first', () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  test('the compare view shows the ranking and its chart on the first screen', async ({ page }) => {
    const compare = VIEWS.find((v) => v.name === 'compare');
    await compare?.open(page);
    for (const name of ['Ranking', 'Comparison charts']) {
      const box = await page.getByRole('region', { name }).boundingBox();
      expect(box, name).not.toBeNull();
      expect((box?.y ?? Infinity) + (box?.height ?? 0), name).toBeLessThanOrEqual(900);
    }
  });
});
