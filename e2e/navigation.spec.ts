/**
 * Issue 25 items 1 and 7 as a user meets them in Chromium: the selected step follows everywhere (a
 * deep link shows its row and its bar, a reload keeps it, a sub-agent opens at its top with the
 * breadcrumb in view), the keyboard walks and opens steps as DevTools and Linear do, `?` lists the
 * shortcuts, Ctrl+K jumps to a run and to a step, the run picker searches, and every choice (the
 * tokenizer, dialect, compare model, goal, plan toggles, the run of a saved comparison, the place in
 * a library file and its library name) survives a reload and a reopen.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHORTCUTS } from '../components/shell/shortcuts';
import { choose } from './choose';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const FIXTURES = path.resolve(HERE, '../test/fixtures/real');
const SHOTS = path.resolve(HERE, 'screenshots');
mkdirSync(SHOTS, { recursive: true });
/** The real tau-bench results file: 115 runs. */
const RUNS = path.join(FIXTURES, 'openai-chat/tau-bench__tool-calling-grok-3.json');

const timeline = (page: Page) => page.getByRole('region', { name: 'Timeline' });
const inspectorHeading = (page: Page, n: number) =>
  page.getByRole('region', { name: 'Step inspector' }).getByRole('heading', { name: `Step ${n}` });
/** The timeline's selected row. */
const selectedRow = (page: Page) => timeline(page).locator('[aria-current="true"]');

/** The step a URL selects. */
const stepOf = (page: Page) => new URL(page.url()).searchParams.get('step');

async function expectSelected(page: Page, n: number) {
  await expect(inspectorHeading(page, n)).toBeVisible();
  await expect(selectedRow(page)).toHaveAccessibleName(new RegExp(`^Step ${n}\\b`));
  await expect(selectedRow(page)).toBeInViewport();
}

test('a deep link to step 56 of a real Claude Code session shows its row and its bar, also after a reload', async ({
  page,
}) => {
  // Claude Code 2.1.1, 237 steps: step 56 is rows below the timeline's first screen.
  await page.goto('/?sample=claude-code-compacted&step=s56');
  await expectSelected(page, 56);
  await expect(selectedRow(page)).toHaveCount(1);
  const chart = page.getByRole('region', { name: 'Token chart' });
  await expect(chart.locator('[data-selected-step="s56"]')).toHaveCount(1);
  await expect(chart.getByRole('img')).toHaveAccessibleName(/selected: Step 56 /);
  await page.screenshot({ path: path.join(SHOTS, '30-deep-link-step-56.png') });
  await page.reload();
  await expectSelected(page, 56);
  await expect(chart.locator('[data-selected-step="s56"]')).toHaveCount(1);
  // The chart's axes say what they count.
  await expect(chart).toContainText('tokens per step');
  await expect(chart).toContainText('context tokens per call');
  // A click on a bar far away selects it, and the timeline follows it there.
  const plot = chart.getByRole('img');
  const box = (await plot.boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
  await page.mouse.click(box.x + box.width * 0.9, box.y + box.height - 4);
  await expect.poll(() => stepOf(page)).not.toBe('s56');
  const picked = Number(stepOf(page)?.slice(1));
  expect(picked).toBeGreaterThan(180);
  await expectSelected(page, picked);
});

test('the keyboard walks ten steps and back, the inspector and the URL following', async ({
  page,
}) => {
  await page.goto('/?sample=claude-code-compacted');
  await expect(timeline(page).getByText('Timeline · 237 steps')).toBeVisible();
  for (let i = 0; i < 10; i++) await page.keyboard.press('j');
  await expectSelected(page, 9);
  await expect(page).toHaveURL(/[?&]step=s9(&|$)/);
  await page.keyboard.press('k');
  await expectSelected(page, 8);
  await expect(page).toHaveURL(/[?&]step=s8(&|$)/);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expectSelected(page, 10);
  // Back walks the selection history (each step is a navigation), as Back in DevTools' panels.
  await page.goBack();
  await expectSelected(page, 9);
  // Esc clears the selection; Enter on a step without a sub-agent goes to its details.
  await page.keyboard.press('j');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Step inspector' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page).not.toHaveURL(/step=/);
  await expect(selectedRow(page)).toHaveCount(0);
  // Keys typed into a field are text, not shortcuts.
  await page.keyboard.press('/');
  const search = page.getByRole('region', { name: 'Step table' }).getByLabel('Search steps');
  await expect(search).toBeFocused();
  await expect(page).toHaveURL(/view=table/);
  await search.pressSequentially('jk');
  await expect(search).toHaveValue('jk');
  await expect(page).not.toHaveURL(/step=/);
});

test('in the table the keyboard walks the rows it shows: only the filtered ones', async ({
  page,
}) => {
  // The user's messages only: 11 of the 42 steps, with the model's turns between them.
  await page.goto('/?sample=tau-bench-airline-task3&view=table&kinds=task');
  const table = page.getByRole('region', { name: 'Step table' });
  await expect(table).toContainText('11 of 42 steps');
  const numbers = (await table.getByRole('row').allTextContents())
    .slice(1)
    .map((text) => Number(/^\d+/.exec(text)?.[0]));
  expect(numbers).toHaveLength(11);
  // Not the timeline's order: rows are skipped.
  expect((numbers[1] ?? 0) - (numbers[0] ?? 0)).toBeGreaterThan(1);
  for (const n of numbers) {
    await page.keyboard.press('j');
    await expect(inspectorHeading(page, n)).toBeVisible();
  }
  // At the last row the selection stays.
  await page.keyboard.press('j');
  await expect(inspectorHeading(page, numbers[10] ?? -1)).toBeVisible();
  await page.keyboard.press('k');
  await expect(inspectorHeading(page, numbers[9] ?? -1)).toBeVisible();
});

test('? lists every shortcut from the bindings table, and Esc closes it', async ({ page }) => {
  await page.goto('/?sample=tau-bench-airline-task3');
  await expect(timeline(page).getByText('Timeline · 42 steps')).toBeVisible();
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  for (const s of SHORTCUTS) await expect(dialog).toContainText(s.label);
  await page.screenshot({ path: path.join(SHOTS, '31-shortcuts.png') });
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});

test('Ctrl+K jumps to a run and to a step; the run picker searches every run', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Choose a history file').setInputFiles(RUNS);
  const picker = page.getByLabel('Run', { exact: true });
  await expect(picker.locator('option')).toHaveCount(115);
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette).toBeVisible();
  await palette.getByRole('combobox').fill('Run 43');
  await expect(palette.getByRole('option').first()).toContainText('Run 43');
  await page.screenshot({ path: path.join(SHOTS, '32-palette-run.png') });
  await page.keyboard.press('Enter');
  await expect(palette).toHaveCount(0);
  await expect(page).toHaveURL(/[?&]run=42(&|$)/);
  await expect(picker).toHaveValue('42');
  // A step of the run on screen, by its number.
  await page.keyboard.press('Control+k');
  await palette.getByRole('combobox').fill('Step 3');
  await expect(palette.getByRole('option').first()).toContainText('Step 3');
  await page.keyboard.press('Enter');
  await expectSelected(page, 3);
  // The run picker's search: by a run's outcome or id, across all 115 runs.
  await page.getByRole('button', { name: 'Find a run…' }).click();
  const search = page.getByRole('dialog', { name: 'Find a run' });
  await search.getByRole('combobox').fill('Run 108');
  await expect(search.getByRole('option').first()).toContainText('Run 108');
  await page.screenshot({ path: path.join(SHOTS, '33-run-search.png') });
  await search.getByRole('option').first().click();
  await expect(page).toHaveURL(/[?&]run=107(&|$)/);
  await expect(picker).toHaveValue('107');
});

