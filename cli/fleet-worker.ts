/** A worker thread of `compare --jobs N`: runs in, each run's comparison out (cli/fleet-pool.ts). */
import { parentPort, workerData } from 'node:worker_threads';
import { runComputer, type FleetItem, type FleetSettings } from './fleet-runs';

const compute = runComputer(workerData as FleetSettings);
parentPort?.on('message', (m: { i: number; item: FleetItem }) => {
  try {
    parentPort?.postMessage({ i: m.i, run: compute(m.item) });
  } catch (error) {
    parentPort?.postMessage({ i: m.i, error: (error as Error).message });
  }
});
// Loaded: runs are handed out from now on (the main thread computes those that come before).
parentPort?.postMessage({ ready: true });
