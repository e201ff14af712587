/**
 * Runs computed on `--jobs N` threads: the main thread and N-1 workers, each result handed on in
 * input order whatever order the threads finish in, as soon as every earlier one is in. The main
 * thread computes too (a worker costs its start-up: the TypeScript hooks, the core and the tokenizer's
 * ranks loaded again), taking the next run between the workers' messages; a worker is given runs
 * once it says it is loaded, so a fleet done before then waits for no worker, and two at a time,
 * so it never waits for the main thread (busy with a run of its own) to hand it the next.
 */
import type { Worker } from 'node:worker_threads';
import type { FleetRun } from '../lib/fleet/aggregate';
import { runComputer, type FleetItem, type FleetSettings } from './fleet-runs';
import { startTsWorker } from './ts-worker';

/** A worker thread computing runs, and what it said before it was given any. */
export interface FleetWorker {
  readonly worker: Worker;
  /** It has loaded (the TypeScript hooks, the core, the tokenizer's ranks) and takes runs. */
  ready: boolean;
  onReady?: () => void;
  /** It failed before it was given any run. */
  error?: unknown;
}

/**
 * `jobs - 1` workers, started before the fleet is read so that they load while the main thread
 * imports (about a second each on this machine, otherwise spent after the import, while the
 * main thread computes alone).
 */
export function startFleetWorkers(settings: FleetSettings, jobs: number): FleetWorker[] {
  return Array.from({ length: Math.max(0, jobs - 1) }, () => {
    const worker = startTsWorker(new URL('./fleet-worker.ts', import.meta.url), {
      workerData: settings,
    });
    // Unreferenced until runs are given to it: a command that fails before (a path it cannot
    // read, a results file that is not JSON) exits without waiting for it.
    worker.unref();
    const state: FleetWorker = { worker, ready: false };
    worker.on('message', (m: { ready?: true }) => {
      if (!m.ready) return;
      state.ready = true;
      state.onReady?.();
    });
    worker.on('error', (error) => {
      state.error ??= error;
    });
    return state;
  });
}

/**
 * `read()` while the workers load, stopping them when it fails: unreferenced as they are, a worker
 * still loading its module hooks held the process open after a command failed (`compare` of a
 * path it cannot read printed why, then never exited).
 */
export async function whileLoading<T>(
  workers: readonly FleetWorker[],
  read: () => Promise<T>,
): Promise<T> {
  try {
    return await read();
  } catch (error) {
    await Promise.all(workers.map((w) => w.worker.terminate()));
    throw error;
  }
}

/** Runs given to a worker ahead of its answers: it starts the next as soon as it answers one. */
const AHEAD = 2;

export async function computeInOrder(
  items: readonly FleetItem[],
  settings: FleetSettings,
  jobs: number,
  emit: (run: FleetRun) => void,
  started: readonly FleetWorker[] = startFleetWorkers(settings, Math.min(jobs, items.length)),
): Promise<void> {
  const compute = runComputer(settings);
  const threads = Math.max(1, Math.min(jobs, items.length));
  // Workers started for more runs than there are: not needed.
  const workers = started.slice(0, threads - 1);
  for (const w of started.slice(threads - 1)) void w.worker.terminate();
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
      for (const state of workers) {
        const w = state.worker;
        if (state.error !== undefined) return fail(state.error);
        w.ref();
        w.on('message', (m: { ready?: true; i: number; run?: FleetRun; error?: string }) => {
          if (m.ready) return;
          if (m.error !== undefined) return fail(new Error(m.error));
          store(m.i, m.run as FleetRun);
          feed(w);
        });
        w.on('error', fail);
        const start = () => {
          for (let k = 0; k < AHEAD; k++) feed(w);
        };
        if (state.ready) start();
        else state.onReady = start;
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
    for (const { worker } of started) {
      worker.unref();
      void worker.terminate();
    }
  }
}
