/// <reference lib="webworker" />
/** The history worker: reading, parsing, importing, token counting and keeping files in the library run here, off the page's thread. */
import { libraryOnce } from '../../lib/library/library';
import { createWorkerHandler } from '../../lib/worker/handle-request';
import { createGatherer, type WireMessage } from '../../lib/worker/wire';
import { runInSandbox } from '../compare/sandbox';
import { startCountHelpers } from './count-helpers';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const handle = createWorkerHandler(
  (message) => scope.postMessage(message),
  libraryOnce(),
  startCountHelpers(navigator.hardwareConcurrency || 2),
  // A load's counts wait for the page to draw its run, at most a second (a tab in the background
  // draws no frames).
  { drawnWait: 1_000 },
  // Custom functions over a fleet run in the same sandbox as on the page, a worker of its own.
  runInSandbox,
);
// A folder's files arrive in parts before their request (lib/worker/wire.ts).
const gather = createGatherer();
scope.onmessage = (event: MessageEvent<WireMessage>) => {
  const request = gather(event.data);
  if (request) void handle(request);
};
