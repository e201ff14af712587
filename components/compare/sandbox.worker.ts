/// <reference lib="webworker" />
/**
 * The sandbox for users' custom strategies: a worker of its own, with the network and every way to
 * load code or reach storage removed before the code is read; the page stops it after a time limit.
 * It sees only the steps it is given.
 */
import { runCustomCode } from '../../lib/compare/custom-run';
import type { Step } from '../../lib/model/types';

const scope = self as unknown as Record<string, unknown>;
for (const name of [
  'fetch',
  'XMLHttpRequest',
  'WebSocket',
  'WebSocketStream',
  'EventSource',
  'importScripts',
  'indexedDB',
  'caches',
  'BroadcastChannel',
  'Worker',
  'SharedWorker',
  'navigator',
  'WebTransport',
  'RTCPeerConnection',
]) {
  try {
    Object.defineProperty(scope, name, { value: undefined, writable: false, configurable: false });
  } catch {
    // Some are not configurable in some browsers; the rest still apply.
  }
}

self.onmessage = (
  event: MessageEvent<{
    code: string;
    steps: Step[];
    callIndices: number[];
    contextWindow: number;
  }>,
) => {
  const { code, steps, callIndices, contextWindow } = event.data;
  try {
    self.postMessage({ ok: true, output: runCustomCode(code, steps, callIndices, contextWindow) });
  } catch (error) {
    self.postMessage({
      ok: false,
      message: error instanceof Error ? error.message : String(error),
    });
  }
};
