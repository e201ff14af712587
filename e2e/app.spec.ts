/** The app as a user meets it, in real Chromium, on real files from test/fixtures/real (copied from ../shared/fixtures). */
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { choose } from './choose';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const FIXTURES = path.resolve(HERE, '../test/fixtures/real');
const SHOTS = path.resolve(HERE, 'screenshots');
mkdirSync(SHOTS, { recursive: true });

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });

test('loads the bundled example from the URL, with exact counts, chart, timeline and totals', async ({
  page,
}) => {
  await page.goto('/?sample=tau-bench-airline-task3');
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByText('Timeline · 42 steps')).toBeVisible();
  // Exact counts replace the first estimate.
  await expect(timeline.getByText('tokens', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Token chart' })).toBeVisible();
  const totals = page.getByRole('region', { name: 'Run totals' });
  await expect(totals).toContainText('1 system prompt · 11 user messages · 30 actions');
  await expect(totals).toContainText('20');
  await shot(page, '01-example-loaded');
});

test('clicking a step opens its inspector, and the URL brings it back after a reload', async ({
  page,
}) => {
  await page.goto('/?sample=tau-bench-airline-task3');
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await timeline.getByRole('button', { name: /^Step 6 Action/ }).click();
  const inspector = page.getByRole('region', { name: 'Step inspector' });
  await expect(inspector.getByRole('heading', { name: 'Step 6' })).toBeVisible();
  await expect(inspector).toContainText('Tool calls (1)');
  await expect(inspector).toContainText('get_user_details');
  await inspector.getByText('Arguments', { exact: true }).click();
  const args = inspector.getByRole('tree', { name: 'Arguments of get_user_details' });
  await expect(args.getByRole('treeitem').filter({ hasText: 'user_id' }).last()).toContainText(
    'user_id: "sofia_kim_7287"',
  );
  await choose(inspector.getByLabel('Dialect'), 'anthropic');
  await inspector.getByRole('button', { name: 'JSON' }).click();
  await expect(inspector.getByLabel('Messages')).toContainText('"type": "tool_use"');
  await shot(page, '02-step-inspector');
  // The step's record exactly as the file holds it, from the worker.
  await inspector.getByText('Original record in the file').click();
  await expect(inspector.getByLabel('Original record')).toContainText('"name": "get_user_details"');
  await expect(page).toHaveURL(/step=m6/);
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Step inspector' }).getByRole('heading', { name: 'Step 6' }),
  ).toBeVisible();
});

test('uploads a real fixture through the file input', async ({ page }) => {
  await page.goto('/');
  await page
    .getByLabel('Choose a history file')
    .setInputFiles(
      path.join(FIXTURES, 'openai-chat/derived__tau-bench_gpt-4o-airline_task3_messages.json'),
    );
  await expect(
    page.getByRole('region', { name: 'Timeline' }).getByText('Timeline · 42 steps'),
  ).toBeVisible();
  await expect(page.getByRole('banner')).toContainText(
    'derived__tau-bench_gpt-4o-airline_task3_messages.json',
  );
  // Loaded from the landing page: the same worker answers record lookups.
  await page
    .getByRole('region', { name: 'Timeline' })
    .getByRole('button', { name: /^Step 1 User/ })
    .click();
  await page
    .getByRole('region', { name: 'Step inspector' })
    .getByText('Original record in the file')
    .click();
  await expect(
    page.getByRole('region', { name: 'Step inspector' }).getByLabel('Original record'),
  ).toContainText('"role": "user"');
  // The chart's window follows the chosen model.
  await choose(page.getByRole('region', { name: 'Token chart' }).getByLabel('Model'), 'gpt-4');
  await expect(page.getByRole('region', { name: 'Token chart' })).toContainText(
    'GPT-4 (8k) window 8,192',
  );
});

test('a malformed file shows where it is wrong, and the app keeps working', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Choose a history file').setInputFiles({
    name: 'broken.json',
    mimeType: 'application/json',
    buffer: Buffer.from('[{"role": "user", "content": "hi"},\n {"role": '),
  });
  await expect(page.getByRole('alert', { name: 'File error' })).toContainText(
    'broken.json: invalid JSON at line 2, column 11: the text ends early (truncated file?)',
  );
  await shot(page, '03-malformed-file');
  await page.getByRole('button', { name: 'Load example: tau-bench airline task' }).click();
  await expect(
    page.getByRole('region', { name: 'Timeline' }).getByText('Timeline · 42 steps'),
  ).toBeVisible();
  await expect(page.getByRole('alert', { name: 'File error' })).toHaveCount(0);
  // A bad file after a good one keeps the good one on screen.
  await page.getByLabel('Open another history file').setInputFiles({
    name: 'other.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"not": "a history"}'),
  });
  await expect(page.getByRole('alert', { name: 'File error' })).toContainText(
    'other.json: not a format Stepscope reads',
  );
  await expect(
    page.getByRole('region', { name: 'Timeline' }).getByText('Timeline · 42 steps'),
  ).toBeVisible();
});

