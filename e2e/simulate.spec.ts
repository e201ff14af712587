/**
 * Strategies run the way frameworks run them (issue 10), as a user explores it on real runs: a
 * threshold trigger in place draws a sawtooth, prompt caching prices every call, the ranking says
 * which strategy to use and why, a sweep finds the knee, a plan step is toggled to its summary, and
 * a real Claude Code session's reported bill is checked against the simulation.
 */
import { expect, test } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { choose } from './choose';

const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');

test('a threshold trigger in place: sawtooth, cached cost beside uncached, the ranking and a sweep', async ({
  page,
}) => {
  await page.goto('/?sample=tau-bench-airline-task3&view=compare');
  await choose(page.getByLabel('Add a strategy'), { label: 'Keep last N steps' });
  // The tau-bench file names no model: no cost until the user picks one (never an assumed one).
  await expect(page.getByRole('status', { name: 'No prices' })).toContainText('names no model');
  await choose(page.getByLabel('Compare model'), 'gpt-4o');
  const card = page.getByRole('group', { name: /Keep last N steps/ });
  await card.getByLabel('Steps kept', { exact: true }).fill('4');
  await choose(card.getByLabel('Trigger', { exact: true }), {
    label: 'when the step count passes a threshold',
  });
  await card.getByLabel('Trigger threshold').fill('12');
  await choose(card.getByLabel('Mode'), 'in-place');
  await expect(page).toHaveURL(
    /keep-last-n-steps%40%7B.*%22threshold%22%3A12.*%22in-place%22.*%7D%7E%7B%22n%22%3A4%7D/,
  );
  const summary = page.getByRole('table', { name: 'Strategy summary' });
  const row = summary.getByRole('row').filter({ hasText: 'Keep last N steps' });
  await expect(row).toContainText('in place, when the history holds more than 12 steps');
  // Cached cost and uncached cost, both in dollars, the cached one lower.
  const cells = row.getByRole('cell');
  const money = async (i: number) =>
    Number(((await cells.nth(i).textContent()) ?? '').replace(/[^0-9.]/g, ''));
  const headers = await summary.getByRole('columnheader').allTextContents();
  const cached = await money(headers.findIndex((h) => h.startsWith('Cost, cached')));
  const uncached = await money(headers.findIndex((h) => h.startsWith('Cost, uncached')));
  expect(cached).toBeGreaterThan(0);
  expect(cached).toBeLessThan(uncached);
  // The sawtooth: the strategy ran at several calls (◆ marks on the context chart), and the context
  // grows between its runs.
  const chart = page.getByRole('region', { name: 'Comparison charts' });
  await expect(chart.locator('path[aria-label$=" ran"]').first()).toBeAttached();
  expect(await chart.locator('path[aria-label$=" ran"]').count()).toBeGreaterThan(1);
  await chart.getByRole('tab', { name: 'Cost over the run, cached (cumulative)' }).click();
  await expect(chart).toContainText('solid: with prompt caching');
  await page.screenshot({ path: path.join(SHOTS, '11-trigger-sawtooth.png'), fullPage: true });
  // The ranking under each goal, one sentence per strategy.
  const ranking = page.getByRole('region', { name: 'Ranking' });
  const ranked = ranking.getByRole('list', { name: 'Strategies ranked' }).getByRole('listitem');
  await expect(ranked).toHaveCount(2);
  await expect(ranked.first()).toContainText('Keep last N steps');
  await expect(ranked.first()).toContainText(/Saves \d+% of input, \d+% of the cached cost/);
  await expect(ranked.first()).toContainText(
    /identifiers a later call used were cut, first at step \d+/,
  );
  await choose(ranking.getByLabel('Ranking goal'), 'loss');
  await expect(ranked.first()).toContainText('none (everything, every call)');
  // A sweep of n: cost against loss, the knee marked, with progress.
  const sweep = page.getByRole('region', { name: 'Parameter sweep' });
  await choose(sweep.getByLabel('Sweep parameter'), 'n');
  await sweep.getByLabel('Sweep from').fill('0');
  await sweep.getByLabel('Sweep to').fill('40');
  await sweep.getByRole('button', { name: 'Run sweep' }).click();
  await expect(sweep.getByRole('table', { name: 'Sweep results' }).getByRole('row')).toHaveCount(9);
  await expect(sweep).toContainText(/Knee at n = \d+/);
  await sweep.screenshot({ path: path.join(SHOTS, '12-sweep.png') });
});

