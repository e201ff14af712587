/**
 * Rows that say what happened (issue 25 item 2 and 3): the totals count the commands a real
 * SWE-agent run issued, a Claude Code sub-agent's rows name the command or the path, recorded
 * output shows no escape sequence, and selecting a step never changes the page's height.
 */
import { expect, test, type Page } from '@playwright/test';
import { openFirstRun } from './open-run';
import { choose } from './choose';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const FIXTURES = path.resolve(HERE, '../test/fixtures');

async function open(page: Page, fixture: string) {
  await page.goto('/');
  await page.getByLabel('Choose a history file').setInputFiles(path.join(FIXTURES, fixture));
}

const pageHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);

test('the SWE-agent card counts the 14 commands its rows name', async ({ page }) => {
  await open(
    page,
    'real/swe-agent/replay__marshmallow-code__marshmallow-1867__default___install_from_source__marshmallow-code__marshmallow-1867.traj',
  );
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByText('Timeline · 16 steps')).toBeVisible();
  const totals = page.getByRole('region', { name: 'Run totals' });
  await expect(
    totals.getByRole('link', { name: 'Tool calls', exact: true }).locator('xpath=../..'),
  ).toContainText('14');
  await expect(
    timeline.getByRole('button', {
      name: /^Step 10 Action open src\/marshmallow\/fields\.py 1474/,
    }),
  ).toBeVisible();
  // The table's tool filter finds the commands the card counts.
  await page.getByRole('tab', { name: 'Table', exact: true }).click();
  const table = page.getByRole('region', { name: 'Step table' });
  await choose(table.getByLabel('Tool'), { label: 'python' });
  await expect(table).toContainText('2 of 16 steps');
  await expect(table.getByRole('row').filter({ hasText: 'python reproduce.py' })).toHaveCount(2);
});

test("a Claude Code sub-agent's rows say the command or the path, not only the tool", async ({
  page,
}) => {
  await page.goto('/?sample=claude-code-subagent');
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(
    timeline.getByRole('button', { name: /^Step 1 Action Task: Explore codebase structure/ }),
  ).toBeVisible();
  await timeline.getByRole('button', { name: /^Step 1 / }).click();
  await page
    .getByRole('button', { name: 'Open sub-agent: Task: Explore codebase structure' })
    .click();
  await expect(timeline.getByText('Timeline · 11 steps')).toBeVisible();
  await expect(
    timeline.getByRole('button', { name: /^Step 0 User Give me a comprehensive overview/ }),
  ).toBeVisible();
  await expect(timeline).toContainText(
    'Bash: find /workspace/claude-code-log -type f -name "*.md" | head -20',
  );
  await expect(timeline).toContainText('Read: …/claude-code-log/claude_code_log/converter.py');
  await expect(timeline).not.toContainText('Bash, Read');
});

test('recorded command output shows no escape sequence in the inspector', async ({ page }) => {
  // A real OpenHands bash output: the shell's bracketed-paste switches around "[1] 32".
  await open(page, 'derived/openhands-v1__openagentsafety_output_lines-19-22-23-29-41.jsonl');
  // Three runs: the file opens on its overview, and the first run holds the output.
  await openFirstRun(page, 3);
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await timeline.getByRole('button', { name: /^Step 1 Action execute_bash/ }).click();
  const inspector = page.getByRole('region', { name: 'Step inspector' });
  await expect(inspector.getByLabel('Result of execute_bash')).toHaveText('[1] 32');
  expect(await inspector.textContent()).not.toContain('\u001b');
  await expect(inspector.getByRole('list', { name: 'Messages' })).toContainText('[1] 32');
});

test("selecting a step never changes the page's height; the inspector scrolls in its pane", async ({
  page,
}) => {
  for (const size of [
    { width: 1440, height: 900 },
    { width: 1024, height: 768 },
  ]) {
    await page.setViewportSize(size);
    await page.goto('/?sample=tau-bench-airline-task3');
    const timeline = page.getByRole('region', { name: 'Timeline' });
    await expect(timeline.getByText('tokens', { exact: true })).toBeVisible();
    // The totals follow the timeline in a deferred render: the page's height is whole after them.
    const totals = page.getByRole('region', { name: 'Run totals' });
    await expect(totals).toBeVisible();
    await expect(totals).not.toHaveAttribute('aria-busy', 'true');
    const before = await pageHeight(page);
    // The system prompt is the run's longest step: it scrolls inside the inspector's pane.
    for (const step of [0, 6, 18, 1]) {
      await timeline.getByRole('button', { name: new RegExp(`^Step ${step} `) }).click();
      await expect(
        page
          .getByRole('region', { name: 'Step inspector' })
          .getByRole('heading', { name: `Step ${step}` }),
      ).toBeVisible();
      expect(await pageHeight(page), `step ${step} at ${size.width}px`).toBe(before);
    }
  }
});