test('user content is rendered as text, never as HTML', async ({ page }) => {
  await page.goto('/');
  const hostile = JSON.stringify([
    { role: 'system', content: '<img src=x onerror="window.__pwned=1"><b>bold?</b>' },
    { role: 'user', content: 'hi' },
  ]);
  await page.getByLabel('History JSON').fill(hostile);
  await page.getByRole('button', { name: 'Open pasted JSON' }).click();
  await page
    .getByRole('region', { name: 'Timeline' })
    .getByRole('button', { name: /^Step 0 System/ })
    .click();
  await expect(
    page.getByRole('region', { name: 'Step inspector' }).getByLabel('System prompt'),
  ).toContainText('<img src=x onerror=');
  expect(
    await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned),
  ).toBeUndefined();
});

test('switching the tokenizer recounts in the worker', async ({ page }) => {
  await page.goto('/?sample=tau-bench-airline-task3');
  const totals = page.getByRole('region', { name: 'Run totals' });
  await expect(
    page.getByRole('region', { name: 'Timeline' }).getByText('tokens', { exact: true }),
  ).toBeVisible();
  const before = await totals.textContent();
  await choose(page.getByLabel('Tokenizer'), 'heuristic');
  await expect(
    page.getByRole('region', { name: 'Timeline' }).getByText('tokens', { exact: true }),
  ).toBeVisible();
  await expect.poll(async () => totals.textContent()).not.toBe(before);
});

