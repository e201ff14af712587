/** Comparing strategies side by side, the way a user does it, on the real tau-bench example. */
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { choose } from './choose';

const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');

test('compare strategies: add three, change a parameter, context at a call, a truncation diff, export and re-import, the shared URL', async ({
  page,
}) => {
  await page.goto('/?sample=tau-bench-airline-task3');
  await expect(
    page.getByRole('region', { name: 'Timeline' }).getByText('Timeline · 42 steps'),
  ).toBeVisible();
  await page.getByRole('tab', { name: 'Compare strategies' }).click();
  await page.getByRole('button', { name: 'Compare three framework defaults' }).click();
  const summary = page.getByRole('table', { name: 'Strategy summary' });
  await expect(summary.getByRole('row')).toHaveCount(5);
  await expect(summary).toContainText('Strands sliding window');
  // The tinyAgent preset is seed 004's ReactAgent: old observations truncated after each step.
  await expect(summary).toContainText('Truncate old observations');
  // A third kind of strategy, from the registry: it keeps the last N steps.
  await choose(page.getByLabel('Add a strategy'), { label: 'Keep last N steps' });
  await expect(summary.getByRole('row')).toHaveCount(6);
  await expect(page.getByRole('region', { name: 'Comparison charts' })).toContainText(
    'Keep last N steps',
  );
  const keepRow = summary.getByRole('row').filter({ hasText: 'Keep last N steps' });
  const before = await keepRow.textContent();
  // Change a parameter: the table follows.
  const card = page.getByRole('group', { name: /Keep last N steps/ });
  await card.getByLabel('Steps kept', { exact: true }).fill('2');
  await expect(keepRow).not.toHaveText(before ?? '');
  await expect(page).toHaveURL(/compare=.*keep-last-n-steps%7E%7B%22n%22%3A2%7D/);
  // An invalid value is explained where it was typed, and the last good result stays.
  // (0 is accepted, as tinyAgent's keep_last_n_steps(0) keeps only the system prompt and tasks.)
  await card.getByLabel('Steps kept', { exact: true }).fill('-1');
  await expect(card.getByRole('alert')).toContainText('n: Too small: expected number to be >=0');
  await card.getByLabel('Steps kept', { exact: true }).fill('2');
  await expect(card.getByRole('alert')).toHaveCount(0);
  // A warning links to its step: the aligned rows show it selected.
  await page
    .getByRole('list', { name: 'Warnings for Strands sliding window' })
    .getByRole('button', { name: 'the task (step 1) is dropped' })
    .click();
  await expect(
    page
      .getByRole('region', { name: 'Aligned steps' })
      .getByRole('button', { name: /^Step 1 User/ }),
  ).toBeVisible();
  // Lost identifiers are counted.
  await expect(page.getByRole('list', { name: 'Warnings for Keep last N steps' })).toContainText(
    'used later but no longer in context',
  );
  // Context at call k.
  const context = page.getByRole('region', { name: 'Context at call' });
  await context.getByLabel('Model call').fill('10');
  await expect(context).toContainText('Context at call 11 of 30');
  // The request's JSON, one pane per strategy (the view opens on the rendered messages).
  await context.getByRole('button', { name: 'JSON', exact: true }).click();
  await expect(context.getByLabel('Messages for Keep last N steps')).toContainText('"role"');
  await page.screenshot({ path: path.join(SHOTS, '07-compare.png'), fullPage: true });
  // Clicking the chart picks that call too.
  const chart = page.getByRole('region', { name: 'Comparison charts' });
  await chart.scrollIntoViewIfNeeded();
  const box = await chart.locator('.recharts-wrapper > svg.recharts-surface').boundingBox();
  if (!box) throw new Error('no chart');
  // As a person does: the pointer rests on the chart (its tooltip shows the call), then clicks.
  await page.mouse.move(box.x + box.width * 0.25, box.y + box.height * 0.5);
  await expect(chart.locator('.recharts-tooltip-wrapper')).toContainText('call');
  await page.mouse.click(box.x + box.width * 0.25, box.y + box.height * 0.5);
  await expect(context).not.toContainText('Context at call 11 of 30');
  await context.getByLabel('Model call').fill('10');
  await expect(context).toContainText('Context at call 11 of 30');
  // A truncated step's diff.
  const aligned = page.getByRole('region', { name: 'Aligned steps' });
  await aligned
    .getByRole('button', { name: 'Truncate old observations: truncated' })
    .first()
    .click();
  await expect(aligned.getByLabel('Truncation diff')).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, '08-compare-diff.png'), fullPage: true });
  // Export a result in our format, then open it: it is the pruned history.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Keep last N steps as native' }).click();
  const file = await (await download).path();
  const exported = JSON.parse(readFileSync(file as string, 'utf8'));
  expect(exported.format).toBe('stepscope');
  const url = page.url();
  await page.getByRole('button', { name: 'Open another file' }).click();
  await page.getByLabel('Open another history file').setInputFiles({
    name: 'pruned.json',
    mimeType: 'application/json',
    buffer: readFileSync(file as string),
  });
  await expect(page.getByRole('banner')).toContainText('pruned.json');
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await expect(
    page
      .getByRole('region', { name: 'Timeline' })
      .getByText(`Timeline · ${exported.histories[0].steps.length} steps`),
  ).toBeVisible();
  expect(exported.histories[0].steps.length).toBeLessThan(42);
  // The shared URL brings back the same comparison once the same file is loaded.
  await page.goto(url);
  await expect(page.getByRole('table', { name: 'Strategy summary' }).getByRole('row')).toHaveCount(
    6,
  );
  await expect(
    page
      .getByRole('group', { name: /Keep last N steps/ })
      .getByLabel('Steps kept', { exact: true }),
  ).toHaveValue('2');
  await expect(page.getByRole('region', { name: 'Context at call' })).toContainText(
    'Context at call 11 of 30',
  );
});

