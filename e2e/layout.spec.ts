/**
 * The compare view's layout as issue 25 asks it: the answer on the first screen (the ranking and its
 * chart above the fold at 1440×900, before the strategies and the details), the details in sections
 * that fold and stay folded, every column of the summary table in view at 1440 px, and at 1024 px a summary table whose every column can be reached by
 * scrolling its own box, with the strategy's name kept in view. (Every view's width and screenshots:
 * e2e/a11y.spec.ts.)
 */
import { expect, test } from '@playwright/test';
import { VIEWS } from './views';

const openCompare = VIEWS.find((v) => v.name === 'compare')?.open;

test.describe('at 1440×900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the ranking and its chart are on the first screen; the details fold and stay folded', async ({
    page,
  }) => {
    await openCompare?.(page);
    for (const name of ['Ranking', 'Comparison charts']) {
      const box = await page.getByRole('region', { name }).boundingBox();
      expect(box, name).not.toBeNull();
      expect((box?.y ?? Infinity) + (box?.height ?? 0), name).toBeLessThanOrEqual(900);
    }
    // Then the strategies, then each detail under its own heading, in that order.
    const headings = await page
      .getByRole('region', { name: 'Compare strategies' })
      .locator('summary h3')
      .allTextContents();
    expect(headings).toEqual([
      'Strategies',
      'Context at a call',
      'Warnings and exports',
      'Every step',
      'Parameter sweep',
    ]);
    const steps = page.getByRole('region', { name: 'Aligned steps' });
    await expect(steps).toBeVisible();
    await page.locator('summary', { hasText: 'Every step' }).click();
    await expect(steps).toBeHidden();
    // Another view and back, then a reload: still folded; the other sections still open.
    await page.getByRole('tab', { name: 'Timeline' }).click();
    await page.getByRole('tab', { name: 'Compare strategies' }).click();
    await expect(page.getByRole('region', { name: 'Context at call' })).toBeVisible();
    await expect(steps).toBeHidden();
    await page.reload();
    await expect(page.getByRole('region', { name: 'Context at call' })).toBeVisible();
    await expect(steps).toBeHidden();
    await page.locator('summary', { hasText: 'Every step' }).click();
    await expect(steps).toBeVisible();
  });

  test('the summary table of the three presets shows every column without scrolling', async ({
    page,
  }) => {
    await openCompare?.(page);
    const table = page.getByRole('table', { name: 'Strategy summary' });
    const { scroll, client } = await table.evaluate((t) => ({
      scroll: (t.parentElement as HTMLElement).scrollWidth,
      client: (t.parentElement as HTMLElement).clientWidth,
    }));
    expect(scroll).toBeLessThanOrEqual(client);
    await expect(table.getByRole('columnheader').last()).toBeInViewport();
  });
});

test.describe('at 1024×768', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test('every column of the summary table can be reached, the strategy named beside it', async ({
    page,
  }) => {
    await openCompare?.(page);
    const table = page.getByRole('table', { name: 'Strategy summary' });
    const box = table.locator('xpath=..');
    const frame = await box.boundingBox();
    expect(frame?.width).toBeLessThanOrEqual(1024);
    // The box scrolls to its end: the last column comes into view within the box.
    await box.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    const last = table.getByRole('columnheader').last();
    const lastBox = await last.boundingBox();
    expect((lastBox?.x ?? Infinity) + (lastBox?.width ?? 0)).toBeLessThanOrEqual(
      (frame?.x ?? 0) + (frame?.width ?? 0) + 1,
    );
    // The first column stays where it was, over the scrolled cells.
    const name = table.getByRole('row').nth(1).getByRole('cell').first();
    const nameBox = await name.boundingBox();
    expect(Math.abs((nameBox?.x ?? -100) - (frame?.x ?? 0))).toBeLessThanOrEqual(2);
    await expect(name).toContainText('none');
  });
});