test('the step table filters by kind, tool, range and text, sorts, and keeps its filters in the URL', async ({
  page,
}) => {
  await page.goto('/?sample=tau-bench-airline-task3');
  await page.getByRole('tab', { name: 'Table' }).click();
  const table = page.getByRole('region', { name: 'Step table' });
  await expect(table).toContainText('42 of 42 steps');
  await table.getByRole('group', { name: 'Kinds' }).getByText('User').click();
  await expect(table).toContainText('11 of 42 steps');
  await table.getByRole('group', { name: 'Kinds' }).getByText('User').click();
  await choose(table.getByLabel('Tool'), 'get_reservation_details');
  const count = Number((await table.getByText(/of 42 steps/).textContent())?.split(' ')[0]);
  expect(count).toBeGreaterThan(5);
  // Steps 7 to 11 of this run are all get_reservation_details calls (see the timeline).
  await table.getByLabel('From step').fill('7');
  await table.getByLabel('To step').fill('11');
  await expect(table.getByRole('row').filter({ hasText: 'get_reservation_details' })).toHaveCount(
    5,
  );
  // Numeric columns sort largest first, then smallest first.
  await table.getByRole('button', { name: 'Tokens' }).click();
  await expect(table.getByRole('columnheader', { name: /Tokens/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  const tokenCells = async () => {
    const rows = table.getByRole('row').filter({ hasText: 'get_reservation_details' });
    const values: number[] = [];
    for (let i = 0; i < (await rows.count()); i++)
      values.push(
        Number((await rows.nth(i).getByRole('cell').nth(3).textContent())?.replace(/,/g, '')),
      );
    return values;
  };
  const descending = await tokenCells();
  expect(descending).toHaveLength(5);
  expect(descending).toEqual([...descending].sort((a, b) => b - a));
  await table.getByRole('button', { name: /Tokens/ }).click();
  await expect(table.getByRole('columnheader', { name: /Tokens/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await table.getByRole('button', { name: /Tokens/ }).click();
  await expect(table.getByRole('columnheader', { name: /Tokens/ })).not.toHaveAttribute(
    'aria-sort',
  );
  await shot(page, '04-step-table');
  await expect(page).toHaveURL(/view=table/);
  await expect(page).toHaveURL(/tool=get_reservation_details/);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Step table' })).toContainText('5 of 42 steps');
  await page
    .getByRole('region', { name: 'Step table' })
    .getByLabel('Search steps')
    .fill('no such text anywhere');
  await expect(page.getByRole('region', { name: 'Step table' })).toContainText(
    'No step matches these filters.',
  );
});

test('a file of many runs opens a run picker; each run has its own timeline', async ({ page }) => {
  await page.goto('/');
  await page
    .getByLabel('Choose a history file')
    .setInputFiles(path.join(FIXTURES, 'openai-chat/tau-bench__tool-calling-grok-3.json'));
  const picker = page.getByLabel('Run', { exact: true });
  await expect(picker.locator('option')).toHaveCount(115);
  await expect(page.getByRole('banner')).toContainText('tau-bench-runs · 115 runs');
  // A file of many runs opens on its overview (issue 26); the picker opens a run from there.
  await expect(page.getByRole('region', { name: 'Runs overview' })).toContainText(
    '115 of 115 runs',
  );
  await choose(picker, { index: 0 });
  const first = await page
    .getByRole('region', { name: 'Timeline' })
    .locator('header')
    .textContent();
  await choose(picker, { index: 7 });
  await expect(page).toHaveURL(/run=7/);
  await expect
    .poll(async () =>
      page.getByRole('region', { name: 'Timeline' }).locator('header').textContent(),
    )
    .not.toBe(first);
  await shot(page, '05-run-picker');
  // The worker holds the file and sends the run on screen: a reload (the file is in the library)
  // comes back to run 8 and its step, which arrive after the first run. Its header is read once
  // the exact counts are in (before, it says "estimate", which a reload may or may not show).
  await expect(page.getByRole('region', { name: 'Timeline' }).locator('header')).not.toContainText(
    'estimate',
  );
  const eighth = await page
    .getByRole('region', { name: 'Timeline' })
    .locator('header')
    .textContent();
  await page
    .getByRole('region', { name: 'Timeline' })
    .getByRole('button', { name: /^Step 2 / })
    .click();
  await expect(page).toHaveURL(/open=[0-9a-f]{64}.*run=7.*step=/);
  await page.reload();
  await expect(picker).toHaveValue('7');
  await expect(page.getByRole('region', { name: 'Timeline' }).locator('header')).toHaveText(
    eighth ?? '',
  );
  await expect(
    page.getByRole('region', { name: 'Step inspector' }).getByRole('heading', { name: 'Step 2' }),
  ).toBeVisible();
  await page.goBack();
  await expect(page).not.toHaveURL(/step=/);
  await expect(picker).toHaveValue('7');
});

test('a file of thousands of runs lists the runs around the current one, and a run number reaches any', async ({
  page,
}) => {
  // The real 115-run file four times over: 460 runs.
  const runs = JSON.parse(
    readFileSync(path.join(FIXTURES, 'openai-chat/tau-bench__tool-calling-grok-3.json'), 'utf8'),
  ) as unknown[];
  await page.goto('/');
  await page.getByLabel('Choose a history file').setInputFiles({
    name: 'many.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify([...runs, ...runs, ...runs, ...runs])),
  });
  await expect(page.getByRole('banner')).toContainText('460 runs');
  const picker = page.getByLabel('Run', { exact: true });
  await expect(picker.locator('option:not([disabled])')).toHaveCount(200);
  await page.getByLabel('Go to run').fill('450');
  await page.getByLabel('Go to run').press('Enter');
  await expect(page).toHaveURL(/run=449/);
  await expect(picker).toHaveValue('449');
  await expect(picker.locator('option[disabled]').first()).toContainText('260 earlier runs');
});

test('opens a sub-agent from the step that spawned it, and comes back through the breadcrumb', async ({
  page,
}) => {
  // A real Claude Code session folder: the main transcript and subagents/agent-a2271d1.jsonl.
  await page.goto('/');
  await page
    .getByLabel('Choose a history folder')
    .setInputFiles(path.join(FIXTURES, 'anthropic-claude-code/cc_claude_p_29ccd257'));
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByText('Timeline · 3 steps')).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('cc_claude_p_29ccd257');
  await expect(timeline.getByText('⤷ sub-agent')).toHaveCount(1);
  await timeline.getByRole('button', { name: /^Step 1 / }).click();
  await expect(page.getByRole('region', { name: 'Step inspector' })).toContainText('Task');
  await page
    .getByRole('button', { name: 'Open sub-agent: Task: Explore codebase structure' })
    .click();
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs).toContainText('Use the Explore task in sub-agents');
  await expect(crumbs).toContainText('Task: Explore codebase structure (sub-agent)');
  await expect(timeline.getByText('Timeline · 11 steps')).toBeVisible();
  await expect(page).toHaveURL(/sub=agent-a2271d1/);
  await shot(page, '06-sub-agent');
  // The sub-agent's original record comes from its own file inside the folder.
  await timeline.getByRole('button', { name: /^Step 0 User/ }).click();
  await page
    .getByRole('region', { name: 'Step inspector' })
    .getByText('Original record in the file')
    .click();
  await expect(
    page.getByRole('region', { name: 'Step inspector' }).getByLabel('Original record'),
  ).toContainText('"agentId": "a2271d1"');
  await crumbs.getByRole('button', { name: /Use the Explore task/ }).click();
  await expect(crumbs).toHaveCount(0);
  await expect(timeline.getByText('Timeline · 3 steps')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Step inspector' }).getByRole('heading', { name: 'Step 1' }),
  ).toBeVisible();
});

test('several files at once become one list of runs; a broken one is named and the rest load', async ({
  page,
}) => {
  await page.goto('/');
  const real = (file: string) => ({
    name: path.basename(file),
    mimeType: 'application/json',
    buffer: readFileSync(path.join(FIXTURES, file)),
  });
  await page
    .getByLabel('Choose a history file')
    .setInputFiles([
      real('openai-chat/derived__tau-bench_gpt-4o-airline_task3_messages.json'),
      real('openai-chat/tau-bench__tool-calling-grok-3.json'),
      { name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{"role": ') },
    ]);
  await expect(page.getByRole('banner')).toContainText('2 of 3 files');
  await expect(page.getByLabel('Run', { exact: true }).locator('option')).toHaveCount(116);
  await expect(page.getByRole('alert', { name: 'File error' })).toContainText(
    'broken.json: invalid JSON',
  );
  await choose(page.getByLabel('Run', { exact: true }), { index: 3 });
  await page
    .getByRole('region', { name: 'Timeline' })
    .getByRole('button', { name: /^Step 1 User/ })
    .click();
  await page
    .getByRole('region', { name: 'Step inspector' })
    .getByText('Original record in the file')
    .click();
  await expect(
    page.getByRole('region', { name: 'Step inspector' }).getByLabel('Original record'),
  ).toContainText('"role": "user"');
  await expect(page.getByRole('region', { name: 'Step inspector' })).toContainText(
    'tau-bench__tool-calling-grok-3.json /2/traj/1',
  );
});

test('back and forward walk through the steps, views and runs the user opened', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Load example: tau-bench airline task' }).click();
  await expect(page).toHaveURL(/sample=tau-bench-airline-task3/);
  const timeline = page.getByRole('region', { name: 'Timeline' });
  const heading = page
    .getByRole('region', { name: 'Step inspector' })
    .getByRole('heading', { level: 2 });
  await timeline.getByRole('button', { name: /^Step 6 / }).click();
  await timeline.getByRole('button', { name: /^Step 9 / }).click();
  await page.getByRole('tab', { name: 'Table' }).click();
  await expect(page.getByRole('region', { name: 'Step table' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('region', { name: 'Timeline' })).toBeVisible();
  await expect(heading).toHaveText('Step 9');
  await page.goBack();
  await expect(heading).toHaveText('Step 6');
  await page.goForward();
  await expect(heading).toHaveText('Step 9');
});

test('the view tabs follow the keyboard (arrow keys, Home, End) and label their panel', async ({
  page,
}) => {
  await page.goto('/?sample=tau-bench-airline-task3');
  await expect(
    page.getByRole('region', { name: 'Timeline' }).getByText('Timeline · 42 steps'),
  ).toBeVisible();
  const tabs = page.getByRole('tablist', { name: 'Step views' });
  await tabs.getByRole('tab', { name: 'Timeline' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'Table', exact: true })).toBeFocused();
  await expect(tabs.getByRole('tab', { name: 'Table', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('tabpanel', { name: 'Table' })).toBeVisible();
  await expect(page).toHaveURL(/view=table/);
  await page.keyboard.press('End');
  await expect(tabs.getByRole('tab', { name: 'Plan steps' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'Timeline' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  // Only the selected tab is in the tab order.
  await expect(tabs.locator('[tabindex="0"]')).toHaveCount(1);
  await page.goBack();
  await expect(tabs.getByRole('tab', { name: 'Plan steps' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
});
