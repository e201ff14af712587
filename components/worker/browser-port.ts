/**
 * The history worker as a port for the client (lib/worker/client.ts): the Web Worker is created on
 * first use, or by `start` when the page mounts, so the worker and its counting helpers load the
 * tokenizers (3 MB of script) while the user picks a file (600 ms of the first paint otherwise).
 * Never created during server rendering: nothing here runs until a request or an effect.
 */
import type { WorkerPort } from '../../lib/worker/client';
import type { WorkerRequest, WorkerResponse } from '../../lib/worker/protocol';

export interface BrowserPort extends WorkerPort {
  /** Starts the worker now (idempotent). It lives as long as the page: it holds the open file. */
  start(): void;
}

export function createBrowserPort(
  onMessage: (message: WorkerResponse) => void,
  onError: (message: string) => void,
): BrowserPort {
  let worker: Worker | undefined;
  const start = () => {
    if (worker) return worker;
    const w = new Worker(new URL('./history.worker.ts', import.meta.url));
    w.onmessage = (event: MessageEvent<WorkerResponse>) => onMessage(event.data);
    w.onerror = (event) => onError(`The history worker failed: ${event.message}`);
    worker = w;
    return w;
  };
  return {
    postMessage: (request: WorkerRequest) => start().postMessage(request),
    start: () => void start(),
  };
}
