/// <reference lib="webworker" />
/** The history worker: reading, parsing, importing, token counting and keeping files in the library run here, off the page's thread. */
import { openLibrary, type Library } from '../../lib/library/library';
import { createWorkerHandler } from '../../lib/worker/handle-request';
import type { WorkerRequest } from '../../lib/worker/protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;
let library: Promise<Library> | undefined;
// Opened once, on first use; a failure (private window, blocked) is retried on the next file.
const openOnce = () => {
  library ??= openLibrary().catch((error: unknown) => {
    library = undefined;
    throw error;
  });
  return library;
};
const handle = createWorkerHandler((message) => scope.postMessage(message), openOnce);
scope.onmessage = (event: MessageEvent<WorkerRequest>) => void handle(event.data);
