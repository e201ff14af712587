/**
 * Issue 26 item 2 as a user meets it in Chromium: the folder of a real SWE-bench submission (30
 * mini-swe-agent trajectories and the results_summary.json its evaluation wrote) opens on the runs
 * overview; sorted by cost, three presets compared over the fleet in the history worker show their
 * progress and finish with per-strategy totals split by the results file's verdicts; a run of the
 * per-run table (sorted by sending everything) opens its own comparison on the same three
 * strategies, and Back returns to the fleet comparison with its results and that sort, answered
 * from the cache. Screenshots at 1440×900 and
 * 1024×768, light and dark, in e2e/screenshots/.
 */
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { choose } from './choose';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const FLEET = path.resolve(
  HERE,
  '../test/fixtures/fleet/20251118_mini-v1.15.0_gemini-3-pro-preview',
);
const SHOTS = path.resolve(HERE, 'screenshots');
mkdirSync(SHOTS, { recursive: true });
const THREE = ['strands-default', 'anthropic-clear-tool-uses', 'tinyagent-last-5'];

const runsTable = (page: Page) => page.getByRole('table', { name: 'Runs' });

/** The fleet's folder picked, its overview settled on the exact counts. */
async function openFleet(page: Page) {
  await page.goto('/');
  await page.getByLabel('Choose a history folder').setInputFiles(FLEET);
  await expect(runsTable(page)).toHaveAttribute('aria-rowcount', '31', { timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Runs overview' })).not.toContainText('≈', {
    timeout: 60_000,
  });
}

/** Three framework presets compared over the fleet, once every run is in. */
async function compareThree(page: Page) {
  await page.getByRole('button', { name: 'Compare strategies over the fleet' }).click();
  await page.getByRole('button', { name: 'Three framework defaults' }).click();
  await expect(
    page
      .getByRole('region', { name: 'Compared strategies' })
      .getByRole('group', { name: /^Strategy \d: / }),
  ).toHaveCount(3);
  await page.getByRole('button', { name: 'Compare over 30 runs' }).click();
}

test('three presets over a real fleet: totals by outcome, a run opened on them, and Back', async ({
  page,
}) => {
  await openFleet(page);
  // Sorted by cost, most expensive first.
  const cost = runsTable(page).getByRole('columnheader', { name: /^Cost/ });
  await cost.getByRole('button').click();
  await expect(cost).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/runsort=-cost/);

  await compareThree(page);
  // Progress while the worker compares run after run, then the whole fleet.
  const done = page.getByText('Compared all 30 runs.');
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /Compared \d+ of 30 runs…/ })
      .or(done),
  ).toBeVisible();
  await expect(done).toBeVisible({ timeout: 60_000 });
  await expect(page).toHaveURL(/runtab=compare/);
  await expect(page).toHaveURL(/fleetcompare=/);
  const summary = page.getByRole('table', { name: 'Fleet summary: every run' });
  await expect(summary.getByRole('row')).toHaveCount(5);
  for (const id of ['Sending everything', ...THREE])
    await expect(summary.getByRole('row').filter({ hasText: id })).toHaveCount(1);
  // The results file's verdicts split the fleet.
  const split = page.getByRole('group', { name: 'Runs summed' });
  await expect(split.getByRole('button', { name: /^Resolved \(\d+\)$/ })).toBeVisible();
  await expect(split.getByRole('button', { name: /^Not resolved \(\d+\)$/ })).toBeVisible();
  await expect(page.getByText('from the results file picked with the runs')).toBeVisible();
  await expect(
    page.getByRole('img', { name: /^Saved % per run, by strategy: a histogram of 30 runs/ }),
  ).toBeVisible();
  const perRun = page.getByRole('table', { name: 'Runs compared' });
  await expect(perRun).toHaveAttribute('aria-rowcount', '31');
  const totals = await summary.textContent();
  // Sorted by what sending everything costs, most first: kept in the address and on return.
  const everything = perRun.getByRole('columnheader', { name: /^Sending everything/ });
  await everything.getByRole('button').click();
  await expect(everything).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/cmpsort=-baseline/);

  // The third run of the per-run table opens its own comparison, on the same three strategies.
  const third = perRun.getByRole('rowgroup').nth(1).locator('[aria-rowindex="4"]');
  const name = ((await third.getByRole('button').textContent()) ?? '').replace(/^\d+/, '');
  await third.getByRole('button').click();
  await expect(page).toHaveURL(/view=compare/);
  await expect(page).toHaveURL(/run=\d+/);
  const cards = page
    .getByRole('region', { name: 'Compared strategies' })
    .getByRole('group', { name: /^Strategy \d: / });
  await expect(cards).toHaveCount(3);
  await expect(page.getByRole('table', { name: 'Strategy summary' }).getByRole('row')).toHaveCount(
    5,
    { timeout: 30_000 },
  );
  await expect(page.getByRole('region', { name: 'Run totals' })).toBeVisible();

  // Back: the fleet comparison with its results, at once.
  await page.goBack();
  await expect(done).toBeVisible({ timeout: 5_000 });
  expect(await page.getByRole('table', { name: 'Fleet summary: every run' }).textContent()).toBe(
    totals,
  );
  await expect(
    page.getByRole('status').filter({ hasText: /Compared \d+ of 30 runs…/ }),
  ).toHaveCount(0);
  await expect(perRun.locator('.bg-blue-50')).toContainText(name.trim());
  await expect(everything).toHaveAttribute('aria-sort', 'descending');
});

