/**
 * Issue 21 as a user meets it: a real mini-swe-agent 1.x SWE-bench run (the bundled example) opens
 * with its command outputs as observations and what the file says was paid; the Usage & cost tab
 * sets Stepscope's replay beside the usage the file reports, call by call, with the gap explained;
 * the compare view runs the published observation-masking preset and it saves input.
 */
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { choose } from './choose';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SHOTS = path.resolve(HERE, 'screenshots');
const SAMPLE = JSON.parse(
  readFileSync(
    path.resolve(HERE, '../public/samples/mini-swe-agent-django__django-12143.traj.json'),
    'utf8',
  ),
) as { info: { model_stats: { instance_cost: number } }; messages: { role: string }[] };
const CALLS = SAMPLE.messages.filter((m) => m.role === 'assistant').length;
const PAID = `$${SAMPLE.info.model_stats.instance_cost.toFixed(4)}`;

test('a mini-swe-agent SWE-bench run: what was paid, the replay against the file, masking compared', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/?sample=mini-swe-agent-django-12143');
  await expect(page.getByRole('region', { name: 'Timeline' })).toContainText('Timeline · 30 steps');
  // What the file says was paid, on the totals.
  const totals = page.getByRole('region', { name: 'Run totals' });
  await expect(totals).toContainText('Paid');
  await expect(totals).toContainText(PAID);
  await expect(totals).toContainText('recorded by the file for the run');
  // The chart draws the input the file reports beside the context Stepscope counts.
  await expect(page.getByRole('region', { name: 'Token chart' })).toContainText(
    'input the file reports',
  );

  await page.getByRole('tab', { name: 'Usage & cost' }).click();
  await expect(page).toHaveURL(/view=usage/);
  const paid = page.getByRole('region', { name: 'What you paid' });
  await expect(paid).toContainText(PAID);
  const check = page.getByRole('region', { name: 'Reported vs simulated' });
  await expect(check).toContainText(`${CALLS} of ${CALLS} calls report their input`);
  await expect(check.getByRole('list', { name: 'Why they differ' })).toContainText(
    'Another tokenizer',
  );
  const table = page.getByRole('table', { name: 'Reported vs simulated per call' });
  await expect(table).toHaveAttribute('aria-rowcount', String(CALLS + 1));
  const first = table.getByRole('row').nth(1);
  await expect(first.getByRole('cell').first()).toHaveText('1');
  // Each call's reported prompt is a number beside Stepscope's, with its gap and its own cost.
  await expect(first.getByRole('cell').nth(4)).toHaveText(/^[\d,]+$/);
  await expect(first.getByRole('cell').nth(10)).toHaveText(/^[+-]\d+\.\d%$/);
  await expect(first.getByRole('cell').nth(12)).toHaveText(/^\$\d\.\d{4}/);
  await page.screenshot({ path: path.join(SHOTS, '21-usage-and-cost.png'), fullPage: true });

  // Your price for the model reprices the calls (the file's recorded cost stays what was paid).
  await page.getByText('Your prices').click();
  await page.getByLabel('Your price: input per million tokens').fill('100');
  await page.getByRole('button', { name: 'Use these prices' }).click();
  await expect(page).toHaveURL(/prices=/);
  await expect(paid).toContainText(PAID);

  // The published masking rule in the compare view saves input on this run.
  await page.getByRole('tab', { name: 'Compare strategies' }).click();
  await choose(page.getByLabel('Add a strategy'), {
    label: 'Observation masking, M=10 (Lindenbauer et al. 2025)',
  });
  const summary = page.getByRole('table', { name: 'Strategy summary' });
  const row = summary.getByRole('row').filter({ hasText: 'Observation masking' });
  await expect(row).toContainText('before every call');
  const headers = await summary.getByRole('columnheader').allTextContents();
  const savedAt = headers.findIndex((h) => /saved/i.test(h));
  expect(savedAt).toBeGreaterThan(0);
  const saved = (await row.getByRole('cell').nth(savedAt).textContent()) ?? '';
  expect(Number(saved.replace(/[^0-9.]/g, ''))).toBeGreaterThan(0);
  await page.screenshot({ path: path.join(SHOTS, '21-masking-compare.png'), fullPage: true });
  expect(errors).toEqual([]);
});

test('a run that names no model gets no cost, and says so', async ({ page }) => {
  await page.goto('/?sample=tau-bench-airline-task3&view=usage');
  await expect(page.getByRole('region', { name: 'What you paid' })).toContainText('unknown');
  await expect(page.getByRole('region', { name: 'What you paid' })).toContainText(
    'the file records no usage',
  );
  await page.getByRole('tab', { name: 'Compare strategies' }).click();
  await page.getByRole('button', { name: 'Compare three framework defaults' }).click();
  await expect(page.getByRole('status', { name: 'No prices' })).toContainText(
    'the file names no model',
  );
});