test('a plan step toggled to its summary replays at once', async ({ page }) => {
  await page.goto('/?sample=tau-bench-airline-task3');
  await page.getByRole('tab', { name: 'Plan steps' }).click();
  const view = page.getByRole('region', { name: 'Plan steps' });
  const status = view.locator('[aria-live=polite]');
  await expect(status).toContainText('input over the run 145,490.');
  const step = view.getByRole('listitem', { name: /^Plan step 1\.3\. / });
  await expect(step.getByRole('heading')).toContainText('### 1.3.');
  await step.getByRole('button', { name: 'summary' }).click();
  await expect(step.getByRole('button', { name: 'summary' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(step).toContainText('Call `expand_step(3)` for full conversation.');
  await expect(status).toContainText(/145,490 → [\d,]+ as toggled \(saves \d+(\.\d)?%\)/);
  // The active plan step is never compacted.
  await expect(
    view.getByRole('listitem').last().getByRole('button', { name: 'summary' }),
  ).toBeDisabled();
  // The section as the model would see it rendered.
  await view.getByText('The section as rendered into the prompt').click();
  await expect(view.getByLabel('Rendered task history')).toContainText('**Objective**:');
  await expect(view.getByLabel('Rendered task history')).toContainText(
    '_Call `expand_step(3)` for full conversation._',
  );
  await page.screenshot({ path: path.join(SHOTS, '13-plan-steps.png'), fullPage: true });
  // Issue 22: what if the model had called expand_step(3) at call 25? The context grows back from
  // there, so the input over the run lies between the toggled run and sending everything.
  const inputOf = async () =>
    Number(
      ((await status.textContent()) ?? '')
        .match(/145,490 → ([\d,]+) as toggled/)?.[1]
        ?.replace(/,/g, ''),
    );
  const toggled = await inputOf();
  expect(toggled).toBeLessThan(145_490);
  await step.getByLabel(/^Expand .* at call$/).fill('25');
  await expect(step).toContainText('Expanded at call 25');
  await expect.poll(inputOf).toBeGreaterThan(toggled);
  expect(await inputOf()).toBeLessThan(145_490);
  await page.screenshot({ path: path.join(SHOTS, '13-plan-step-expanded.png'), fullPage: true });
  await step.getByRole('button', { name: 'full' }).click();
  await expect(status).not.toContainText('as toggled');
});

test("a real Claude Code session's reported bill against the simulation", async ({ page }) => {
  // The Explore sub-agent: 10 calls with reported cache reads and writes (Claude Haiku 4.5).
  await page.goto('/?sample=claude-code-subagent&sub=agent-a2271d1&view=compare&compare=none');
  const check = page.getByRole('region', { name: 'Check against reported usage' });
  await expect(check).toContainText('10 calls with reported usage');
  await expect(check).toContainText(/priced at Claude Haiku 4.5/);
  const rows = check.getByRole('table', { name: 'Reported usage check' }).getByRole('row');
  await expect(rows.filter({ hasText: 'Replay calibrated on the file' })).toContainText(
    /[+-]\d+\.\d%/,
  );
  const gapOf = async (label: string) =>
    Number(
      (
        (await rows.filter({ hasText: label }).getByRole('cell').last().textContent()) ?? ''
      ).replace('%', ''),
    );
  // Raw, the transcript misses Claude Code's system prompt and tools; calibrated, within a few percent.
  expect(Math.abs(await gapOf('Sending everything, replayed'))).toBeGreaterThan(30);
  expect(Math.abs(await gapOf('Replay calibrated on the file'))).toBeLessThan(6);
  await check.screenshot({ path: path.join(SHOTS, '14-reported-check.png') });
});