test('a custom function runs over every run of the fleet in its sandbox', async ({ page }) => {
  await openFleet(page);
  await page.getByRole('button', { name: 'Compare strategies over the fleet' }).click();
  await choose(page.getByLabel('Add a strategy'), { label: 'Custom function (your code)…' });
  // The first two steps and the last eight: every run here is longer, so each saves.
  await page
    .getByLabel('Custom strategy code')
    .fill('(steps) => [...steps.slice(0, 2), ...steps.slice(2).slice(-8)]');
  await expect(page.getByText(/runs in its sandbox on every run/)).toBeVisible();
  await page.getByRole('button', { name: /^Compare over 30 runs$/ }).click();
  await expect(page.getByText('Compared all 30 runs.')).toBeVisible({ timeout: 90_000 });
  const row = page
    .getByRole('table', { name: 'Fleet summary: every run' })
    .getByRole('row')
    .filter({ hasText: 'custom' });
  await expect(row).toHaveCount(1);
  await expect(row).not.toContainText('could not run');
  await expect(row).toContainText(/[1-9]\d*(\.\d)?%/);
  await page.screenshot({ path: path.join(SHOTS, 'fleet-compare-custom.png'), fullPage: true });
  // A function that fails on some runs is counted under "could not run" on those, not a crash.
  await page
    .getByLabel('Custom strategy code')
    .fill('(steps) => { if (steps.length > 60) throw new Error("too long"); return steps; }');
  await page.getByRole('button', { name: /^Compare over 30 runs$/ }).click();
  await expect(page.getByText('Compared all 30 runs.')).toBeVisible({ timeout: 90_000 });
  await expect(row).toContainText(/could not run on \d+/);
});

test('a fleet comparison under way can be cancelled', async ({ page }) => {
  await openFleet(page);
  await page.getByRole('button', { name: 'Compare strategies over the fleet' }).click();
  await page.getByRole('button', { name: 'Three framework defaults' }).click();
  // Eight presets: long enough to cancel midway.
  for (const label of [
    'Claude Code auto-compact (2.1.25+',
    'OpenHands condenser (max_size 240',
    'Gemini CLI compression',
    'Codex auto-compaction',
    'Strands summarizing manager',
  ]) {
    await choose(page.getByRole('combobox', { name: 'Add a strategy' }), { text: label });
  }
  await page.getByRole('button', { name: /^Compare over 30 runs$/ }).click();
  await expect(
    page.getByRole('status').filter({ hasText: /Compared \d+ of 30 runs…/ }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(
    page.getByRole('status').filter({ hasText: /Compared \d+ of 30 runs…/ }),
  ).toHaveCount(0);
  await expect(page).not.toHaveURL(/fleetcompare=/);
  await expect(page.getByRole('button', { name: /^Compare over 30 runs$/ })).toBeEnabled();
});

for (const colorScheme of ['light', 'dark'] as const)
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 1024, height: 768 },
  ])
    test(`screenshot of the fleet comparison, ${colorScheme}, ${viewport.width}×${viewport.height}`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize(viewport);
      await openFleet(page);
      await compareThree(page);
      await expect(page.getByText('Compared all 30 runs.')).toBeVisible({ timeout: 60_000 });
      await page.screenshot({
        path: path.join(SHOTS, `fleet-compare-${colorScheme}-${viewport.width}.png`),
        fullPage: true,
      });
    });