test('Enter opens a sub-agent at its top with the breadcrumb in view; Esc comes back out', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto('/?sample=claude-code-subagent');
  await expect(timeline(page).getByText('Timeline · 3 steps')).toBeVisible();
  await timeline(page)
    .getByRole('button', { name: /^Step 1 / })
    .click();
  // From further down the page, as after reading a long inspector.
  await page.mouse.wheel(0, 600);
  // The wheel's scroll lands asynchronously: Enter comes once the page is further down, as a user's.
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await page.keyboard.press('Enter');
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs).toContainText('(sub-agent)');
  await expect(crumbs).toBeInViewport();
  await expect(page).toHaveURL(/[?&]sub=agent-a2271d1/);
  await expect(timeline(page).getByText('Timeline · 11 steps')).toBeVisible();
  // The sub-agent's list starts at its first step.
  expect(
    await timeline(page)
      .locator('ol')
      .evaluate((ol) => ol.parentElement?.scrollTop),
  ).toBe(0);
  await page.screenshot({ path: path.join(SHOTS, '34-sub-agent-by-keyboard.png') });
  // Nothing selected in the sub-agent: Esc goes back out, to the step that spawned it.
  await page.keyboard.press('Escape');
  await expect(crumbs).toHaveCount(0);
  await expectSelected(page, 1);
});

/** Opens the compare view's starter comparison and waits for its table. */
async function compareDefaults(page: Page) {
  await page.getByRole('tab', { name: 'Compare strategies' }).click();
  await page.getByRole('button', { name: 'Compare three framework defaults' }).click();
  await expect(page.getByRole('table', { name: 'Strategy summary' })).toBeVisible({
    timeout: 30_000,
  });
}

async function valueOf(select: Locator): Promise<string> {
  return (await select.textContent()) ?? '';
}

