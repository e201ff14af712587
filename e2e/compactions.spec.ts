/**
 * Issue 22 item 3 as a user meets it: a real Claude Code 2.1.1 session (entireio/cli's checkpoint of
 * a two-hour Opus 4.5 session, the bundled sample) compacted twice. Its compactions are events on
 * the page (a panel above the chart, markers on the chart, a badge on the timeline), each one says
 * what it dropped and what the summary was, and the compare view puts the Claude Code preset for
 * that version beside what the framework did, run in place of the session's own compactions, raw
 * and calibrated on the file's usage.
 * The figures are the file's (compact_boundary preTokens, the usage of the calls around each).
 */
import { expect, test } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SHOTS = path.resolve(HERE, 'screenshots');

test('a Claude Code session that compacted twice: the compactions, what they dropped, the preset beside them', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/?sample=claude-code-compacted');
  await expect(page.getByRole('region', { name: 'Timeline' })).toContainText(
    'Timeline · 237 steps',
  );

  // Both compactions, with the file's own figure before (preTokens) and the next call's input after.
  const panel = page.getByRole('region', { name: 'Compactions' });
  await expect(panel).toContainText('2 compactions recorded');
  const first = panel.getByRole('button', {
    name: 'call 125 · 155,301 (file) → 44,664 (reported)',
  });
  await expect(first).toBeVisible();
  await expect(
    panel.getByRole('button', { name: 'call 210 · 155,539 (file) → 51,805 (reported)' }),
  ).toBeVisible();
  await first.click();
  await expect(panel).toContainText('compact_boundary · auto');
  await expect(panel).toContainText('155,301 tokens (recorded in the file)');
  await expect(panel).toContainText('44,664 tokens (reported for call 125)');
  await expect(panel).toContainText('135 steps');
  // The summary is shown as text, as the model read it.
  await panel.getByText(/The summary the model read afterwards/).click();
  await expect(panel.locator('pre')).toContainText('This session is being continued');
  // Markers on the chart, one per compaction.
  const chart = page.getByRole('region', { name: 'Token chart' });
  await expect(chart.locator('line[data-compaction="recorded"]')).toHaveCount(2);
  await page.screenshot({ path: path.join(SHOTS, '22-compactions.png') });

  // Opening the compaction's step selects it: the timeline row carries the badge.
  await panel.getByRole('button', { name: 'Open step in the timeline' }).click();
  await expect(page).toHaveURL(/step=s135/);
  await expect(page.getByRole('button', { name: /^Step 135 Summary .*compaction/ })).toContainText(
    'compaction 155,301 (file) → 44,664 (reported)',
  );

  // The compare view: what the framework did beside the preset for Claude Code up to 2.1.20.
  await page.getByRole('tab', { name: 'Compare strategies' }).click();
  const beside = page.getByRole('region', { name: 'Recorded compactions beside the strategies' });
  await expect(beside).toContainText('The framework compacted at call 125 down to 44,664 tokens');
  await beside
    .getByRole('button', {
      name: /Put “Claude Code auto-compact \(up to 2\.1\.20, window − 45,000\)” beside it/,
    })
    .click();
  await beside.getByRole('button', { name: /calibrated on this file's usage/ }).click();
  // Run in place of the session's own compactions: raw, Stepscope's count (which misses ~38.5k
  // tokens a call the file does not record) reaches 155,000 once, late.
  await expect(beside).toContainText(
    'Claude Code auto-compact (up to 2.1.20, window − 45,000) would compact at call 198',
    { timeout: 60_000 },
  );
  // Calibrated on the file's own usage, it compacts where Claude Code did (125 and 210).
  await expect(beside).toContainText(
    "Claude Code auto-compact (up to 2.1.20, window − 45,000), calibrated on this file's usage would compact at call 116",
  );
  await expect(beside).toContainText(
    "calibrated on this file's usage would compact a second time at call 211",
  );
  const charts = page.getByRole('region', { name: 'Comparison charts' });
  await expect(charts).toContainText('framework compacted');
  await page.screenshot({ path: path.join(SHOTS, '22-compactions-beside.png'), fullPage: true });
  expect(errors).toEqual([]);
});
