/**
 * The context at call k, readable and diffed, and the compare rows per call (issue 25 items 5 and
 * 6), on the bundled tau-bench run (30 model calls) with the three framework defaults.
 */
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
mkdirSync(SHOTS, { recursive: true });

const POLICY = '# Airline Agent Policy';

async function compareDefaults(page: Page) {
  await page.goto('/?sample=tau-bench-airline-task3');
  await page.getByRole('tab', { name: 'Compare strategies' }).click();
  await page.getByRole('button', { name: 'Compare three framework defaults' }).click();
  await expect(page.getByRole('table', { name: 'Strategy summary' }).getByRole('row')).toHaveCount(
    5,
  );
}

test('the context at call 1 is readable, the shared prefix shows once, later calls show what differs', async ({
  page,
}) => {
  await compareDefaults(page);
  const context = page.getByRole('region', { name: 'Context at call' });
  const slider = context.getByRole('slider', { name: 'Model call' });
  // The slider starts on call 1: no "pick a call" step.
  await expect(context).toContainText('Context at call 1 of 30');
  await expect(slider).toHaveValue('0');
  // Rendered messages: roles, real line breaks, no JSON and no \n escapes; the system prompt once.
  await expect(context).toContainText('Every strategy sends the same context at this call');
  await expect(context.getByText('system', { exact: true })).toHaveCount(1);
  await expect(context.getByText('user', { exact: true })).toHaveCount(1);
  const text = await context.innerText();
  expect(text).not.toContain('\\n');
  expect(text).not.toContain('"role"');
  expect(text.split(POLICY)).toHaveLength(2);
  expect(text).toContain('As an airline agent, you can help users book');

  // The last call: the shared prefix folded once, and the strategies side by side.
  await slider.focus();
  await page.keyboard.press('End');
  await expect(context).toContainText('Context at call 30 of 30');
  const shared = context.getByRole('button', {
    name: /^▸ Shared by all strategies: system prompt/,
  });
  await expect(shared).toHaveAttribute('aria-expanded', 'false');
  await expect(context.getByText(POLICY)).toHaveCount(0);
  await shared.click();
  await expect(context.getByText(POLICY)).toHaveCount(1);
  // tinyAgent's cut is marked where it was made; the strategies that kept the step say so.
  await expect(context.getByText(/✂ [\d,]+ characters cut/).first()).toBeVisible();
  await expect(context.getByText('kept here').first()).toBeVisible();
  await expect(context.getByText(/^truncated: result of get_user_details/).first()).toBeVisible();
  // Strands' window has dropped the first steps by then: a removed cell beside kept ones.
  await expect(context.getByText('removed', { exact: true }).first()).toBeVisible();
  await page.setViewportSize({ width: 1440, height: 900 });
  await context.screenshot({ path: path.join(SHOTS, 'context-call-30.png') });

  // Home goes back to call 1 from the keyboard.
  await slider.focus();
  await page.keyboard.press('Home');
  await expect(context).toContainText('Context at call 1 of 30');
  await page.keyboard.press('ArrowRight');
  await expect(context).toContainText('Context at call 2 of 30');
  // The JSON is still there for who wants the request as sent.
  await context.getByRole('button', { name: 'JSON', exact: true }).click();
  await expect(context.getByLabel('Messages for Truncate old observations')).toContainText(
    '"role"',
  );
});

