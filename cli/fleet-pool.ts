/**
 * Runs computed on worker threads (`--jobs N`), each result handed on in input order whatever order
 * the threads finish in, as soon as every earlier one is in. One thread (or one run) computes on the
 * main thread: no worker start-up for nothing.
 */
import { Worker } from 'node:worker_threads';
import type { FleetRun } from '../lib/fleet/aggregate';
import { runComputer, type FleetItem, type FleetSettings } from './fleet-runs';

export async function computeInOrder(
  items: readonly FleetItem[],
  settings: FleetSettings,
  jobs: number,
  emit: (run: FleetRun) => void,
): Promise<void> {
  const threads = Math.max(1, Math.min(jobs, items.length));
  if (threads <= 1) {
    const compute = runComputer(settings);
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
  // The worker is TypeScript, as this file is, and a worker starts without the loader the main
  // thread runs under (`tsx cli/…`): a two-line module registers tsx's (resolved from here, wherever
  // the CLI is run from), then imports the worker.
  const boot = [
    `import { register } from ${JSON.stringify(import.meta.resolve('tsx/esm/api'))};`,
    'register();',
    `await import(${JSON.stringify(new URL('./fleet-worker.ts', import.meta.url).href)});`,
  ].join('\n');
  const url = new URL(`data:text/javascript,${encodeURIComponent(boot)}`);
  const workers = Array.from({ length: threads }, () => new Worker(url, { workerData: settings }));
  try {
    await new Promise<void>((resolve, reject) => {
      const feed = (w: Worker) => {
        if (next >= items.length) return;
        const i = next++;
        w.postMessage({ i, item: items[i] });
      };
      for (const w of workers) {
        w.on('message', (m: { i: number; run?: FleetRun; error?: string }) => {
          if (m.error !== undefined) {
            reject(new Error(m.error));
            return;
          }
          done.set(m.i, m.run as FleetRun);
          flush();
          if (flushed === items.length) resolve();
          else feed(w);
        });
        w.on('error', reject);
        feed(w);
      }
    });
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