test('the tokenizer, dialect, compare model, goal and plan toggles survive a reload', async ({
  page,
}) => {
  await page.goto('/?sample=tau-bench-airline-task3');
  await expect(timeline(page).getByText('Timeline · 42 steps')).toBeVisible();
  await choose(page.getByLabel('Tokenizer'), 'cl100k_base');
  await timeline(page)
    .getByRole('button', { name: /^Step 6 / })
    .click();
  const inspector = page.getByRole('region', { name: 'Step inspector' });
  await choose(inspector.getByLabel('Dialect'), 'anthropic');
  await compareDefaults(page);
  await choose(page.getByLabel('Compare model'), 'gpt-4o-mini');
  const ranking = page.getByRole('region', { name: 'Ranking' });
  await choose(ranking.getByLabel('Ranking goal'), 'loss');
  await page.getByRole('tab', { name: 'Plan steps' }).click();
  const plan = page.getByRole('region', { name: 'Plan steps' });
  const step = plan.getByRole('listitem', { name: /^Plan step 1\.3\. / });
  await step.getByRole('button', { name: 'summary' }).click();
  await step.getByLabel(/^Expand .* at call$/).fill('25');
  await expect(step).toContainText('Expanded at call 25');
  await expect(page).toHaveURL(/tokenizer=cl100k_base/);
  await expect(page).toHaveURL(/dialect=anthropic/);
  await expect(page).toHaveURL(/model=gpt-4o-mini/);
  await expect(page).toHaveURL(/goal=loss/);
  await expect(page).toHaveURL(/plan=3%4025/);

  await page.reload();
  await expect(step.getByRole('button', { name: 'summary' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(step.getByLabel(/^Expand .* at call$/)).toHaveValue('25');
  expect(await valueOf(page.getByLabel('Tokenizer'))).toContain('cl100k');
  await page.getByRole('tab', { name: 'Compare strategies' }).click();
  expect(await valueOf(page.getByLabel('Compare model'))).toContain('GPT-4o mini');
  await expect(
    page.getByRole('region', { name: 'Ranking' }).getByLabel('Ranking goal'),
  ).toContainText('least information lost');
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await timeline(page)
    .getByRole('button', { name: /^Step 6 / })
    .click();
  await expect(
    page.getByRole('region', { name: 'Step inspector' }).getByLabel('Dialect'),
  ).toContainText(/Anthropic/i);
  // A link naming what Stepscope does not know says so, and the rest applies.
  await page.goto('/?sample=tau-bench-airline-task3&tokenizer=gpt-9&goal=loss');
  await expect(page.getByRole('status', { name: 'Link notice' })).toContainText(
    'unknown tokenizer "gpt-9"',
  );
  await expect(timeline(page).getByText('Timeline · 42 steps')).toBeVisible();
});

test('a saved comparison reopens on its run; the library reopens a file where it was left, under its new name', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByLabel('Choose a history file').setInputFiles(RUNS);
  await expect(page).toHaveURL(/[?&]open=[0-9a-f]{64}/);
  const picker = page.getByLabel('Run', { exact: true });
  await choose(picker, { index: 7 });
  await expect(page).toHaveURL(/[?&]run=7(&|$)/);
  await compareDefaults(page);
  await choose(
    page.getByRole('region', { name: 'Ranking' }).getByLabel('Ranking goal'),
    'overflow',
  );
  await page.getByLabel('Comparison name').fill('run 8 defaults');
  await page.getByRole('button', { name: 'Save in the library' }).click();
  await expect(
    page.getByRole('form', { name: 'Save this comparison' }).getByRole('status'),
  ).toContainText('Saved as “run 8 defaults”');
  // Somewhere else in the file: run 12, step 2.
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await choose(picker, { index: 11 });
  await expect(page).toHaveURL(/[?&]run=11(&|$)/);
  await timeline(page)
    .getByRole('button', { name: /^Step 2 / })
    .click();
  await expect(page).toHaveURL(/[?&]step=/);
  // The place is written a moment after it settles.
  await page.waitForTimeout(1_500);

  await page.goto('/library');
  const entries = page.getByRole('list', { name: 'Library entries' });
  await expect(entries).toContainText('reopens at run 12 · step');
  await expect(entries).toContainText('run 8 · saved');
  await page.getByRole('button', { name: /^Rename / }).click();
  await page.getByLabel(/^New name for/).fill('grok-3 airline runs');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(entries).toContainText('grok-3 airline runs');

  // The entry reopens where it was left (run 12, its step 2), under its library name.
  await page.getByRole('link', { name: 'grok-3 airline runs' }).click();
  await expect(picker).toHaveValue('11');
  await expect(inspectorHeading(page, 2)).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('grok-3 airline runs');

  // The saved comparison reopens on run 8, with the goal it was saved with.
  await page.goto('/library');
  await page.getByRole('link', { name: 'run 8 defaults' }).click();
  await expect(page.getByRole('table', { name: 'Strategy summary' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page).toHaveURL(/[?&]run=7(&|$)/);
  await expect(page).toHaveURL(/[?&]goal=overflow/);
  await expect(picker).toHaveValue('7');
  await expect(
    page.getByRole('region', { name: 'Ranking' }).getByLabel('Ranking goal'),
  ).toContainText('fewest calls over the window');
  await page.waitForTimeout(1_500);

  // The start page's recent files reopen where the user was last: run 8.
  await page.goto('/');
  await page.getByRole('button', { name: 'Reopen grok-3 airline runs' }).click();
  await expect(picker).toHaveValue('7');
  await expect(page.getByRole('banner')).toContainText('grok-3 airline runs');
});
