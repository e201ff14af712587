/**
 * The library as a user meets it in Chromium: a picked file is kept, a reload and a second tab
 * reopen it from IndexedDB, the library page searches, renames, saves and reopens a comparison,
 * exports everything and imports it back after a delete; a browser restart (a persistent profile
 * closed and launched again) loses nothing; a window without storage says so and still opens files.
 */
import { chromium, expect, test, type Page } from '@playwright/test';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { choose } from './choose';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const TAU = path.resolve(
  HERE,
  '../test/fixtures/real/openai-chat/derived__tau-bench_gpt-4o-airline_task3_messages.json',
);
const CLAUDE = path.resolve(
  HERE,
  '../test/fixtures/real/anthropic-claude-code/cc_small_5ed31c36.jsonl',
);
const SHOTS = path.resolve(HERE, 'screenshots');

async function openFile(page: Page, file: string, steps: number) {
  await page.goto('/');
  await page.getByLabel('Choose a history file').setInputFiles(file);
  await expect(
    page.getByRole('region', { name: 'Timeline' }).getByText(`Timeline · ${steps} steps`),
  ).toBeVisible();
  // Kept in the library: the URL names the entry by its content hash.
  await expect(page).toHaveURL(/[?&]open=[0-9a-f]{64}/);
}

test('a picked file is kept: reload, a second tab, search, rename, a saved comparison, export, delete and import back', async ({
  page,
  context,
}) => {
  await openFile(page, TAU, 42);
  await openFile(page, CLAUDE, 4);
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Timeline' }).getByText('Timeline · 4 steps'),
  ).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('cc_small_5ed31c36.jsonl');

  // Save a comparison for the open file.
  await page.getByRole('tab', { name: 'Compare strategies' }).click();
  await page.getByRole('button', { name: 'Compare three framework defaults' }).click();
  await expect(page.getByRole('table', { name: 'Strategy summary' }).getByRole('row')).toHaveCount(
    5,
  );
  await page.getByLabel('Comparison name').fill('three defaults');
  await page.getByRole('button', { name: 'Save in the library' }).click();
  await expect(
    page.getByRole('form', { name: 'Save this comparison' }).getByRole('status'),
  ).toContainText('Saved as “three defaults” in the library.');

  // A second tab: the library page lists both files, newest first.
  const other = await context.newPage();
  await other.goto('/library');
  const entries = other.getByRole('list', { name: 'Library entries' });
  await expect(entries.locator('> li')).toHaveCount(2);
  await expect(other.getByText('2 of 2 histories')).toBeVisible();
  await expect(entries.locator('> li').first()).toContainText('cc_small_5ed31c36.jsonl');
  await other.getByLabel('Search the library').fill('openai');
  await expect(other.getByText('1 of 2 histories')).toBeVisible();
  await other.getByLabel('Search the library').fill('');
  await choose(other.getByLabel('Sort the library'), 'name');
  await expect(entries.locator('> li').first()).toContainText('cc_small_5ed31c36.jsonl');
  await other
    .getByRole('button', { name: 'Rename derived__tau-bench_gpt-4o-airline_task3_messages.json' })
    .click();
  await other.getByLabel(/^New name for/).fill('airline task 3');
  await other.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(entries).toContainText('airline task 3');
  await expect(
    other.getByRole('list', { name: 'Saved comparisons of cc_small_5ed31c36.jsonl' }),
  ).toContainText('three defaults');
  await other.screenshot({ path: path.join(SHOTS, '20-library.png'), fullPage: true });

  // The saved comparison reopens the file from the library with its strategies.
  await other.getByRole('link', { name: 'three defaults' }).click();
  await expect(other.getByRole('table', { name: 'Strategy summary' }).getByRole('row')).toHaveCount(
    5,
  );
  await expect(other.getByRole('banner')).toContainText('cc_small_5ed31c36.jsonl');

  // Export everything, delete an entry, import the export: it is back.
  await other.goto('/library');
  const download = other.waitForEvent('download');
  await other.getByRole('button', { name: 'Export all' }).click();
  const exported = await (await download).path();
  const text = readFileSync(exported ?? '', 'utf8');
  expect(JSON.parse(text)).toMatchObject({ format: 'stepscope-library', version: 1 });
  await other.getByRole('button', { name: 'Delete airline task 3' }).click();
  await other.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(other.getByText('1 of 1 history')).toBeVisible();
  await other.getByLabel('Import a library export').setInputFiles({
    name: 'library.json',
    mimeType: 'application/json',
    buffer: Buffer.from(text),
  });
  await expect(other.getByRole('status')).toContainText(
    'Imported 2 histories and 1 saved comparison from library.json.',
  );
  await expect(other.getByText('2 of 2 histories')).toBeVisible();
  // A damaged export is refused with what is wrong.
  await other.getByLabel('Import a library export').setInputFiles({
    name: 'cut.json',
    mimeType: 'application/json',
    buffer: Buffer.from(text.slice(0, 200)),
  });
  await expect(other.getByRole('alert', { name: 'Library error' })).toContainText(
    'cut.json: not a library export (the text is not JSON)',
  );

  // The start page lists the recent ones; one click reopens without the file.
  await page.goto('/');
  await page.getByRole('button', { name: 'Reopen airline task 3' }).click();
  await expect(
    page.getByRole('region', { name: 'Timeline' }).getByText('Timeline · 42 steps'),
  ).toBeVisible();
});