test('a summarizing strategy shows its summaries as inserted rows after the steps they replace', async ({
  page,
}) => {
  // A small window makes the summarizing window summarize this 42-step run.
  await page.goto(
    '/?sample=tau-bench-airline-task3&view=compare&compare=summarizing-window%7E%7B%22triggerTokens%22%3A3000%7D',
  );
  // The rows show the fates at the call on screen: the last call, where the window has summarized.
  await page.getByRole('region', { name: 'Context at call' }).getByLabel('Model call').press('End');
  const aligned = page.getByRole('region', { name: 'Aligned steps' });
  await aligned
    .getByRole('button', { name: 'Summarizing window (Strands): summarized' })
    .first()
    .click();
  await expect(aligned).toContainText(/Summary replacing \d+ step\(s\)/);
  // The summary itself sits after the last step it replaces: scroll the rows to it.
  await aligned.locator('.overflow-auto').evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(aligned.getByText('inserted', { exact: true }).first()).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, '10-compare-summaries.png'), fullPage: true });
});

test('a custom strategy runs sandboxed: its result is a column; network calls and endless loops are errors, not crashes', async ({
  page,
}) => {
  await page.goto('/?sample=tau-bench-airline-task3&view=compare');
  await choose(page.getByLabel('Add a strategy'), { label: 'Custom function (your code)…' });
  const summary = page.getByRole('table', { name: 'Strategy summary' });
  const row = summary.getByRole('row').filter({ hasText: 'Custom function' });
  await expect(row).toBeVisible();
  await expect(row).not.toContainText('(');
  await expect(row.getByRole('cell').nth(4)).not.toHaveText('0.0%');
  const code = page.getByLabel('Custom strategy code');
  // No network inside the sandbox.
  await code.fill('(steps) => { fetch("https://example.com"); return steps; }');
  const card = page.getByRole('group', { name: /Custom function/ });
  await expect(card.getByRole('alert')).toContainText(
    'the function failed: fetch is not a function',
  );
  // An endless loop is stopped at the time limit.
  await code.fill('(steps) => { for (;;) {} }');
  await expect(card.getByRole('alert')).toContainText(
    'the function ran longer than 3 s and was stopped',
    { timeout: 15_000 },
  );
  // The page is still alive and a fixed function works again.
  await code.fill('(steps) => steps.filter((s) => s.kind !== "task" || s.stepNumber < 3)');
  await expect(card.getByRole('alert')).toHaveCount(0);
  await expect(row).toContainText('Custom function');
  await page.screenshot({ path: path.join(SHOTS, '09-compare-custom.png'), fullPage: true });
});
