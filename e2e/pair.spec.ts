/**
 * Issue 26 item 3 as a user meets it in Chromium: the GAIA code agent's 32 runs open on the runs
 * overview, "Pair with another fleet…" picks the tool-calling agent's folder, and the paired view
 * says which questions only one agent solves: the lists are checked against the runs' own records
 * (answer against true answer, run.py's exact match, whose counts the score files give), read here.
 * A task opens its run; the paired view's screenshots at 1440×900 and 1024×768, light and dark.
 */
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SHOTS = path.resolve(HERE, 'screenshots');
mkdirSync(SHOTS, { recursive: true });
const A = path.resolve(
  HERE,
  '../test/fixtures/real/smolagents/gpt-4o__code__gaia__2025-07-24.jsonl',
);
const B_DIR = path.resolve(HERE, '../test/fixtures/fleet-b/smolagents-gaia');
const B = path.join(B_DIR, 'gpt-4o__tool-calling__gaia__2025-07-24.jsonl');

/** Per question (its first line, cut at 80 as the app titles a run), solved by run.py's exact match. */
function verdicts(file: string): Map<string, boolean> {
  const normalize = (v: unknown) =>
    String(v ?? '')
      .trim()
      .toLowerCase()
      .replace(/\s+/g, ' ')
      .replace(/[.!?;,]+$/, '');
  const out = new Map<string, boolean>();
  for (const line of readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())) {
    const r = JSON.parse(line);
    const first = String(r.original_question ?? r.question)
      .split('\n')
      .find((l: string) => l.trim())
      ?.trim() as string;
    const task = first.length > 80 ? `${first.slice(0, 79)}…` : first;
    out.set(task, normalize(r.answer) === normalize(r.true_answer));
  }
  return out;
}

const scoreOf = (name: string) =>
  JSON.parse(readFileSync(path.join(B_DIR, name), 'utf8')).benchmarks.gaia.exact_matches;

async function openPaired(page: Page) {
  await page.goto('/');
  await page.getByLabel('Choose a history file').setInputFiles(A);
  await expect(page.getByRole('region', { name: 'Runs overview' })).toContainText('32 of 32 runs');
  await page.getByLabel("Pair with a fleet's folder").setInputFiles(B_DIR);
  await expect(page.getByRole('region', { name: 'Only A solves' })).toBeVisible({
    timeout: 60_000,
  });
}

test('pairs two fleets of one benchmark and reads which tasks only one solves', async ({
  page,
}) => {
  const a = verdicts(A);
  const b = verdicts(B);
  // The verdicts read here are the runs' own scores.
  expect([...a.values()].filter(Boolean).length).toBe(
    scoreOf('benchmark_scores_gpt-4o__code__2025-07-24.json'),
  );
  expect([...b.values()].filter(Boolean).length).toBe(
    scoreOf('benchmark_scores_gpt-4o__tool-calling__2025-07-24.json'),
  );
  const order = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  const onlyA = [...a.keys()].filter((t) => a.get(t) && b.has(t) && !b.get(t)).sort(order);
  const onlyB = [...b.keys()].filter((t) => b.get(t) && a.has(t) && !a.get(t)).sort(order);

  await openPaired(page);
  const listed = (name: string) =>
    page.getByRole('region', { name }).getByRole('listitem').allTextContents();
  expect(await listed('Only A solves')).toEqual(onlyA);
  expect(await listed('Only B solves')).toEqual(onlyB);
  const paired = page.getByRole('region', { name: 'Paired fleets' });
  await expect(paired).toContainText('smolagents-gaia');
  await expect(paired.getByRole('table', { name: 'Paired tasks' })).toHaveAttribute(
    'aria-rowcount',
    '33',
  );
  await expect(paired.getByRole('table', { name: 'Strategies on both fleets' })).toContainText(
    'tinyagent-last-5',
  );

  // A question only B solves opens B's run: B's file loads in A's place, on that run.
  const task = onlyB[0] as string;
  await page
    .getByRole('region', { name: 'Only B solves' })
    .getByRole('button', { name: task })
    .click();
  await expect(page.getByRole('region', { name: 'Timeline' })).toBeVisible({ timeout: 30_000 });
  const picker = page.getByRole('combobox', { name: 'Run', exact: true });
  await expect(picker).toBeVisible();
  expect(
    await picker.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent),
  ).toContain(task);
});

for (const colorScheme of ['light', 'dark'] as const)
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 1024, height: 768 },
  ])
    test(`screenshot of the paired view, ${colorScheme}, ${viewport.width}×${viewport.height}`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize(viewport);
      await openPaired(page);
      await page.getByRole('region', { name: 'Paired fleets' }).scrollIntoViewIfNeeded();
      await page.screenshot({
        path: path.join(SHOTS, `pair-${colorScheme}-${viewport.width}.png`),
        fullPage: true,
      });
    });
