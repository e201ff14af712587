/**
 * Runs computed on `--jobs N` threads: the main thread and N-1 workers, each result handed on in
 * input order whatever order the threads finish in, as soon as every earlier one is in. The main
 * thread computes too (a worker costs its start-up: tsx's loader, the core and the tokenizer's
 * ranks loaded again), taking the next run between the workers' messages; a worker is given runs
 * once it says it is loaded, so a fleet done before then waits for no worker.
 */
import type { Worker } from 'node:worker_threads';
import type { FleetRun } from '../lib/fleet/aggregate';
import { runComputer, type FleetItem, type FleetSettings } from './fleet-runs';
import { startTsWorker } from './ts-worker';

/** A worker thread computing runs, TypeScript as this file is. */
const startWorker = (settings: FleetSettings) =>
  startTsWorker(new URL('./fleet-worker.ts', import.meta.url), { workerData: settings });

export async function computeInOrder(
  items: readonly FleetItem[],
  settings: FleetSettings,
  jobs: number,
  emit: (run: FleetRun) => void,
): Promise<void> {
  const compute = runComputer(settings);
  const threads = Math.max(1, Math.min(jobs, items.length));
  if (threads <= 1) {
    for (const item of items) emit(compute(item));
    return;
  }
  const done = new Map<number, FleetRun>();
  let flushed = 0;
  let next = 0;
  const flush = () => {
    while (done.has(flushed)) {
      emit(done.get(flushed) as FleetRun);
      done.delete(flushed);
      flushed++;
    }
  };
  const workers = Array.from({ length: threads - 1 }, () => startWorker(settings));
  try {
    await new Promise<void>((resolve, reject) => {
      let failed = false;
      const fail = (error: unknown) => {
        failed = true;
        reject(error);
      };
      const store = (i: number, run: FleetRun) => {
        done.set(i, run);
        flush();
        if (flushed === items.length) resolve();
      };
      const feed = (w: Worker) => {
        if (next >= items.length || failed) return;
        const i = next++;
        w.postMessage({ i, item: items[i] });
      };
      for (const w of workers) {
        w.on('message', (m: { ready?: true; i: number; run?: FleetRun; error?: string }) => {
          if (m.error !== undefined) return fail(new Error(m.error));
          if (!m.ready) store(m.i, m.run as FleetRun);
          feed(w);
        });
        w.on('error', fail);
      }
      // The main thread's share: one run at a time, yielding to the workers' messages in between.
      // STEPSCOPE_WORKERS_ONLY=1 leaves every run to the workers (the test that they agree with one thread).
      const own = () => {
        if (next >= items.length || failed || process.env.STEPSCOPE_WORKERS_ONLY === '1') return;
        const i = next++;
        try {
          store(i, compute(items[i] as FleetItem));
        } catch (error) {
          return fail(error);
        }
        setImmediate(own);
      };
      setImmediate(own);
    });
  } finally {
    // Not waited for: a worker still loading would hold the answer back for nothing.
    for (const w of workers) {
      w.unref();
      void w.terminate();
    }
  }
}
