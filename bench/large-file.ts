/**
 * `npm run bench:large`: reading a file of more than 100 MB the way the worker does. A real
 * smolagents benchmark JSONL (32 runs, 1.2 MB) is written 100 times over into one 119 MB file in the
 * system's temp folder; it is read in chunks with `readSource` (JSONL line by line, never the whole
 * text at once), imported, and the time and heap are reported. Real content only.
 */
import { openAsBlob, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readSource } from '../lib/import';
import { importSources } from '../lib/import/files';

const COPIES = Number(process.env.BENCH_COPIES ?? 100);
const source = readFileSync(
  new URL('../test/fixtures/real/smolagents/gpt-4o__code__gaia__2025-07-24.jsonl', import.meta.url),
  'utf8',
);
const file = path.join(os.tmpdir(), 'stepscope-large.jsonl');
const body = source.endsWith('\n') ? source : `${source}\n`;
writeFileSync(file, body.repeat(COPIES));
const mb = (n: number) => `${(n / 2 ** 20).toFixed(0)} MB`;

const blob = await openAsBlob(file);
global.gc?.();
const heapBefore = process.memoryUsage().heapUsed;
let peak = heapBefore;
const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 20);
const t0 = performance.now();
let progressEvents = 0;
const parsed = await readSource(blob, 'large.jsonl', () => progressEvents++);
const t1 = performance.now();
const imported = importSources([parsed]);
const t2 = performance.now();
clearInterval(sample);
peak = Math.max(peak, process.memoryUsage().heapUsed);
const steps = imported.histories.reduce((n, h) => n + h.steps.length, 0);
process.stdout.write(
  [
    `machine: ${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length}, Node ${process.version}`,
    `file: ${mb(blob.size)} JSONL, ${imported.histories.length} runs, ${steps} steps`,
    `read in chunks, line by line: ${(t1 - t0).toFixed(0)} ms (${(blob.size / 2 ** 20 / ((t1 - t0) / 1000)).toFixed(0)} MB/s), ${progressEvents} progress reports`,
    `import: ${(t2 - t1).toFixed(0)} ms`,
    `heap: ${mb(heapBefore)} before, ${mb(peak)} at the peak (${(peak / blob.size).toFixed(1)}× the file)`,
  ].join('\n') + '\n',
);
rmSync(file);
