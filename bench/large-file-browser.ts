/**
 * `npm run bench:browser` (with the app served: `npm run build && npx next start -p 3000`): a
 * 114 MB JSONL (bench/large-file.ts's file) picked in Debian's Chromium. Reports the time until the
 * timeline shows, until exact counts arrive, and the main thread's longest task meanwhile (a
 * PerformanceObserver on "longtask"): the page must stay responsive while the worker reads.
 */
import { chromium } from '@playwright/test';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const BASE = process.env.BASE_URL ?? 'http://localhost:3000';
const source = readFileSync(
  new URL('../test/fixtures/real/smolagents/gpt-4o__code__gaia__2025-07-24.jsonl', import.meta.url),
  'utf8',
);
const file = path.join(os.tmpdir(), 'stepscope-large-browser.jsonl');
writeFileSync(file, (source.endsWith('\n') ? source : `${source}\n`).repeat(100));

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const page = await browser.newPage();
await page.goto(BASE);
await page.evaluate(() => {
  const w = window as unknown as { longest: number; tasks: number };
  w.longest = 0;
  w.tasks = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      w.longest = Math.max(w.longest, e.duration);
      w.tasks++;
    }
  }).observe({ type: 'longtask', buffered: false });
});
const t0 = Date.now();
await page.getByLabel('Choose a history file').setInputFiles(file);
await page.getByText(/Timeline · \d+ steps/).waitFor({ timeout: 600_000 });
const shown = Date.now() - t0;
await page
  .getByRole('region', { name: 'Timeline' })
  .getByText('tokens', { exact: true })
  .waitFor({ timeout: 600_000 });
const exact = Date.now() - t0;
const { longest, tasks } = await page.evaluate(() => {
  const w = window as unknown as { longest: number; tasks: number };
  return { longest: w.longest, tasks: w.tasks };
});
const heap = await page.evaluate(
  () =>
    (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0,
);
process.stdout.write(
  `114 MB JSONL (3,200 runs): timeline shown after ${shown} ms, exact counts after ${exact} ms; main thread: ${tasks} long tasks, the longest ${longest.toFixed(0)} ms; page heap ${(heap / 2 ** 20).toFixed(0)} MB\n`,
);
await browser.close();
rmSync(file);