test('the rows follow the call on screen, the charts mark it, and a click on a chart picks one', async ({
  page,
}) => {
  await compareDefaults(page);
  const context = page.getByRole('region', { name: 'Context at call' });
  const slider = context.getByRole('slider', { name: 'Model call' });
  const aligned = page.getByRole('region', { name: 'Aligned steps' });
  const charts = page.getByRole('region', { name: 'Comparison charts' });
  // Call 1: step 2 is the call itself, everything after it was not sent yet.
  await expect(aligned).toContainText('fate at call 1 (step 2)');
  await expect(aligned.getByRole('button', { name: /: this call \(step 2\)/ })).toHaveCount(3);
  await expect(aligned.getByRole('button', { name: /: not sent yet \(step 6\)/ })).toHaveCount(3);
  await expect(charts.getByText('call 1', { exact: true })).toBeVisible();
  // Call 11: step 2 is kept by every strategy, step 6 cut by tinyAgent only.
  await slider.fill('10');
  await expect(aligned).toContainText('fate at call 11');
  await expect(aligned.getByRole('button', { name: /: kept \(step 2\)/ })).toHaveCount(3);
  await expect(
    aligned.getByRole('button', { name: /^Truncate old observations: truncated \(step 6\)/ }),
  ).toHaveCount(1);
  await expect(charts.getByText('call 11', { exact: true })).toBeVisible();
  // The last call: Strands' window has removed step 2 since.
  await slider.focus();
  await page.keyboard.press('End');
  await expect(aligned).toContainText('fate at call 30');
  // The rows scroll to the call on screen (the last one); back to the top to read step 2.
  await aligned.locator('.overflow-auto').evaluate((el) => el.scrollTo(0, 0));
  await expect(
    aligned.getByRole('button', { name: /^Strands sliding window: removed \(step 2\)/ }),
  ).toHaveCount(1);
  await expect(charts.getByText('call 30', { exact: true })).toBeVisible();
  // tinyAgent's cut: the kept prefix, then the mark where it cut (never a character diff).
  await aligned
    .getByRole('button', { name: /^Truncate old observations: truncated \(step 6\)/ })
    .click();
  const cut = aligned.getByRole('group', { name: 'Truncation diff' });
  await expect(cut).toContainText('result of get_user_details');
  // seed 004 keeps the first 100 characters and appends "...": exactly those, then the mark.
  await expect(cut).toContainText('"address1": "825 Laurel Lane", "ad...✂ 948 characters cut');
  // A click on the context chart picks the call under the pointer.
  await charts.scrollIntoViewIfNeeded();
  const box = await charts.locator('.recharts-wrapper > svg.recharts-surface').boundingBox();
  if (!box) throw new Error('no chart');
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.5);
  await expect(charts.locator('.recharts-tooltip-wrapper')).toContainText('call');
  await page.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.5);
  await expect(context).not.toContainText('Context at call 30 of 30');
  await expect(aligned).not.toContainText('fate at call 30');
});

test('lost identifiers say what they are and go to the call that needed them; summaries are labelled stand-ins', async ({
  page,
}) => {
  await page.goto(
    '/?sample=tau-bench-airline-task3&view=compare&compare=keep-last-n-steps%7E%7B%22n%22%3A2%7D|summarizing-window%7E%7B%22triggerTokens%22%3A3000%7D',
  );
  const lost = page.getByRole('list', { name: 'Identifiers Keep last N steps lost' });
  await expect(lost).toContainText('reservation id');
  // Each identifier is named by what it is and where it was needed, never a bare number.
  const first = lost.getByRole('listitem').first();
  await expect(first).toContainText('from step');
  await expect(first).toContainText('needed at call');
  const go = lost.getByRole('button', { name: /^needed at call \d+ \(step \d+\): KA7I60$/ });
  const label = (await go.textContent()) ?? '';
  const call = /call (\d+)/.exec(label)?.[1];
  await go.click();
  const context = page.getByRole('region', { name: 'Context at call' });
  await expect(context).toContainText(`Context at call ${call} of 30`);
  // The summarizing window's summaries are Stepscope's extractive stand-ins, said where they show.
  await context.getByRole('slider', { name: 'Model call' }).press('End');
  await expect(context.getByText('extractive stand-in').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Warnings and exports' })).toContainText(
    'Extractive stand-in:',
  );
  const aligned = page.getByRole('region', { name: 'Aligned steps' });
  await aligned
    .getByRole('button', { name: 'Summarizing window (Strands): summarized' })
    .first()
    .click();
  await expect(aligned).toContainText('Extractive stand-in:');
});

test('at 1024 px the context and the rows scroll inside their own boxes', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await compareDefaults(page);
  const context = page.getByRole('region', { name: 'Context at call' });
  await context.getByRole('slider', { name: 'Model call' }).press('End');
  await expect(context).toContainText('Context at call 30 of 30');
  for (const region of [context, page.getByRole('region', { name: 'Aligned steps' })])
    expect(await region.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await context.screenshot({ path: path.join(SHOTS, 'context-call-30-1024.png') });
});
