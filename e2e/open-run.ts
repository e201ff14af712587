/**
 * A file or folder of many runs opens on its runs overview (issue 26); a test about one run's
 * timeline opens its first run from there with the run picker, as a user would.
 */
import { expect, type Page } from '@playwright/test';
import { choose } from './choose';

/** Waits for the overview of `runs` runs, then opens the first. */
export async function openFirstRun(page: Page, runs: number): Promise<void> {
  await expect(page.getByRole('region', { name: 'Runs overview' })).toContainText(
    `${runs} of ${runs} runs`,
  );
  await choose(page.getByLabel('Run', { exact: true }), { index: 0 });
}

/** Whatever just opened: on the overview, its first run; a single run is already on screen. */
export async function settleOnRun(page: Page): Promise<void> {
  const overview = page.getByRole('region', { name: 'Runs overview' });
  await expect(overview.or(page.getByRole('region', { name: 'Timeline' }))).toBeVisible();
  if (await overview.isVisible())
    await choose(page.getByLabel('Run', { exact: true }), { index: 0 });
}
