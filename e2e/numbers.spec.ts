/**
 * One truth per number, and its definition where it is shown (issue 25, items 3 and 4), as a user
 * meets them in Chromium: a figure's definition opens when keyboard focus reaches its name, the help
 * page lists every definition, a Claude run's counts say they are approximate, one pass never
 * exceeds run input, and a run far from its window is told that it needs no pruning.
 */
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFINITIONS, definitionOf } from '../lib/charts/definitions';
import { choose } from './choose';

const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
mkdirSync(SHOTS, { recursive: true });

const number = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

/** The value a run-totals card shows, by the card's name. */
async function cardValue(page: Page, name: string): Promise<number> {
  const totals = page.getByRole('region', { name: 'Run totals' });
  const card = totals.getByRole('link', { name, exact: true }).locator('xpath=../..');
  return number(await card.locator('.font-mono').first().textContent());
}

test('a figure’s definition opens on keyboard focus, from the one table the help page lists', async ({
  page,
}) => {
  await page.goto('/?sample=tau-bench-airline-task3');
  const totals = page.getByRole('region', { name: 'Run totals' });
  await expect(totals).toContainText('1 system prompt · 11 user messages · 30 actions');
  // Keyboard: from the first card's name, Tab moves to the next figure's name and opens its tooltip.
  await totals.getByRole('link', { name: 'Steps', exact: true }).focus();
  await expect(page.getByRole('tooltip')).toContainText(definitionOf('steps').definition);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  const onePass = totals.getByRole('link', { name: 'One pass', exact: true });
  await expect(onePass).toBeFocused();
  const tip = page.getByRole('tooltip');
  await expect(tip).toContainText(definitionOf('one-pass').definition);
  // The term is described by its tooltip while it is open (the WAI-ARIA tooltip pattern).
  await expect(onePass).toHaveAccessibleDescription(/Every step the model reads, sent once/);
  await page.screenshot({ path: path.join(SHOTS, '30-definition-on-focus.png') });
  await page.keyboard.press('Escape');
  await expect(tip).toHaveCount(0);
  // The resend factor says what it multiplies.
  await expect(totals.getByRole('link', { name: /^\d+(\.\d)?× one pass$/ })).toBeVisible();
  expect(await cardValue(page, 'Run input')).toBeGreaterThan(await cardValue(page, 'One pass'));

  // The compare view's columns: each header's definition on focus.
  await page.getByRole('tab', { name: 'Compare strategies' }).click();
  await page.getByRole('button', { name: 'Compare three framework defaults' }).click();
  const summary = page.getByRole('table', { name: 'Strategy summary' });
  await expect(summary.getByRole('row')).toHaveCount(5);
  // Keyboard again: Tab from the header before it.
  await summary.getByRole('button', { name: 'Warnings' }).focus();
  await page.keyboard.press('Tab');
  await expect(summary.getByRole('button', { name: 'Lost identifiers' })).toBeFocused();
  await expect(page.getByRole('tooltip')).toContainText(
    definitionOf('lost-identifiers').definition,
  );
  await page.keyboard.press('Escape');

  // "What these numbers mean" lists every definition, each at the anchor its term links to.
  await page.goto('/help');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('What these numbers mean');
  for (const d of DEFINITIONS) {
    const entry = page.locator(`[id="${d.id}"]`);
    await expect(entry.locator('dt')).toHaveText(d.label);
    await expect(entry).toContainText(d.definition);
  }
  await page.screenshot({ path: path.join(SHOTS, '31-help.png'), fullPage: true });
});

test('a Claude run: o200k counts are approximate for its model, and one pass never exceeds run input', async ({
  page,
}) => {
  await page.goto('/?sample=claude-code-subagent');
  const counting = page.getByLabel('How tokens are counted');
  await expect(counting).toContainText('o200k: approximate for Claude Opus 4.5');
  await expect(counting).not.toContainText('exact');
  // The parent run: 2 calls; its last reply is output, so one pass (3,368) sits under run input.
  await expect(page.getByRole('region', { name: 'Run totals' })).toContainText('2 of 3 steps');
  const onePass = await cardValue(page, 'One pass');
  const runInput = await cardValue(page, 'Run input');
  expect(onePass).toBeGreaterThan(3_000);
  expect(runInput).toBeGreaterThanOrEqual(onePass);
  await expect(counting).toContainText('its sub-agent counts on its own');
  await page.screenshot({ path: path.join(SHOTS, '32-claude-totals.png') });
});

