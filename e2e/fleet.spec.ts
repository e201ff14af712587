/**
 * Issue 26 item 1 as a user meets it in Chromium: a file of 115 tau-bench runs opens on the overview
 * of its runs (virtualized: counted by the table's aria-rowcount), sorted by input tokens a run opens
 * and Back (the browser's, and "← All runs") returns with the sort kept; a folder of mini-swe-agent
 * trajectories shows each run's exit status and recorded cost. Screenshots at 1440×900 and 1024×768,
 * light and dark, in e2e/screenshots/.
 */
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { choose } from './choose';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const FIXTURES = path.resolve(HERE, '../test/fixtures/real');
const SHOTS = path.resolve(HERE, 'screenshots');
mkdirSync(SHOTS, { recursive: true });
/** The real tau-bench results file: 115 runs (grok-3, tool calling). */
const TAU = path.join(FIXTURES, 'openai-chat/tau-bench__tool-calling-grok-3.json');
const MINI = path.join(FIXTURES, 'mini-swe-agent');
const MINI_RUNS = readdirSync(MINI)
  .filter((n) => n.startsWith('swebench-'))
  .map((n) => path.join(MINI, n));

const runsTable = (page: Page) => page.getByRole('table', { name: 'Runs' });
const header = (page: Page, name: string) =>
  runsTable(page).getByRole('columnheader', { name: new RegExp(`^${name}`) });

/** The input tokens of the rows on screen, as numbers, top to bottom. */
async function inputColumn(page: Page): Promise<number[]> {
  const rows = runsTable(page).getByRole('rowgroup').nth(1).getByRole('row');
  const texts = await rows.evaluateAll((els) =>
    els
      .map((el) => ({
        top: el.getBoundingClientRect().top,
        text: el.querySelectorAll('[role=cell]')[3]?.textContent ?? '',
      }))
      .sort((a, b) => a.top - b.top)
      .map((r) => r.text),
  );
  return texts.map((t) => Number(t.replace(/[^\d]/g, '')));
}

async function openTau(page: Page) {
  await page.goto('/');
  await page.getByLabel('Choose a history file').setInputFiles(TAU);
  await expect(runsTable(page)).toHaveAttribute('aria-rowcount', '116');
  await expect(page.getByRole('region', { name: 'Runs overview' })).toContainText(
    '115 of 115 runs',
  );
}

test('a file of 115 runs opens on its overview; a run opens from it and Back returns with the sort', async ({
  page,
}) => {
  await openTau(page);
  await expect(page).toHaveURL(/view=runs/);
  // Virtualized: far fewer rows in the page than in the table.
  expect(await runsTable(page).getByRole('row').count()).toBeLessThan(60);
  // The exact counts replace the estimate.
  await expect(page.getByRole('region', { name: 'Runs overview' })).not.toContainText('≈', {
    timeout: 30_000,
  });
  // Sorted by input tokens: a count sorts largest first (TanStack Table's first direction for numbers).
  await header(page, 'Input tokens').getByRole('button').click();
  await expect(header(page, 'Input tokens')).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/runsort=-input/);
  const sorted = await inputColumn(page);
  expect(sorted.length).toBeGreaterThan(5);
  expect([...sorted].sort((a, b) => b - a)).toEqual(sorted);
  // The third row opens its run, whose Run input is the row's input tokens.
  const third = runsTable(page).getByRole('rowgroup').nth(1).locator('[aria-rowindex="4"]');
  const name = (await third.getByRole('button').textContent()) ?? '';
  await third.getByRole('button').click();
  await expect(page.getByRole('region', { name: 'Timeline' })).toBeVisible();
  await expect(page).toHaveURL(/run=\d+/);
  await expect(page.getByRole('region', { name: 'Run totals' })).toContainText(
    sorted[2]!.toLocaleString('en-US'),
  );
  await page.goBack();
  await expect(runsTable(page)).toBeVisible();
  await expect(header(page, 'Input tokens')).toHaveAttribute('aria-sort', 'descending');
  expect(await inputColumn(page)).toEqual(sorted);
  // The run opened is marked, and "← All runs" returns the same way.
  await expect(runsTable(page).locator('.bg-blue-50')).toContainText(name.replace(/^\d+/, ''));
  await runsTable(page).locator('[aria-rowindex="2"]').getByRole('button').click();
  await page.getByRole('button', { name: '← All runs' }).click();
  await expect(header(page, 'Input tokens')).toHaveAttribute('aria-sort', 'descending');
  // Filter by outcome and search: both in the address, both narrow the rows.
  await choose(page.getByRole('combobox', { name: 'Outcome' }), { label: 'failed (37)' });
  await expect(page.getByRole('region', { name: 'Runs overview' })).toContainText('37 of 115 runs');
  await expect(page).toHaveURL(/outcome=failed/);
  await page.getByLabel('Search runs').fill('task 1 ');
  await expect(page).toHaveURL(/runq=task\+1/);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Runs overview' })).toContainText(
    /\d+ of 115 runs/,
  );
});

test('a folder of mini-swe-agent trajectories shows each exit status and recorded cost', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByLabel('Choose a history file').setInputFiles(MINI_RUNS);
  await expect(runsTable(page)).toHaveAttribute('aria-rowcount', String(MINI_RUNS.length + 1));
  const body = runsTable(page).getByRole('rowgroup').nth(1);
  await expect(body.getByText('Submitted', { exact: true })).toHaveCount(MINI_RUNS.length);
  // astropy-12907's info.model_stats.instance_cost: $0.2305.
  await expect(body.getByRole('row').filter({ hasText: 'astropy__astropy-12907' })).toContainText(
    '$0.2305',
  );
  await expect(page.getByRole('img', { name: /^Run cost: a histogram of 7 runs/ })).toBeVisible();
  await expect(
    page.getByRole('img', {
      name: /^Cost against steps, by outcome: one dot per run; 7 submitted/,
    }),
  ).toBeVisible();
});

for (const colorScheme of ['light', 'dark'] as const)
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 1024, height: 768 },
  ])
    test(`screenshot of the overview, ${colorScheme}, ${viewport.width}×${viewport.height}`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize(viewport);
      await openTau(page);
      await page.screenshot({
        path: path.join(SHOTS, `fleet-${colorScheme}-${viewport.width}.png`),
        fullPage: true,
      });
    });
