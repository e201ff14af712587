/**
 * What one page of the app runs on, made once per page (zustand's Next.js guide: no module-level
 * store): the debugger store, the history worker's client and the loader that feeds the store, and
 * the query cache that keeps the worker's answers by key. They refer to one another, so they are
 * made together: the store asks the client for runs, the client hands streamed messages to the
 * loader, the loader drops the cache when a new file is on screen. A library entry reopened
 * without a link saying where (the start page's recent files) goes back to where the user was in it.
 */
import { QueryClient } from '@tanstack/react-query';
import type { Library } from '../../lib/library/library';
import { createDebuggerStore, type DebuggerStore } from '../../lib/state/debugger-store';
import { createWorkerClient, type WorkerClient, type WorkerPort } from '../../lib/worker/client';
import type { WorkerResponse } from '../../lib/worker/protocol';
import { pageLibrary } from '../library/use-library';
import { createLoader, type At, type Loader } from '../worker/loader';
import { createProgress, type Progress } from '../worker/progress';

export interface AppRuntime {
  readonly store: DebuggerStore;
  readonly client: WorkerClient;
  readonly loader: Loader;
  readonly queries: QueryClient;
  /** Progress of the asks that report it (sweeps), by query key. */
  readonly progress: Progress;
  /** Starts the worker ahead of the first request (the page mounted). */
  start(): void;
}

/** Makes the port the client talks through: a Web Worker in the browser, the dispatcher in tests. */
export type ConnectPort = (
  onMessage: (message: WorkerResponse) => void,
  onError: (message: string) => void,
) => WorkerPort & { start?(): void };

/** Where the user last was in a library entry, if the library remembers it. */
async function rememberedPlace(
  library: () => Promise<Library>,
  id: string,
): Promise<At | undefined> {
  try {
    const place = (await (await library()).places()).find((p) => p.fileId === id);
    return place && { run: place.run, sub: place.sub, ...(place.step ? { step: place.step } : {}) };
  } catch {
    // No library in this window: the entry opens at its first run, as a link without a place would.
    return undefined;
  }
}

export function createAppRuntime(
  connect: ConnectPort,
  library: () => Promise<Library> = pageLibrary,
): AppRuntime {
  const queries = new QueryClient({
    defaultOptions: {
      queries: {
        // An answer is a pure function of its key and the open file: never refetched on its own.
        staleTime: Infinity,
        gcTime: 5 * 60_000,
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        // Answers are fresh objects from the worker, some large (a comparison of 10,000 calls):
        // comparing them with the previous answer field by field would only cost time.
        structuralSharing: false,
      },
    },
  });
  const store = createDebuggerStore(
    {},
    { fetchRun: (index) => client.ask({ type: 'run', index }).then((m) => m.history) },
  );
  const fileLoader = createLoader(
    store,
    { stream: (request) => client.stream(request), drawn: (requestId) => client.drawn(requestId) },
    () => queries.removeQueries(),
  );
  const loader: Loader = {
    ...fileLoader,
    loadFromLibrary(id, at) {
      if (at) fileLoader.loadFromLibrary(id, at);
      else void rememberedPlace(library, id).then((place) => fileLoader.loadFromLibrary(id, place));
    },
  };
  const port = connect(
    (message) => client.receive(message),
    (message) => store.getState().actions.loadFailed(message),
  );
  const client = createWorkerClient(port, loader.receive);
  return {
    store,
    client,
    loader,
    queries,
    progress: createProgress(),
    start: () => port.start?.(),
  };
}
