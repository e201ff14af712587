/**
 * The fleet in Chromium (issue 26's targets), against `next start` on the production build (built
 * first when missing or older than the sources): a fleet of 500 runs (~90 MB, bench/fleet-data.ts:
 * copies of the 30 real SWE-bench trajectories, each its own instance, with their results file)
 * picked through the folder input; time to the runs overview on screen with every row (≤ 5 s),
 * then eight presets compared over the fleet in the history worker, from the click to every run
 * compared (≤ 90 s), and the main thread's longest task over both (≤ 200 ms, a PerformanceObserver
 * on "longtask").
 */
import { chromium } from '@playwright/test';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM } from '../../e2e/chromium';
import { encodeChoices } from '../../lib/compare/config';
import { PRESETS } from '../../lib/compare/presets';
import { writeFleet } from '../fleet-data';
import { FLEET_PRESETS } from './fleet-cli';
import { ensureBuild, startServer } from '../lib/app-server';
import { type Row } from '../lib/harness';

// BENCH_PORT: helpers sharing the machine each serve on their own port.
const PORT = Number(process.env.BENCH_PORT ?? 3511);
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = 500;

// A string: the page runs it as written, whatever compiles the bench.
const WATCH = `(() => {
  window.longest = 0;
  window.tasks = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.longest = Math.max(window.longest, e.duration);
      window.tasks++;
    }
  }).observe({ type: 'longtask', buffered: false });
})()`;

export async function fleetBrowserSuite(): Promise<Row[]> {
  ensureBuild();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'stepscope-fleet-'));
  const folder = path.join(dir, 'fleet');
  const files = await writeFleet(folder, RUNS);
  const bytes = files.reduce((n, f) => n + statSync(f).size, 0);
  const mb = (bytes / 2 ** 20).toFixed(0);
  // The CLI row's eight (issue 13's framework presets), so the two rows time the same work.
  const choices = FLEET_PRESETS.map((id) => {
    const preset = PRESETS.find((p) => p.id === id);
    if (!preset) throw new Error(`no preset ${id}`);
    return preset.choice;
  });
  const server = await startServer(PORT);
  const browser = await chromium.launch(CHROMIUM);
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    // The eight presets chosen by the address, as a shared link chooses them for the next file.
    await page.goto(`${BASE}/?compare=${encodeURIComponent(encodeChoices(choices))}`);
    await page.getByLabel('Choose a history folder').waitFor({ state: 'attached' });
    await page.evaluate(WATCH);
    await page.waitForTimeout(500);
    const t0 = Date.now();
    await page.getByLabel('Choose a history folder').setInputFiles(folder);
    await page
      .locator(`[role=table][aria-label=Runs][aria-rowcount="${RUNS + 1}"]`)
      .waitFor({ timeout: 120_000 });
    const overview = Date.now() - t0;
    // The exact counts in (the comparison counts with them), then the eight over the fleet.
    await page
      .getByRole('region', { name: 'Runs overview' })
      .getByText(/of 500 runs$/)
      .waitFor({ timeout: 300_000 });
    const counted = Date.now() - t0;
    await page.getByRole('button', { name: 'Compare strategies over the fleet' }).click();
    const start = page.getByRole('button', { name: `Compare over ${RUNS} runs` });
    await start.waitFor();
    const t1 = Date.now();
    await start.click();
    await page.getByText(`Compared all ${RUNS} runs.`).waitFor({ timeout: 600_000 });
    const compared = Date.now() - t1;
    const { longest, tasks } = (await page.evaluate(
      '({ longest: window.longest, tasks: window.tasks })',
    )) as { longest: number; tasks: number };
    return [
      {
        id: 'fleet-browser-overview',
        what: `Chromium: pick a folder of ${RUNS} runs (${mb} MB) → runs overview with every row (exact counts after ${counted.toLocaleString('en-US')} ms)`,
        value: overview,
        unit: 'ms',
        target: { op: '<=', value: 5_000 },
      },
      {
        id: 'fleet-browser-compare',
        what: `Chromium: eight presets over the ${RUNS} runs in the history worker, click → every run compared`,
        value: compared,
        unit: 'ms',
        target: { op: '<=', value: 90_000 },
      },
      {
        id: 'fleet-browser-long-task',
        what: `Chromium: longest main-thread task over the pick and the comparison (${tasks} tasks over 50 ms)`,
        value: longest,
        unit: 'ms',
        target: { op: '<=', value: 200 },
      },
    ];
  } finally {
    await browser.close();
    if (server.pid) process.kill(-server.pid);
    rmSync(dir, { recursive: true, force: true });
  }
}
