/**
 * The history worker as a port for the client (lib/worker/client.ts): the Web Worker is created on
 * first use, or by `start` when the page mounts, so the worker and its counting helpers load the
 * tokenizers (3 MB of script) while the user picks a file (600 ms of the first paint otherwise).
 * Never created during server rendering: nothing here runs until a request or an effect.
 *
 * Requests cross as lib/worker/wire.ts cuts them: a folder's files in parts, one part per task of
 * the page (a `MessageChannel` turn between them, not a timer, which the browser would hold back 4
 * ms each after the fifth), every message in the order it was sent.
 */
import type { WorkerPort } from '../../lib/worker/client';
import type { WorkerRequest, WorkerResponse } from '../../lib/worker/protocol';
import { toWire, type WireMessage } from '../../lib/worker/wire';

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
  const backlog: WireMessage[] = [];
  let sending = false;
  let turn: MessageChannel | undefined;
  const later = () => {
    if (!turn) {
      turn = new MessageChannel();
      turn.port1.onmessage = send;
    }
    turn.port2.postMessage(null);
  };
  // Everything waiting goes now, up to and including one part of files; the rest on a later task.
  function send() {
    const w = start();
    for (let next = backlog.shift(); next; next = backlog.shift()) {
      w.postMessage(next);
      if (next.type === 'files-part' && backlog.length > 0) return later();
    }
    sending = false;
  }
  return {
    postMessage: (request: WorkerRequest) => {
      backlog.push(...toWire(request));
      if (sending) return;
      sending = true;
      send();
    },
    start: () => void start(),
  };
}