test('runs far from their window need no pruning, and the ranking says ties as ties', async ({
  page,
}) => {
  // The Claude Code sub-agent peaks at 13% of Claude Haiku 4.5's window; the one strategy that
  // saves a tenth truncates what later calls used.
  await page.goto('/?sample=claude-code-subagent&sub=agent-a2271d1&view=compare');
  await page.getByRole('button', { name: 'Compare three framework defaults' }).click();
  const ranking = page.getByRole('region', { name: 'Ranking' });
  const advice = ranking.getByRole('status', { name: 'Recommendation' });
  await expect(advice).toContainText(
    'No pruning needed: the run peaks at 13% of Claude Haiku 4.5’s 200,000-token window',
  );
  await expect(advice).toContainText(
    'Truncate old observations would save 51% of the cost, but cuts 58 identifiers a later call used.',
  );
  // The truncation's cached share (0.0%) and its sentence read the same bill: no "restarts".
  const summary = page.getByRole('table', { name: 'Strategy summary' });
  const truncated = summary.getByRole('row').filter({ hasText: 'Truncate old observations' });
  const headers = await summary.getByRole('columnheader').allTextContents();
  await expect(truncated.getByRole('cell').nth(headers.indexOf('Cached input'))).toHaveText('0.0%');
  const sentence = ranking.getByRole('listitem').filter({ hasText: 'Truncate old observations' });
  await expect(sentence).toContainText('the prompt cache serves none of its input');
  await expect(sentence).not.toContainText('restarts');
  // Three strategies send the same and cost the same: they share second place.
  await expect(ranking.getByRole('listitem').filter({ hasText: /^2=/ })).toHaveCount(3);
  await page.screenshot({ path: path.join(SHOTS, '33-no-pruning-needed.png'), fullPage: true });

  // The bundled tau-bench run (no model named, GPT-4o's window assumed) peaks at 6% of it.
  await page.goto('/?sample=tau-bench-airline-task3&view=compare');
  await page.getByRole('button', { name: 'Compare three framework defaults' }).click();
  await expect(
    page.getByRole('region', { name: 'Ranking' }).getByRole('status', { name: 'Recommendation' }),
  ).toContainText(/^No pruning needed: the run peaks at 6% of an assumed 128,000-token window/);
});

test('cards name their parameters in words, with the upstream name and default in small print', async ({
  page,
}) => {
  await page.goto(
    '/?sample=tau-bench-airline-task3&view=compare&compare=keep-last-n-steps%40%7B%22trigger%22%3A%7B%22kind%22%3A%22step-count%22%2C%22threshold%22%3A20%7D%2C%22mode%22%3A%22in-place%22%7D%7E%7B%22n%22%3A10%7D',
  );
  const card = page.getByRole('group', { name: /Keep last N steps/ });
  await expect(card.getByLabel('Steps kept', { exact: true })).toHaveValue('10');
  await expect(card).toContainText('keep_last_n_steps(n); seed 004 prune_keep_last · default 5');
  await expect(card).not.toContainText('prune_keep_last=5');
  await expect(card).toContainText(
    'Keeps the system prompt, every task, and the last N other steps.',
  );
  // A compaction checked before every call does not read as one made before every call.
  await page.goto('/?sample=tau-bench-airline-task3&view=compare');
  await choose(page.getByLabel('Add a strategy'), {
    label: 'Claude Code auto-compact (2.1.25+, window − 33,000)',
  });
  const row = page
    .getByRole('table', { name: 'Strategy summary' })
    .getByRole('row')
    .filter({ hasText: 'Compact conversation' });
  await expect(row).toContainText(
    'in place, checked before every call; compacts only once the context passes 95,000 tokens (the window minus 33,000)',
  );
});
