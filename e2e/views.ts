/**
 * Every view of the app, opened as a user reaches it, for the checks that walk them all: the
 * accessibility scan (a11y.spec.ts) and the review screenshots (screenshots.spec.ts). Each `open`
 * leaves the view settled: its data is on screen, not a "Comparing…" or "Replaying…" placeholder.
 */
import { expect, type Page } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FIXTURE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../test/fixtures/real/openai-chat/derived__tau-bench_gpt-4o-airline_task3_messages.json',
);

export interface AppView {
  /** A file-name-safe name, also the test's title. */
  readonly name: string;
  open(page: Page): Promise<void>;
}

const EXAMPLE = '/?sample=tau-bench-airline-task3';

/** The real tau-bench results file of 115 runs, for the runs overview. */
const RUNS = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../test/fixtures/real/openai-chat/tau-bench__tool-calling-grok-3.json',
);

/** A real SWE-bench submission's folder: 30 trajectories and the results file its evaluation wrote. */
const FLEET = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../test/fixtures/fleet/20251118_mini-v1.15.0_gemini-3-pro-preview',
);
/** Two real fleets of one benchmark: GAIA, gpt-4o as smolagents' CodeAgent and ToolCallingAgent. */
const GAIA_A = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../test/fixtures/real/smolagents/gpt-4o__code__gaia__2025-07-24.jsonl',
);
const GAIA_B = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../test/fixtures/fleet-b/smolagents-gaia',
);

async function openExample(page: Page, query = '') {
  await page.goto(`${EXAMPLE}${query}`);
  await expect(
    page
      .getByRole('region', { name: 'Run totals' })
      .getByText('1 system prompt · 11 user messages · 30 actions'),
  ).toBeVisible();
}

/** The compare view with the three framework presets, once their comparison is on screen. */
async function openCompare(page: Page) {
  await openExample(page, '&view=compare');
  await page.getByRole('button', { name: 'Compare three framework defaults' }).click();
  await expect(page.getByRole('table', { name: 'Strategy summary' }).getByRole('row')).toHaveCount(
    5,
  );
}

export const VIEWS: readonly AppView[] = [
  {
    name: 'start',
    open: async (page) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Open an agent history' })).toBeVisible();
    },
  },
  {
    name: 'timeline',
    // A step selected, so the inspector is on screen too.
    open: async (page) => {
      await openExample(page, '&step=m6');
      await expect(
        page
          .getByRole('region', { name: 'Step inspector' })
          .getByRole('heading', { name: 'Step 6' }),
      ).toBeVisible();
    },
  },
  {
    name: 'table',
    open: async (page) => {
      await openExample(page, '&view=table');
      await expect(page.getByRole('table').first()).toBeVisible();
    },
  },
  {
    name: 'usage',
    open: async (page) => {
      await openExample(page, '&view=usage');
      await expect(page.getByRole('tab', { name: 'Usage & cost', selected: true })).toBeVisible();
    },
  },
  {
    name: 'compare',
    open: openCompare,
  },
  {
    name: 'compare-context-at-call',
    // The context at a call, further down the compare view, scrolled to.
    open: async (page) => {
      await openCompare(page);
      const context = page.getByRole('region', { name: 'Context at call' });
      await context.scrollIntoViewIfNeeded();
      await context.getByLabel('Model call').fill('10');
      await expect(context).toContainText('Context at call 11 of 30');
    },
  },
  {
    name: 'plan',
    open: async (page) => {
      await openExample(page, '&view=plan');
      await expect(page.getByText(/^Peak context pressure/)).toBeVisible();
    },
  },
  {
    name: 'sub-agent',
    open: async (page) => {
      await page.goto('/?sample=claude-code-subagent&sub=agent-a2271d1');
      await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Timeline' })).toBeVisible();
    },
  },
  {
    name: 'help',
    // "What these numbers mean", from the header.
    open: async (page) => {
      await openExample(page);
      await page.getByRole('link', { name: 'What the numbers mean' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('What these numbers mean');
    },
  },
  {
    name: 'shortcuts',
    // The ? dialog over the timeline.
    open: async (page) => {
      await openExample(page);
      await page.keyboard.press('?');
      await expect(page.getByRole('dialog')).toContainText('Ctrl K');
    },
  },
  {
    name: 'runs',
    // A file of many runs opens on the overview; settled once the exact counts replace the estimate.
    open: async (page) => {
      await page.goto('/');
      await page.getByLabel('Choose a history file').setInputFiles(RUNS);
      const overview = page.getByRole('region', { name: 'Runs overview' });
      await expect(overview).toContainText('115 of 115 runs');
      await expect(overview).not.toContainText('≈', { timeout: 30_000 });
    },
  },
  {
    name: 'fleet-compare',
    // Three framework presets compared over a folder of 30 runs, once every run is in.
    open: async (page) => {
      await page.goto('/');
      await page.getByLabel('Choose a history folder').setInputFiles(FLEET);
      await expect(page.getByRole('table', { name: 'Runs' })).toHaveAttribute(
        'aria-rowcount',
        '31',
      );
      await page.getByRole('button', { name: 'Compare strategies over the fleet' }).click();
      await page.getByRole('button', { name: 'Three framework defaults' }).click();
      await page.getByRole('button', { name: 'Compare over 30 runs' }).click();
      await expect(page.getByText('Compared all 30 runs.')).toBeVisible({ timeout: 60_000 });
    },
  },
  {
    name: 'pair',
    // The GAIA code agent's runs paired with the tool-calling agent's folder (e2e/pair.spec.ts).
    open: async (page) => {
      await page.goto('/');
      await page.getByLabel('Choose a history file').setInputFiles(GAIA_A);
      await expect(page.getByRole('region', { name: 'Runs overview' })).toContainText(
        '32 of 32 runs',
      );
      await page.getByLabel("Pair with a fleet's folder").setInputFiles(GAIA_B);
      await expect(page.getByRole('region', { name: 'Only A solves' })).toBeVisible({
        timeout: 60_000,
      });
      await expect(page.getByRole('region', { name: 'Paired fleets' })).not.toContainText(
        'comparing',
      );
    },
  },
  {
    name: 'library',
    // A file opened first (bundled examples are not kept), so the library lists it.
    open: async (page) => {
      await page.goto('/');
      await page.getByLabel('Choose a history file').setInputFiles(FIXTURE);
      await expect(page).toHaveURL(/[?&]open=[0-9a-f]{64}/);
      await page.goto('/library');
      await expect(page.getByRole('list', { name: 'Library entries' })).toBeVisible();
    },
  },
];