test('a browser restart loses nothing (a persistent profile closed and launched again)', async ({
  baseURL,
}, testInfo) => {
  const profile = mkdtempSync(path.join(tmpdir(), 'stepscope-profile-'));
  const launch = () =>
    chromium.launchPersistentContext(profile, {
      ...testInfo.project.use.launchOptions,
      baseURL: baseURL ?? '',
    });
  const first = await launch();
  const page = first.pages()[0] ?? (await first.newPage());
  await openFile(page, TAU, 42);
  const url = page.url();
  await first.close();
  const second = await launch();
  const again = second.pages()[0] ?? (await second.newPage());
  await again.goto(url);
  await expect(
    again.getByRole('region', { name: 'Timeline' }).getByText('Timeline · 42 steps'),
  ).toBeVisible();
  await again.goto('/library');
  await expect(again.getByText('1 of 1 history')).toBeVisible();
  await second.close();
});

test('without storage the library says why, and files still open', async ({ page }) => {
  await page.addInitScript(() => Object.defineProperty(window, 'indexedDB', { value: undefined }));
  await page.goto('/library');
  await expect(page.getByRole('alert', { name: 'Library error' })).toContainText(
    'This browser has no IndexedDB, so the library is not available here. Files still open; they are just not kept.',
  );
  await page.goto('/');
  await expect(page.getByText('The library is not available in this window')).toBeVisible();
  await page.getByLabel('Choose a history file').setInputFiles(TAU);
  await expect(
    page.getByRole('region', { name: 'Timeline' }).getByText('Timeline · 42 steps'),
  ).toBeVisible();
});

test('a full quota: the file opens, and a notice says it was not kept and why', async ({
  page,
  baseURL,
}) => {
  const cdp = await page.context().newCDPSession(page);
  await page.goto('/');
  await cdp.send('Storage.overrideQuotaForOrigin', {
    origin: new URL(baseURL ?? '').origin,
    quotaSize: 1024,
  });
  await page.getByLabel('Choose a history file').setInputFiles(TAU);
  await expect(
    page.getByRole('region', { name: 'Timeline' }).getByText('Timeline · 42 steps'),
  ).toBeVisible();
  const notice = page.getByRole('status', { name: 'Library notice' });
  await expect(notice).toContainText('Not kept in the library.');
  await expect(notice).toContainText(
    "The browser's storage for this site is full, so keeping derived__tau-bench_gpt-4o-airline_task3_messages.json in the library failed. Delete entries you no longer need from the library (or free disk space) and try again.",
  );
  await expect(page).not.toHaveURL(/open=/);
  // The file in hand keeps working.
  await page
    .getByRole('region', { name: 'Timeline' })
    .getByRole('button', { name: /^Step 6 Action/ })
    .click();
  await expect(page.getByRole('region', { name: 'Step inspector' })).toContainText(
    'get_user_details',
  );
});
